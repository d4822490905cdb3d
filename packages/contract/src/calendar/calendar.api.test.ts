import { describe, expect, it } from 'vitest';
import { CalendarCreateSchema } from './calendar.api.js';

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('calendar bodies', () => {
  it('start from a preset and keep what the body overrides', () => {
    const parsed = CalendarCreateSchema.parse({ preset: 'harptos', name: 'Realms time' });
    expect(parsed.name).toBe('Realms time');
    expect(parsed.months).toHaveLength(18);
    expect(parsed.leapRules[0]).toMatchObject({ month: 'Shieldmeet', every: 4 });
  });

  it('name each field that is wrong with a spec-style message', () => {
    expect(messages(CalendarCreateSchema.safeParse({ name: '', months: [], weekdays: ['One'], preset: 'julian' }))).toEqual({
      name: 'Name is required.',
      months: 'Months must have at least one entry.',
      preset: 'Preset must be one of: gregorian, harptos, thirteen-moons.',
    });
    expect(
      messages(CalendarCreateSchema.safeParse({ name: 'Ember time', months: [{ name: 'Ember', days: -1 }], weekdays: ['One'] })),
    ).toEqual({
      'months.0.days': 'Days must be at least 0.',
    });
  });
});
