/**
 * The calendar engine (docs/calendars.md): exact conversion between a calendar date and an instant (whole minutes
 * since the calendar's epoch, the first minute of absolute year 1), for years and instants of any size (BigInt).
 */
import { compileLeapRule, floorDiv, isLeapYear, leapYearsSinceEpoch, type CompiledLeapRule } from './calendar.leap.js';
import type { CalendarDate, CalendarDefinition, CalendarEra } from './calendar.model.js';

/** A definition prepared for arithmetic; build it with {@link compileCalendar} (cached per definition object). */
export interface CompiledCalendar {
  definition: CalendarDefinition;
  minutesPerDay: bigint;
  minutesPerHour: bigint;
  commonYearDays: bigint;
  commonYearWeekDays: bigint;
  longestYearDays: bigint;
  averageYearDays: number;
  /** Compiled leap rules with the index of the month each one lengthens. */
  leapRules: Array<CompiledLeapRule & { monthIndex: number; intercalary: boolean }>;
}

const compiledCache = new WeakMap<CalendarDefinition, CompiledCalendar>();

/**
 * Prepares a validated definition for arithmetic (leap tables, year lengths). Pure and cached by identity.
 * @param definition a definition that passed CalendarDefinitionSchema (so every leap rule's month exists).
 */
export function compileCalendar(definition: CalendarDefinition): CompiledCalendar {
  const cached = compiledCache.get(definition);
  if (cached) return cached;
  const leapRules = definition.leapRules.map((rule) => {
    const monthIndex = definition.months.findIndex((month) => month.name === rule.month);
    return { ...compileLeapRule(rule), monthIndex, intercalary: definition.months[monthIndex]?.intercalary ?? false };
  });
  const commonYearDays = definition.months.reduce((sum, month) => sum + month.days, 0);
  const commonYearWeekDays = definition.months.reduce((sum, month) => sum + (month.intercalary ? 0 : month.days), 0);
  const leapShare = leapRules.reduce((sum, compiled) => {
    const perPeriod = compiled.leapBefore[compiled.leapBefore.length - 1] ?? 0;
    return sum + (compiled.rule.days * perPeriod) / Number(compiled.period);
  }, 0);
  const compiled: CompiledCalendar = {
    definition,
    minutesPerDay: BigInt(definition.hoursPerDay * definition.minutesPerHour),
    minutesPerHour: BigInt(definition.minutesPerHour),
    commonYearDays: BigInt(commonYearDays),
    commonYearWeekDays: BigInt(commonYearWeekDays),
    longestYearDays: BigInt(commonYearDays + leapRules.reduce((sum, compiled) => sum + compiled.rule.days, 0)),
    averageYearDays: commonYearDays + leapShare,
    leapRules,
  };
  compiledCache.set(definition, compiled);
  return compiled;
}

/** Days from the epoch to the first day of absolute year `year` (negative before year 1). */
export function daysBeforeYear(calendar: CompiledCalendar, year: bigint): bigint {
  let days = (year - 1n) * calendar.commonYearDays;
  for (const compiled of calendar.leapRules) days += BigInt(compiled.rule.days) * leapYearsSinceEpoch(compiled, year);
  return days;
}

function weekDaysBeforeYear(calendar: CompiledCalendar, year: bigint): bigint {
  let days = (year - 1n) * calendar.commonYearWeekDays;
  for (const compiled of calendar.leapRules) {
    if (!compiled.intercalary) days += BigInt(compiled.rule.days) * leapYearsSinceEpoch(compiled, year);
  }
  return days;
}

/** Whether absolute `year` is a leap year for any of the calendar's rules. */
export function isLeap(calendar: CompiledCalendar, year: bigint): boolean {
  return calendar.leapRules.some((compiled) => isLeapYear(compiled, year));
}

/**
 * Days of every month in absolute `year`, in calendar order (common length plus the leap days that year adds).
 */
export function monthLengths(calendar: CompiledCalendar, year: bigint): number[] {
  const lengths = calendar.definition.months.map((month) => month.days);
  for (const compiled of calendar.leapRules) {
    if (isLeapYear(compiled, year)) lengths[compiled.monthIndex] = (lengths[compiled.monthIndex] ?? 0) + compiled.rule.days;
  }
  return lengths;
}

/** The longest a month can be in any year (its common days plus every leap rule on it). */
export function longestMonthLength(calendar: CompiledCalendar, monthIndex: number): number {
  return calendar.leapRules.reduce(
    (days, compiled) => days + (compiled.monthIndex === monthIndex ? compiled.rule.days : 0),
    calendar.definition.months[monthIndex]?.days ?? 0,
  );
}

/** The absolute year whose days contain `day` (days since the epoch), found by safe steps from an estimate. */
function yearContaining(calendar: CompiledCalendar, day: bigint): bigint {
  let year = 1n + BigInt(Math.floor(Number(day) / calendar.averageYearDays));
  for (;;) {
    const start = daysBeforeYear(calendar, year);
    if (start > day) {
      // Years are at most longestYearDays long, so this many steps back cannot pass the answer.
      year -= (start - day + calendar.longestYearDays - 1n) / calendar.longestYearDays;
      continue;
    }
    const next = daysBeforeYear(calendar, year + 1n);
    if (day < next) return year;
    year += (day - next) / calendar.longestYearDays + 1n;
  }
}

