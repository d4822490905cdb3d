/**
 * A month laid out for a month view (issue 12 "Web"): its days with their instants, weekdays, moons and season,
 * grouped into weeks, and stepping to the month, year or era before or after.
 */
import { compileCalendar, daysBeforeYear, eraOfYear, eraYearOf, monthLengths, weekdayIndex, type ResolvedDate } from './calendar.engine.js';
import { moonPhasesOn, seasonOf, type MoonPhase } from './calendar.describe.js';
import type { CalendarDefinition } from './calendar.model.js';

/** One day of a month view. */
export interface MonthViewDay {
  day: number;
  /** Instant of the day's first minute; the day runs to the next day's. */
  start: bigint;
  end: bigint;
  /** Weekday index, or null on an intercalary day. */
  weekday: number | null;
  moons: Array<{ moon: string; phase: MoonPhase; fraction: number }>;
  season: string | null;
}

/** A month of an absolute year, with its days in weeks (null cells pad the first and last week). */
export interface MonthView {
  absoluteYear: bigint;
  month: number;
  monthName: string;
  intercalary: boolean;
  /** "1492 DR" style year label in the era of the year. */
  yearLabel: string;
  era: string | null;
  days: MonthViewDay[];
  weeks: Array<Array<MonthViewDay | null>>;
}

/**
 * Lays out a month.
 * @param absoluteYear the calendar's absolute year; @param month 1-based month index.
 */
export function monthView(definition: CalendarDefinition, absoluteYear: bigint, month: number): MonthView {
  const calendar = compileCalendar(definition);
  const lengths = monthLengths(calendar, absoluteYear);
  const info = definition.months[month - 1];
  let dayNumber = daysBeforeYear(calendar, absoluteYear);
  for (let index = 0; index < month - 1; index += 1) dayNumber += BigInt(lengths[index] ?? 0);
  const found = eraOfYear(definition, absoluteYear);
  const days: MonthViewDay[] = [];
  for (let day = 1; day <= (lengths[month - 1] ?? 0); day += 1) {
    const number = dayNumber + BigInt(day - 1);
    const resolved: ResolvedDate = {
      absoluteYear,
      eraYear: absoluteYear,
      era: null,
      eraIndex: null,
      month,
      day,
      hour: 0,
      minute: 0,
      dayNumber: number,
      dayOfYear: 0,
    };
    days.push({
      day,
      start: number * calendar.minutesPerDay,
      end: (number + 1n) * calendar.minutesPerDay,
      weekday: weekdayIndex(calendar, resolved),
      moons: moonPhasesOn(definition, number),
      season: seasonOf(definition, month, day),
    });
  }
  const weeks: Array<Array<MonthViewDay | null>> = [];
  const width = info?.intercalary ? Math.max(days.length, 1) : definition.weekdays.length;
  let week: Array<MonthViewDay | null> = Array.from({ length: days[0]?.weekday ?? 0 }, () => null);
  for (const day of days) {
    week.push(day);
    if (week.length === width) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: width - week.length }, () => null)]);
  const eraYear = found ? eraYearOf(definition, found.index, absoluteYear) : absoluteYear;
  const eraLabel = found ? (found.era.abbreviation ?? found.era.name) : '';
  return {
    absoluteYear,
    month,
    monthName: info?.name ?? String(month),
    intercalary: info?.intercalary ?? false,
    yearLabel: `${eraYear}${eraLabel ? ` ${eraLabel}` : ''}`,
    era: found?.era.name ?? null,
    days,
    weeks,
  };
}

/** The month `step` months after (or before, negative) a month, skipping months with no days that year. */
export function stepMonth(
  definition: CalendarDefinition,
  absoluteYear: bigint,
  month: number,
  step: 1 | -1,
): { absoluteYear: bigint; month: number } {
  const calendar = compileCalendar(definition);
  let [year, index] = [absoluteYear, month];
  for (let guard = 0; guard < definition.months.length * 2 + 2; guard += 1) {
    index += step;
    if (index > definition.months.length) [year, index] = [year + 1n, 1];
    if (index < 1) [year, index] = [year - 1n, definition.months.length];
    if ((monthLengths(calendar, year)[index - 1] ?? 0) > 0) break;
  }
  return { absoluteYear: year, month: index };
}

/** The first year of the era after (step 1) or the era containing-or-before (step −1) a year; null when none. */
export function stepEra(definition: CalendarDefinition, absoluteYear: bigint, step: 1 | -1): bigint | null {
  const found = eraOfYear(definition, absoluteYear);
  const index = (found?.index ?? -1) + step;
  const start = definition.eras[index]?.startYear;
  return start === undefined || start === null ? null : BigInt(start);
}
