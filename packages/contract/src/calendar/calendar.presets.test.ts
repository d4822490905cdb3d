import { describe, expect, it } from 'vitest';
import { compileCalendar, daysBeforeYear } from './calendar.engine.js';
import { CalendarDateError, instantFromDate, parseCalendarDateText } from './calendar.date.js';
import { describeInstant } from './calendar.describe.js';
import { CalendarDefinitionSchema, type CalendarDateInput, type CalendarDefinition } from './calendar.model.js';
import { CALENDAR_PRESETS, calendarPreset } from './calendar.presets.js';

const DAY = 1440n;
const read = (definition: CalendarDefinition, date: CalendarDateInput, daysLater = 0n) =>
  describeInstant(definition, instantFromDate(definition, date) + daysLater * DAY);
const problem = (definition: CalendarDefinition, date: CalendarDateInput) => {
  try {
    instantFromDate(definition, date);
    return null;
  } catch (error) {
    return error instanceof CalendarDateError ? error.problem : error;
  }
};
const yearLength = (definition: CalendarDefinition, year: bigint) => {
  const calendar = compileCalendar(definition);
  return daysBeforeYear(calendar, year + 1n) - daysBeforeYear(calendar, year);
};

describe('the Gregorian preset', () => {
  const gregorian = calendarPreset('gregorian').definition;

  it('reads 14 May 1900 as a Monday in spring under a full moon', () => {
    const moment = read(gregorian, { year: 1900, month: 5, day: 14, hour: 10, minute: 30 });
    expect(moment).toMatchObject({ formatted: '14 May 1900 AD, 10:30', weekday: 'Monday', season: 'Spring', monthName: 'May' });
    expect(moment.date).toEqual({ year: 1900, month: 5, day: 14, hour: 10, minute: 30, era: 'Anno Domini' });
  });

  it('knows the weekdays of well-known dates', () => {
    expect(read(gregorian, { year: 2000, month: 1, day: 1 }).weekday).toBe('Saturday');
    expect(read(gregorian, { year: 1582, month: 10, day: 15 }).weekday).toBe('Friday');
    expect(read(gregorian, { year: 1969, month: 7, day: 20 }).weekday).toBe('Sunday');
    expect(read(gregorian, { year: 1, month: 1, day: 1 }).instant).toBe('0');
  });

  it('has the moon new on 6 January 2000 and full on the night of the 21 January 2000 eclipse', () => {
    expect(read(gregorian, { year: 2000, month: 1, day: 7 }).moons[0]?.phase).toBe('New Moon');
    expect(read(gregorian, { year: 2000, month: 1, day: 21 }).moons[0]?.phase).toBe('Full Moon');
    expect(read(gregorian, { year: 2000, month: 1, day: 14 }).moons[0]?.phase).toBe('First Quarter');
  });

  it('makes 2000 and 2024 leap years but not 1900 or 2023', () => {
    expect([1900n, 2000n, 2023n, 2024n].map((year) => yearLength(gregorian, year))).toEqual([365n, 366n, 365n, 366n]);
    expect(read(gregorian, { year: 2000, month: 2, day: 28 }, 1n).formatted).toBe('29 February 2000 AD');
    expect(read(gregorian, { year: 1900, month: 2, day: 28 }, 1n).formatted).toBe('1 March 1900 AD');
    expect(problem(gregorian, { year: 1900, month: 2, day: 29 })).toEqual({
      field: 'day',
      message: 'Day 29 of February exists only in leap years; 1900 is a common year.',
    });
  });

  it('counts 1 BC straight into AD 1 with no year zero, and absolute year 0 is 1 BC', () => {
    expect(read(gregorian, { year: 1, month: 1, day: 1, era: 'AD' }, -1n).formatted).toBe('31 December 1 BC');
    expect(read(gregorian, { year: 0, month: 6, day: 1 }).formatted).toBe('1 June 1 BC');
    expect(read(gregorian, { year: 44, month: 3, day: 15, era: 'BC' }).date).toMatchObject({ year: 44, era: 'Before Christ' });
    expect(problem(gregorian, { year: 0, month: 1, day: 1, era: 'BC' })).toEqual({
      field: 'year',
      message: 'Year must be at least 1 in Before Christ.',
    });
    expect(problem(gregorian, { year: 0, month: 1, day: 1, era: 'Anno Domini' })).toEqual({
      field: 'year',
      message: 'Year must be at least 1 in Anno Domini.',
    });
  });

  it('names the field of every date it does not have', () => {
    expect(problem(gregorian, { year: 2025, month: 4, day: 31 })).toEqual({
      field: 'day',
      message: 'Day must be between 1 and 30 in April 2025.',
    });
    expect(problem(gregorian, { year: 2025, month: 13, day: 1 })).toEqual({ field: 'month', message: 'Month must be between 1 and 12.' });
    expect(problem(gregorian, { year: 2025, month: 1, day: 1, era: 'Third Age' })).toEqual({
      field: 'era',
      message: 'Era "Third Age" does not exist in this calendar; use one of: Before Christ, Anno Domini.',
    });
    expect(problem(gregorian, { year: 2025, month: 1, day: 1, hour: 24 })).toEqual({
      field: 'hour',
      message: 'Hour must be between 0 and 23.',
    });
    expect(problem(gregorian, { year: 2025, month: 1, day: 1, minute: 60 })).toEqual({
      field: 'minute',
      message: 'Minute must be between 0 and 59.',
    });
  });
});

