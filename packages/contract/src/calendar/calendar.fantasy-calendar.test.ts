import { describe, expect, it } from 'vitest';
import { instantFromDate } from './calendar.date.js';
import { describeInstant } from './calendar.describe.js';
import { compileCalendar, monthLengths } from './calendar.engine.js';
import { importFantasyCalendar } from './calendar.fantasy-calendar.js';

import fixture from './fixtures/aldemar.fantasy-calendar.json';

describe('importing a Fantasy-Calendar export', () => {
  const result = importFantasyCalendar(fixture);
  if (!result.ok) throw new Error(JSON.stringify(result.problems));
  const { definition } = result;

  it('carries over the months, weekdays, clock, moons, seasons and eras', () => {
    expect(result.name).toBe('Aldemar Reckoning');
    expect(definition.months.map((month) => [month.name, month.days, month.intercalary])).toEqual([
      ['Deepwinter', 30, false],
      ['Thaw', 30, false],
      ['Seedtime', 31, false],
      ['Blossom', 30, false],
      ['Highsun', 31, false],
      ['Festival of Lanterns', 1, true],
      ['Goldfall', 30, false],
      ['Ember', 31, false],
      ['Harvest', 30, false],
      ['Mistwane', 30, false],
      ['Frostcome', 31, false],
      ['Longnight', 30, false],
      ["Comet's Return", 0, true],
    ]);
    expect(definition).toMatchObject({ hoursPerDay: 20, minutesPerHour: 50, firstWeekday: 2 });
    expect(definition.moons).toEqual([
      { name: 'Ilune', cycleDays: 29.5, offsetDays: 4 },
      { name: 'Brannoc', cycleDays: 47, offsetDays: 12 },
    ]);
    expect(definition.seasons).toEqual([
      { name: 'Winter', month: 'Longnight', day: 12 },
      { name: 'Summer', month: 'Highsun', day: 14 },
    ]);
    expect(definition.eras.map((era) => [era.name, era.startYear, era.counting])).toEqual([
      ['Before the Crowning', null, 'absolute'],
      ['Age of Kings', 850, 'up'],
    ]);
    expect(result.notes).toEqual(['1 event was not imported: add it to a timeline on this calendar.']);
  });

  it('keeps the leap day on the Gregorian-like "400,!100,4" rule and the comet every eleven years', () => {
    const calendar = compileCalendar(definition);
    const thaw = (year: bigint) => monthLengths(calendar, year)[1];
    expect([1023n, 1024n, 1100n, 1200n].map(thaw)).toEqual([30, 31, 30, 31]);
    const comet = (year: bigint) => monthLengths(calendar, year)[12];
    expect([3n, 14n, 15n].map(comet)).toEqual([1, 1, 0]);
  });

  it('reads dates in the imported eras, clock and weeks', () => {
    expect(describeInstant(definition, 0n).weekday).toBe('Earthday');
    const moment = describeInstant(
      definition,
      instantFromDate(definition, { year: 175, month: 8, day: 3, hour: 11, minute: 0, era: 'AK' }),
    );
    expect(moment).toMatchObject({ formatted: '3rd of Ember, 175 AK, 11:00', season: 'Summer' });
    expect(moment.moons.map((moon) => moon.moon)).toEqual(['Ilune', 'Brannoc']);
    expect(describeInstant(definition, instantFromDate(definition, { year: 849, month: 1, day: 1 })).formatted).toBe(
      '1st of Deepwinter, 849 BC',
    );
  });

  it('explains a file that is not a Fantasy-Calendar export', () => {
    expect(importFantasyCalendar({ name: 'x' })).toEqual({
      ok: false,
      problems: [{ path: 'static_data', message: 'static_data is missing: this does not look like a Fantasy-Calendar export.' }],
    });
    const broken = structuredClone(fixture) as { static_data: { year_data: { timespans: Array<{ length: number }> } } };
    const first = broken.static_data.year_data.timespans[0];
    if (first) first.length = -3;
    expect(importFantasyCalendar(broken)).toEqual({
      ok: false,
      problems: [{ path: 'months.0.days', message: 'Days must be at least 0.' }],
    });
  });
});
