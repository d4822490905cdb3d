/**
 * Calendar dates as the web app's forms hold them (issue 12, docs/calendars.md "Dates and instants"): the value of
 * a date entry, its check against the calendar, and its words. Pure, so tested directly.
 */
import {
  type CalendarDateInput,
  type CalendarDefinition,
  absoluteYearOf,
  checkCalendarDate,
  compileCalendar,
  findEraIndex,
  formatInstant,
  instantOfAbsoluteDate,
  isDateProblem,
  monthLengths,
} from '@loreforge/contract';

/** A date entry's value: `{year, month, day, hour, minute, era}` with `era` a name (null: the absolute year). */
export type CalendarDateValue = { [K in 'year' | 'month' | 'day' | 'hour' | 'minute']-?: Exclude<CalendarDateInput[K], undefined> } & {
  era: string | null;
};

/** A date as an answer carries it (`calendarDate`, `currentDate`), or nothing. */
interface AnsweredDate {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  era: string | null;
}

/**
 * The value a date entry starts with: an answered date as it is, or else the first day of the calendar's latest
 * era's first year (of year 1 without eras).
 */
export function initialDateValue(definition: CalendarDefinition, answered?: AnsweredDate | null): CalendarDateValue {
  if (answered) return { ...answered };
  const era = definition.eras[definition.eras.length - 1];
  const firstMonth = Math.max(1, definition.months.findIndex((month) => month.days > 0) + 1);
  return { year: era?.hasYearZero ? 0 : 1, month: firstMonth, day: 1, hour: 0, minute: 0, era: era?.name ?? null };
}

/**
 * The number of days of a month in the year a date names (a leap month's days only in its leap years).
 * @returns 0 when the year is not a whole number (being typed), the era or month does not exist, or the month has
 *   no days that year.
 */
export function daysInMonthOf(definition: CalendarDefinition, date: Pick<CalendarDateValue, 'year' | 'month' | 'era'>): number {
  if (!Number.isInteger(date.year)) return 0;
  let absolute = BigInt(date.year);
  if (date.era) {
    const index = findEraIndex(definition, date.era);
    if (index < 0) return 0;
    absolute = absoluteYearOf(definition, index, absolute);
  }
  return monthLengths(compileCalendar(definition), absolute)[date.month - 1] ?? 0;
}

/**
 * Checks a date against its calendar.
 * @returns null when the calendar has the date, else `{field, message}` (the API's words for the same date).
 */
export function dateProblem(definition: CalendarDefinition, date: CalendarDateValue): { field: string; message: string } | null {
  if (![date.year, date.month, date.day, date.hour, date.minute].every(Number.isInteger)) {
    return { field: 'year', message: 'Year, month, day, hour and minute must be whole numbers.' };
  }
  const checked = checkCalendarDate(compileCalendar(definition), date);
  return isDateProblem(checked) ? checked : null;
}

/**
 * A date in the calendar's own words ("3rd of Ember, 1024 of the Second Age").
 * @returns the words, or null when the calendar lacks the date.
 */
export function dateWords(definition: CalendarDefinition, date: CalendarDateValue): string | null {
  if (dateProblem(definition, date)) return null;
  const calendar = compileCalendar(definition);
  const checked = checkCalendarDate(calendar, date);
  if (isDateProblem(checked)) return null;
  return formatInstant(definition, instantOfAbsoluteDate(calendar, checked));
}

/**
 * The instant of a date, as the API's `instant` parameters take it.
 * @returns whole minutes since the calendar's epoch as digits, or null when the calendar lacks the date.
 */
export function instantOfValue(definition: CalendarDefinition, date: CalendarDateValue): string | null {
  if (![date.year, date.month, date.day, date.hour, date.minute].every(Number.isInteger)) return null;
  const calendar = compileCalendar(definition);
  const checked = checkCalendarDate(calendar, date);
  return isDateProblem(checked) ? null : instantOfAbsoluteDate(calendar, checked).toString();
}