/** A date resolved from an instant: absolute year plus the era reading, 1-based month and day. */
export interface ResolvedDate {
  absoluteYear: bigint;
  /** The year as counted in `era` (the absolute year when the calendar has no era covering it). */
  eraYear: bigint;
  era: CalendarEra | null;
  eraIndex: number | null;
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** Days since the epoch of this date (negative before year 1). */
  dayNumber: bigint;
  /** 0-based day of the year. */
  dayOfYear: number;
}

/** The era covering absolute `year` and its index, or null when the year precedes every era. */
export function eraOfYear(definition: CalendarDefinition, year: bigint): { era: CalendarEra; index: number } | null {
  for (let index = definition.eras.length - 1; index >= 0; index -= 1) {
    const era = definition.eras[index];
    if (era && (era.startYear === null || BigInt(era.startYear) <= year)) return { era, index };
  }
  return null;
}

/** The year `absoluteYear` counts as in the era at `index`. */
export function eraYearOf(definition: CalendarDefinition, index: number, absoluteYear: bigint): bigint {
  const era = definition.eras[index];
  if (!era || era.counting === 'absolute') return absoluteYear;
  const zero = era.hasYearZero ? 0n : 1n;
  if (era.counting === 'up') return absoluteYear - BigInt(era.startYear ?? 0) + zero;
  const end = BigInt(definition.eras[index + 1]?.startYear ?? 0);
  return end - absoluteYear - (1n - zero);
}

/** The absolute year of `eraYear` in the era at `index` (inverse of {@link eraYearOf}). */
export function absoluteYearOf(definition: CalendarDefinition, index: number, eraYear: bigint): bigint {
  const era = definition.eras[index];
  if (!era || era.counting === 'absolute') return eraYear;
  const zero = era.hasYearZero ? 0n : 1n;
  if (era.counting === 'up') return BigInt(era.startYear ?? 0) + eraYear - zero;
  const end = BigInt(definition.eras[index + 1]?.startYear ?? 0);
  return end - eraYear - (1n - zero);
}

/**
 * Reads an instant as a date of the calendar. Exact for every instant (no range limit).
 * @param instant whole minutes since the epoch (the first minute of absolute year 1); negative is before it.
 */
export function dateFromInstant(calendar: CompiledCalendar, instant: bigint): ResolvedDate {
  const dayNumber = floorDiv(instant, calendar.minutesPerDay);
  const minuteOfDay = instant - dayNumber * calendar.minutesPerDay;
  const absoluteYear = yearContaining(calendar, dayNumber);
  const dayOfYear = Number(dayNumber - daysBeforeYear(calendar, absoluteYear));
  let remaining = dayOfYear;
  let month = 0;
  const lengths = monthLengths(calendar, absoluteYear);
  while (remaining >= (lengths[month] ?? 0)) {
    remaining -= lengths[month] ?? 0;
    month += 1;
  }
  const found = eraOfYear(calendar.definition, absoluteYear);
  return {
    absoluteYear,
    eraYear: found ? eraYearOf(calendar.definition, found.index, absoluteYear) : absoluteYear,
    era: found?.era ?? null,
    eraIndex: found?.index ?? null,
    month: month + 1,
    day: remaining + 1,
    hour: Number(minuteOfDay / calendar.minutesPerHour),
    minute: Number(minuteOfDay % calendar.minutesPerHour),
    dayNumber,
    dayOfYear,
  };
}

/**
 * The instant of a date already checked by `checkCalendarDate` (absolute year, 1-based month and day).
 * @returns whole minutes since the epoch.
 */
export function instantOfAbsoluteDate(
  calendar: CompiledCalendar,
  date: { absoluteYear: bigint; month: number; day: number; hour: number; minute: number },
): bigint {
  const lengths = monthLengths(calendar, date.absoluteYear);
  let dayOfYear = date.day - 1;
  for (let index = 0; index < date.month - 1; index += 1) dayOfYear += lengths[index] ?? 0;
  const dayNumber = daysBeforeYear(calendar, date.absoluteYear) + BigInt(dayOfYear);
  return dayNumber * calendar.minutesPerDay + BigInt(date.hour) * calendar.minutesPerHour + BigInt(date.minute);
}

/**
 * The weekday index (0-based into `weekdays`) of a resolved date, or null on an intercalary day, which belongs
 * to no week.
 */
export function weekdayIndex(calendar: CompiledCalendar, date: ResolvedDate): number | null {
  const { months, weekdays, firstWeekday } = calendar.definition;
  if (months[date.month - 1]?.intercalary) return null;
  const lengths = monthLengths(calendar, date.absoluteYear);
  let count = weekDaysBeforeYear(calendar, date.absoluteYear) + BigInt(date.day - 1);
  for (let index = 0; index < date.month - 1; index += 1) {
    if (!months[index]?.intercalary) count += BigInt(lengths[index] ?? 0);
  }
  const week = BigInt(weekdays.length);
  return Number((((BigInt(firstWeekday) + count) % week) + week) % week);
}

/** The resolved date's {@link CalendarDate} in the calendar's own era reading (era name, or absent). */
export function toCalendarDate(date: ResolvedDate): CalendarDate {
  return {
    year: Number(date.eraYear),
    month: date.month,
    day: date.day,
    hour: date.hour,
    minute: date.minute,
    era: date.era?.name ?? null,
  };
}
