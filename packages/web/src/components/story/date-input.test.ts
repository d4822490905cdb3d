import { describe, expect, it } from 'vitest';
import { toDateTimeLocal } from './date-input';

describe('toDateTimeLocal (SPEC §5: a trailing Z on a loaded date is stripped)', () => {
  it('strips the Z and zero seconds for the datetime-local input', () => {
    expect(toDateTimeLocal('2025-03-14T09:30:00.000Z')).toBe('2025-03-14T09:30');
    expect(toDateTimeLocal('2025-03-14T09:30Z')).toBe('2025-03-14T09:30');
  });
  it('keeps seconds that are not zero, and gives an empty string for no date', () => {
    expect(toDateTimeLocal('2025-03-14T09:30:15.000Z')).toBe('2025-03-14T09:30:15');
    expect(toDateTimeLocal(null)).toBe('');
  });
});
