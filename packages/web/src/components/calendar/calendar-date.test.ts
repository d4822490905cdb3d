import { describe, expect, it } from 'vitest';
import { calendarPreset } from '@loreforge/contract';
import { dateProblem, dateWords, daysInMonthOf, initialDateValue, instantOfValue } from './calendar-date';

const harptos = calendarPreset('harptos').definition;

describe('calendar dates in forms', () => {
  it('offers only the days a month has in the chosen year: Shieldmeet in leap years only', () => {
    const shieldmeet = harptos.months.findIndex((month) => month.name === 'Shieldmeet') + 1;
    expect(daysInMonthOf(harptos, { year: 1492, month: shieldmeet, era: 'DR' })).toBe(1);
    expect(daysInMonthOf(harptos, { year: 1491, month: shieldmeet, era: 'DR' })).toBe(0);
    expect(daysInMonthOf(harptos, { year: 1491, month: 1, era: 'Dalereckoning' })).toBe(30);
    expect(daysInMonthOf(harptos, { year: Number.NaN, month: 1, era: 'DR' })).toBe(0);
  });

  it("reads a date in the calendar's words, and says why the calendar lacks one", () => {
    const midsummer = harptos.months.findIndex((month) => month.name === 'Midsummer') + 1;
    expect(dateWords(harptos, { year: 1492, month: midsummer, day: 1, hour: 20, minute: 0, era: 'DR' })).toBe('Midsummer, 1492 DR, 20:00');
    expect(dateProblem(harptos, { year: 1491, month: midsummer + 1, day: 1, hour: 0, minute: 0, era: 'DR' })).toEqual({
      field: 'day',
      message: 'Shieldmeet has days only in leap years; 1491 DR is a common year.',
    });
    expect(dateProblem(harptos, { year: 1492, month: 1, day: 1, hour: Number.NaN, minute: 0, era: null })?.message).toBe(
      'Year, month, day, hour and minute must be whole numbers.',
    );
    expect(instantOfValue(harptos, { year: 1491, month: midsummer + 1, day: 1, hour: 0, minute: 0, era: 'DR' })).toBeNull();
  });

  it('starts an empty entry on the first day of the latest era (its year 0 when it counts one)', () => {
    expect(initialDateValue(harptos)).toEqual({ year: 0, month: 1, day: 1, hour: 0, minute: 0, era: 'Dalereckoning' });
    expect(initialDateValue({ ...harptos, eras: [] })).toMatchObject({ year: 1, era: null });
  });
});