describe('the Harptos preset', () => {
  const harptos = calendarPreset('harptos').definition;

  it('follows 30 Flamerule of a Shieldmeet year with Midsummer, then Shieldmeet, then 1 Eleasis', () => {
    const days = [0n, 1n, 2n, 3n].map((later) => read(harptos, { year: 1492, month: 9, day: 30, era: 'DR' }, later));
    expect(days.map((day) => day.formatted)).toEqual([
      '30th of Flamerule, 1492 DR',
      'Midsummer, 1492 DR',
      'Shieldmeet, 1492 DR',
      '1st of Eleasis, 1492 DR',
    ]);
    // Festival days belong to no tenday; the tenday goes on after them.
    expect(days.map((day) => day.weekday)).toEqual(['Tenth-day', null, null, 'First-day']);
  });

  it('goes from Midsummer straight to 1 Eleasis in other years and refuses Shieldmeet there', () => {
    expect(read(harptos, { year: 1491, month: 10, day: 1 }, 1n).formatted).toBe('1st of Eleasis, 1491 DR');
    expect(problem(harptos, { year: 1491, month: 11, day: 1 })).toEqual({
      field: 'day',
      message: 'Shieldmeet has days only in leap years; 1491 is a common year.',
    });
    expect([1491n, 1492n, 1372n].map((year) => yearLength(harptos, year))).toEqual([365n, 366n, 366n]);
  });

  it('has twelve months of thirty days, five festival days, and Selûne full on 1 Hammer 1372 DR', () => {
    expect(harptos.months.filter((month) => !month.intercalary).map((month) => month.days)).toEqual(Array(12).fill(30));
    expect(harptos.months.filter((month) => month.intercalary && month.days === 1)).toHaveLength(5);
    expect(read(harptos, { year: 1372, month: 1, day: 1 }).moons).toEqual([{ moon: 'Selûne', phase: 'Full Moon', fraction: 0.5 }]);
    expect(read(harptos, { year: 1372, month: 1, day: 1 }).season).toBe('Winter');
    expect(problem(harptos, { year: 1492, month: 4, day: 31 })).toEqual({
      field: 'day',
      message: 'Day must be between 1 and 30 in Ches 1492.',
    });
    expect(problem(harptos, { year: 1492, month: 19, day: 1 })).toEqual({ field: 'month', message: 'Month must be between 1 and 18.' });
  });
});

describe('the Thirteen Moons preset', () => {
  const moons = calendarPreset('thirteen-moons').definition;

  it('begins every month on Moonday and the year on a new moon', () => {
    for (let month = 1; month <= 13; month += 1) expect(read(moons, { year: 7, month, day: 1 }).weekday).toBe('Moonday');
    expect(read(moons, { year: 1, month: 1, day: 1 }).moons[0]?.phase).toBe('New Moon');
    expect(read(moons, { year: 1, month: 1, day: 15 }).moons[0]?.phase).toBe('Full Moon');
    expect(read(moons, { year: 12_000, month: 5, day: 3, era: 'AT' }).formatted).toBe('3rd day of the Flower Moon, 12000 AT');
  });

  it('adds a second Day Out of Time every fourth year, outside the week', () => {
    expect([3n, 4n].map((year) => yearLength(moons, year))).toEqual([365n, 366n]);
    const days = [0n, 1n, 2n].map((later) => read(moons, { year: 4, month: 13, day: 28 }, later));
    expect(days.map((day) => [day.formatted, day.weekday])).toEqual([
      ['28th day of the Blue Moon, 4 AT', 'Sunday'],
      ['1st day of the Day Out of Time, 4 AT', null],
      ['2nd day of the Day Out of Time, 4 AT', null],
    ]);
    expect(read(moons, { year: 3, month: 14, day: 1 }).formatted).toBe('Day Out of Time, 3 AT');
    expect(read(moons, { year: 4, month: 13, day: 28 }, 3n).formatted).toBe('1st day of the Wolf Moon, 5 AT');
  });
});

