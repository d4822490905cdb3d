import { describe, expect, it } from 'vitest';
import { describeChange, formatEngineValue } from './engine-format';

describe('formatEngineValue', () => {
  it('shows nested attributes as readable name: value pairs, not raw JSON', () => {
    expect(formatEngineValue({ courage: 3, heart: 'none yet' })).toBe('courage: 3, heart: none yet');
    expect(formatEngineValue({ stats: { courage: 3, wits: 9 }, titles: ['King of Beasts', 'Lion'] })).toBe(
      'stats: (courage: 3, wits: 9), titles: (King of Beasts, Lion)',
    );
    expect(formatEngineValue({})).toBe('empty');
    expect(formatEngineValue(null)).toBe('—');
    expect(formatEngineValue(false)).toBe('false');
  });

  it('describes a change of a whole attribute group readably on the History tab', () => {
    const [line] = describeChange({
      kind: 'attribute',
      characterId: 'c1',
      characterName: 'Lion',
      path: 'virtues',
      before: { courage: 1 },
      after: { courage: 10, wisdom: 2 },
    });
    expect(line).toEqual({ subject: 'virtues', before: 'courage: 1', after: 'courage: 10, wisdom: 2' });
  });
});
