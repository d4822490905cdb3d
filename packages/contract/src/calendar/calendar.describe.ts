/**
 * What a day looks like in its calendar (docs/calendars.md "Reading a date"): weekday, moon phases, season, and
 * the date written in the calendar's own words ("3rd of Ember, 1024 of the Second Age").
 */
import {
  compileCalendar,
  dateFromInstant,
  monthLengths,
  toCalendarDate,
  weekdayIndex,
  type CompiledCalendar,
  type ResolvedDate,
} from './calendar.engine.js';
import { floorMod } from './calendar.leap.js';
import type { CalendarMoment } from './calendar.answer.js';
import type { CalendarDate, CalendarDefinition } from './calendar.model.js';

/** The eight phases a moon passes through, from new to new. */
export const MOON_PHASES = [
  'New Moon',
  'Waxing Crescent',
  'First Quarter',
  'Waxing Gibbous',
  'Full Moon',
  'Waning Gibbous',
  'Last Quarter',
  'Waning Crescent',
] as const;
export type MoonPhase = (typeof MOON_PHASES)[number];

const MICRO = 1_000_000n;
const micro = (value: number): bigint => BigInt(Math.round(value * 1_000_000));

/**
 * Each moon's phase on a day (at the start of the day), exact for any day number.
 * @param dayNumber days since the epoch. @returns per moon its name, phase name and fraction of the cycle (0 ≤ f < 1).
 */
export function moonPhasesOn(
  definition: CalendarDefinition,
  dayNumber: bigint,
): Array<{ moon: string; phase: MoonPhase; fraction: number }> {
  return definition.moons.map((moon) => {
    const cycle = micro(moon.cycleDays);
    const fraction = Number(floorMod(dayNumber * MICRO - micro(moon.offsetDays), cycle)) / Number(cycle);
    const phase = MOON_PHASES[Math.floor(fraction * 8 + 0.5) % 8] ?? 'New Moon';
    return { moon: moon.name, phase, fraction };
  });
}

/** The season a month and day fall in (the last season started by then, wrapping from the previous year). */
export function seasonOf(definition: CalendarDefinition, month: number, day: number): string | null {
  const starts = definition.seasons
    .map((season) => ({ name: season.name, month: definition.months.findIndex((m) => m.name === season.month) + 1, day: season.day }))
    .sort((a, b) => a.month - b.month || a.day - b.day);
  const started = starts.filter((start) => start.month < month || (start.month === month && start.day <= day));
  return (started[started.length - 1] ?? starts[starts.length - 1])?.name ?? null;
}

/** An English ordinal: 1st, 2nd, 3rd, 4th, 11th, 22nd. */
export function ordinal(value: number | bigint): string {
  const n = BigInt(value) < 0n ? -BigInt(value) : BigInt(value);
  const [tens, units] = [n % 100n, n % 10n];
  const suffix = tens >= 11n && tens <= 13n ? 'th' : units === 1n ? 'st' : units === 2n ? 'nd' : units === 3n ? 'rd' : 'th';
  return `${value}${suffix}`;
}

/** The default date format: "3rd of Ember, 1024 SA" (the era part only when the calendar has eras). */
export const DEFAULT_DATE_FORMAT = '{dayOrdinal} of {month}, {year} {eraAbbr}';
/** The default format of a one-day intercalary month: "Midsummer, 1492 DR". */
export const DEFAULT_INTERCALARY_FORMAT = '{month}, {year} {eraAbbr}';

function formatResolved(calendar: CompiledCalendar, date: ResolvedDate): string {
  const { definition } = calendar;
  const month = definition.months[date.month - 1];
  // A one-day intercalary month (a festival day) is written by its name alone; a longer one numbers its days.
  const festival = month?.intercalary === true && monthLengths(calendar, date.absoluteYear)[date.month - 1] === 1;
  const template = festival ? (definition.intercalaryFormat ?? DEFAULT_INTERCALARY_FORMAT) : (definition.dateFormat ?? DEFAULT_DATE_FORMAT);
  const weekday = weekdayIndex(calendar, date);
  const tokens: Record<string, string> = {
    day: String(date.day),
    dayOrdinal: ordinal(date.day),
    month: month?.name ?? String(date.month),
    monthNumber: String(date.month),
    year: String(date.eraYear),
    era: date.era?.name ?? '',
    eraAbbr: date.era?.abbreviation ?? date.era?.name ?? '',
    weekday: weekday === null ? '' : (definition.weekdays[weekday] ?? ''),
  };
  const spaced = template
    .replace(/\{(\w+)\}/g, (whole, name: string) => tokens[name] ?? whole)
    .replace(/\s+/g, ' ')
    .replace(/ ([,.])/g, '$1');
  const text = trimSeparators(spaced);
  if (date.hour === 0 && date.minute === 0) return text;
  const width = (max: number) => String(max - 1).length;
  const hh = String(date.hour).padStart(width(definition.hoursPerDay), '0');
  const mm = String(date.minute).padStart(width(definition.minutesPerHour), '0');
  return `${text}, ${hh}:${mm}`;
}

/**
 * Everything about the moment an instant names, in the calendar's words.
 * @param instant whole minutes since the epoch (any size).
 */
export function describeInstant(definition: CalendarDefinition, instant: bigint): CalendarMoment {
  const calendar = compileCalendar(definition);
  const resolved = dateFromInstant(calendar, instant);
  const weekday = weekdayIndex(calendar, resolved);
  const date: CalendarDate = toCalendarDate(resolved);
  return {
    instant: instant.toString(),
    date: Object.assign({}, date, { era: date.era ?? null }),
    formatted: formatResolved(calendar, resolved),
    monthName: definition.months[resolved.month - 1]?.name ?? '',
    weekday: weekday === null ? null : (definition.weekdays[weekday] ?? null),
    season: seasonOf(definition, resolved.month, resolved.day),
    moons: moonPhasesOn(definition, resolved.dayNumber),
  };
}

/** The date an instant names, in the calendar's era reading. */
export function dateFromInstantOf(definition: CalendarDefinition, instant: bigint): CalendarDate {
  return toCalendarDate(dateFromInstant(compileCalendar(definition), instant));
}

/** The date written in the calendar's own words ("30th of Flamerule, 1492 DR", "Midsummer, 1492 DR"). */
export function formatInstant(definition: CalendarDefinition, instant: bigint): string {
  const calendar = compileCalendar(definition);
  return formatResolved(calendar, dateFromInstant(calendar, instant));
}

/**
 * The date an instant names and its words, without moons or season (what lists of events need).
 * @param instant whole minutes since the epoch (any size).
 */
export function readInstant(definition: CalendarDefinition, instant: bigint): { date: CalendarMoment['date']; formatted: string } {
  const calendar = compileCalendar(definition);
  const resolved = dateFromInstant(calendar, instant);
  const date = toCalendarDate(resolved);
  return {
    date: Object.assign({}, date, { era: date.era ?? null }),
    formatted: formatResolved(calendar, resolved),
  };
}

/**
 * Drops spaces and commas at both ends of a formatted date (a loop rather than a pattern: a pattern for a
 * trailing run backtracks quadratically on long input).
 */
function trimSeparators(text: string): string {
  const isSeparator = (character: string | undefined): boolean => character === ' ' || character === ',';
  let start = 0;
  let end = text.length;
  while (start < end && isSeparator(text[start])) start += 1;
  while (end > start && isSeparator(text[end - 1])) end -= 1;
  return text.slice(start, end);
}