describe('calendar definitions', () => {
  it.each(CALENDAR_PRESETS)('holds the %s preset written out whole: valid, and as the schema would complete it', (name) => {
    const { definition } = calendarPreset(name);
    expect(CalendarDefinitionSchema.parse(definition)).toEqual(definition);
  });

  it('refuses leap rules, seasons and eras that name what the calendar lacks', () => {
    const result = CalendarDefinitionSchema.safeParse({
      months: [
        { name: 'Ember', days: 30 },
        { name: 'Ember', days: 30 },
      ],
      weekdays: ['One'],
      leapRules: [{ month: 'Frost', every: 4 }],
      seasons: [{ name: 'Cold', month: 'Ember', day: 31 }],
      eras: [
        { name: 'Second Age', startYear: 10 },
        { name: 'First Age', startYear: 5 },
        { name: 'Last', startYear: 20, counting: 'down' },
      ],
    });
    const messages = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      'months.1.name': 'Month "Ember" appears twice; month names must be unique.',
      'leapRules.0.month': 'Month "Frost" does not exist in this calendar.',
      'seasons.0.day': 'Day must be between 1 and 30 in Ember.',
      'eras.1.startYear': 'Eras must be listed in order: each starts after the one before.',
      'eras.2.counting': 'An era that counts down needs a following era where it ends.',
    });
  });
});

describe('dates written as text', () => {
  const harptos = calendarPreset('harptos').definition;

  it('reads month numbers or names, a time and an era', () => {
    expect(parseCalendarDateText(harptos, '1492-Flamerule-30 DR')).toEqual({
      year: 1492,
      month: 9,
      day: 30,
      hour: 0,
      minute: 0,
      era: 'DR',
    });
    expect(parseCalendarDateText(harptos, '-12-feast of the moon-1T06:05')).toEqual({
      year: -12,
      month: 17,
      day: 1,
      hour: 6,
      minute: 5,
      era: null,
    });
    expect(parseCalendarDateText(harptos, '1492-Smarch-1')).toEqual({
      field: 'month',
      message: 'Month "Smarch" does not exist in this calendar.',
    });
    expect(parseCalendarDateText(harptos, 'yesterday')).toMatchObject({ field: 'year' });
  });
});

describe('month views', () => {
  it('lays out Harptos months in tendays and a festival day on its own', async () => {
    const { monthView, stepMonth } = await import('./calendar.month.js');
    const harptos = calendarPreset('harptos').definition;
    const flamerule = monthView(harptos, 1492n, 9);
    expect(flamerule).toMatchObject({ monthName: 'Flamerule', yearLabel: '1492 DR', intercalary: false });
    expect(flamerule.weeks.map((week) => week.map((day) => day?.day ?? null))).toEqual([
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      [11, 12, 13, 14, 15, 16, 17, 18, 19, 20],
      [21, 22, 23, 24, 25, 26, 27, 28, 29, 30],
    ]);
    expect(stepMonth(harptos, 1492n, 10, 1)).toEqual({ absoluteYear: 1492n, month: 11 });
    expect(stepMonth(harptos, 1491n, 10, 1)).toEqual({ absoluteYear: 1491n, month: 12 });
    expect(monthView(harptos, 1492n, 11).weeks).toHaveLength(1);
  });

  it('pads a Gregorian month to its first weekday', async () => {
    const { monthView } = await import('./calendar.month.js');
    const may = monthView(calendarPreset('gregorian').definition, 1900n, 5);
    // 1 May 1900 was a Tuesday: one empty Monday cell first.
    expect(may.weeks[0]?.slice(0, 2).map((day) => day?.day ?? null)).toEqual([null, 1]);
    expect(may.days[13]?.moons[0]?.phase).toBe('Full Moon');
  });
});
