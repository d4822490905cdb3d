/**
 * Checking a calendar date against its calendar, and converting it to an instant (docs/calendars.md "Dates").
 * Every problem names the field it is about, worded as SPEC §5 words field messages.
 */
import {
  absoluteYearOf,
  compileCalendar,
  eraYearOf,
  instantOfAbsoluteDate,
  isLeap,
  longestMonthLength,
  monthLengths,
  type CompiledCalendar,
} from './calendar.engine.js';
import type { CalendarDateInput, CalendarDefinition } from './calendar.model.js';

/** The date field a problem is about. */
export type CalendarDateField = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'era';

/** A date the calendar does not have: the field at fault and a sentence a person can act on. */
export interface CalendarDateProblem {
  field: CalendarDateField;
  message: string;
}

/** Thrown by {@link instantFromDate} for a date the calendar does not have. */
export class CalendarDateError extends Error {
  constructor(readonly problem: CalendarDateProblem) {
    super(problem.message);
    this.name = 'CalendarDateError';
  }
}

/** A date checked against its calendar, with its absolute year. */
export interface CheckedDate {
  absoluteYear: bigint;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const between = (label: string, min: bigint | number, max: bigint | number, where = ''): string =>
  `${label} must be between ${min} and ${max}${where}.`;

/** Finds an era by name or abbreviation, ignoring case. */
export function findEraIndex(definition: CalendarDefinition, era: string): number {
  const wanted = era.trim().toLowerCase();
  return definition.eras.findIndex(
    (candidate) => candidate.name.toLowerCase() === wanted || candidate.abbreviation?.toLowerCase() === wanted,
  );
}

function resolveYear(definition: CalendarDefinition, year: number, era: string | null | undefined): bigint | CalendarDateProblem {
  if (era === undefined || era === null || era === '') return BigInt(year);
  if (definition.eras.length === 0) return { field: 'era', message: 'This calendar has no eras; leave Era empty.' };
  const index = findEraIndex(definition, era);
  const found = definition.eras[index];
  if (!found) {
    const names = definition.eras.map((candidate) => candidate.name).join(', ');
    return { field: 'era', message: `Era "${era}" does not exist in this calendar; use one of: ${names}.` };
  }
  const absolute = absoluteYearOf(definition, index, BigInt(year));
  const first = found.startYear === null ? null : BigInt(found.startYear);
  const nextStart = definition.eras[index + 1]?.startYear;
  const last = nextStart === undefined || nextStart === null ? null : BigInt(nextStart) - 1n;
  if ((first === null || absolute >= first) && (last === null || absolute <= last)) return absolute;
  // Bounds of the era in its own numbering (counting down reverses them).
  const bounds = [first, last].map((bound) => (bound === null ? null : eraYearOf(definition, index, bound)));
  const [low, high] = found.counting === 'down' ? [bounds[1], bounds[0]] : [bounds[0], bounds[1]];
  const where = ` in ${found.name}`;
  if (low !== null && low !== undefined && high !== null && high !== undefined)
    return { field: 'year', message: between('Year', low, high, where) };
  if (low !== null && low !== undefined) return { field: 'year', message: `Year must be at least ${low}${where}.` };
  return { field: 'year', message: `Year must be no more than ${high}${where}.` };
}

/**
 * Checks a date against the calendar: era exists, year lies in the era, month exists, the day exists in that month
 * of that year (a leap day only in a leap year), hour and minute fit the clock.
 * @returns the checked date with its absolute year, or the problem naming its field.
 */
export function checkCalendarDate(calendar: CompiledCalendar, date: CalendarDateInput): CheckedDate | CalendarDateProblem {
  const { definition } = calendar;
  const absoluteYear = resolveYear(definition, date.year, date.era);
  if (typeof absoluteYear !== 'bigint') return absoluteYear;
  const monthCount = definition.months.length;
  if (date.month < 1 || date.month > monthCount) return { field: 'month', message: between('Month', 1, monthCount) };
  const month = definition.months[date.month - 1];
  const length = monthLengths(calendar, absoluteYear)[date.month - 1] ?? 0;
  const yearLabel = `${date.year}${date.era ? ` ${date.era}` : ''}`;
  if (date.day < 1 || date.day > length) {
    const longest = longestMonthLength(calendar, date.month - 1);
    if (date.day >= 1 && date.day <= longest && !isLeap(calendar, absoluteYear)) {
      return {
        field: 'day',
        message:
          length === 0
            ? `${month?.name} has days only in leap years; ${yearLabel} is a common year.`
            : `Day ${date.day} of ${month?.name} exists only in leap years; ${yearLabel} is a common year.`,
      };
    }
    if (length === 0) return { field: 'day', message: `${month?.name} has no days in ${yearLabel}.` };
    return { field: 'day', message: between('Day', 1, length, ` in ${month?.name} ${yearLabel}`) };
  }
  const hour = date.hour ?? 0;
  const minute = date.minute ?? 0;
  if (hour < 0 || hour >= definition.hoursPerDay) return { field: 'hour', message: between('Hour', 0, definition.hoursPerDay - 1) };
  if (minute < 0 || minute >= definition.minutesPerHour)
    return { field: 'minute', message: between('Minute', 0, definition.minutesPerHour - 1) };
  return { absoluteYear, month: date.month, day: date.day, hour, minute };
}

/** Whether a check answered a problem rather than a date. */
export function isDateProblem(value: object): value is CalendarDateProblem {
  return 'field' in value && 'message' in value;
}

/**
 * Converts a calendar date to its instant.
 * @param definition a validated calendar definition.
 * @returns whole minutes since the epoch (first minute of absolute year 1), any size, negative before it.
 * @throws CalendarDateError naming the field when the calendar has no such date.
 */
export function instantFromDate(definition: CalendarDefinition, date: CalendarDateInput): bigint {
  const calendar = compileCalendar(definition);
  const checked = checkCalendarDate(calendar, date);
  if (isDateProblem(checked)) throw new CalendarDateError(checked);
  return instantOfAbsoluteDate(calendar, checked);
}

// Matched against the trimmed text; each part is told from the next by a character it cannot hold, so the match
// is linear in the text's length (no catastrophic backtracking on long input).
const DATE_TEXT_PATTERN = /^(-?\d{1,16})-([^-]+)-(\d{1,6})(?:[T ](\d{1,4}):(\d{1,4}))?(?: +(\S.*))?$/;

/**
 * Reads a date written as text, as the convert endpoint's `date` parameter takes it: `YEAR-MONTH-DAY`, then
 * optionally `THH:MM` (or a space and `HH:MM`), then optionally a space and the era's name or abbreviation.
 * MONTH is a 1-based number or a month's name (any case): `1492-Flamerule-30 DR`, `44-3-15T12:00 BC`.
 * @returns the date (not yet checked against the calendar's month lengths), or the problem naming its field.
 */
export function parseCalendarDateText(definition: CalendarDefinition, text: string): CalendarDateInput | CalendarDateProblem {
  const match = DATE_TEXT_PATTERN.exec(text.trim());
  if (!match)
    return {
      field: 'year',
      message: 'Date must read YEAR-MONTH-DAY, optionally followed by THH:MM and an era, such as 1492-7-30T12:00 DR.',
    };
  const [, year, monthText, day, hour, minute, era] = match;
  let month = Number(monthText);
  if (!Number.isInteger(month)) {
    const wanted = (monthText ?? '').trim().toLowerCase();
    month = definition.months.findIndex((candidate) => candidate.name.toLowerCase() === wanted) + 1;
    if (month === 0) return { field: 'month', message: `Month "${monthText}" does not exist in this calendar.` };
  }
  return { year: Number(year), month, day: Number(day), hour: Number(hour ?? 0), minute: Number(minute ?? 0), era: era ?? null };
}
