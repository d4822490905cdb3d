/**
 * Import of a Fantasy-Calendar JSON export (the de facto exchange format, also read by Calendarium) into a
 * Loreforge calendar definition (docs/calendars.md "Importing from Fantasy-Calendar").
 */
import { z } from 'zod';
import { LIMITS } from '../limits.js';
import { CalendarDefinitionSchema, type CalendarDefinition, type CalendarDefinitionInput } from './calendar.model.js';

// Every name in an export (calendar, months, weekdays, eras, moons, seasons) is bounded like any name we store.
const text = z.string().max(LIMITS.nameMax, `Names in a Fantasy-Calendar export must be no more than ${LIMITS.nameMax} characters.`);
const count = z.coerce.number();

/** The part of a Fantasy-Calendar export Loreforge reads; everything else (weather, cycles, events) is ignored. */
export const FantasyCalendarExportSchema = z.object({
  name: text.optional(),
  static_data: z.object(
    {
      year_data: z.object(
        {
          first_day: count.optional(),
          global_week: z
            .array(text, { error: () => 'static_data.year_data.global_week must be a list of weekday names.' })
            .min(1, 'static_data.year_data.global_week must name at least one weekday.'),
          timespans: z
            .array(
              z.object({
                name: text,
                type: z.enum(['month', 'intercalary']).optional(),
                length: count,
                interval: count.optional(),
                offset: count.optional(),
              }),
              { error: () => 'static_data.year_data.timespans must be a list of months.' },
            )
            .min(1, 'static_data.year_data.timespans must have at least one month.'),
          leap_days: z
            .array(
              z.object({
                name: text.optional(),
                timespan: count,
                interval: z.union([text, count]),
                offset: count.optional(),
                intercalary: z.boolean().optional(),
              }),
            )
            .optional(),
        },
        { error: () => 'static_data.year_data is missing: this does not look like a Fantasy-Calendar export.' },
      ),
      moons: z.array(z.object({ name: text.optional(), cycle: count, shift: count.optional() })).optional(),
      clock: z.object({ hours: count.optional(), minutes: count.optional() }).partial().optional(),
      seasons: z
        .object({
          data: z.array(z.object({ name: text, timespan: count.optional(), day: count.optional() })).optional(),
          global_settings: z.object({ periodic_seasons: z.boolean().optional() }).partial().optional(),
        })
        .optional(),
      eras: z
        .array(
          z.object({
            name: text,
            abbreviation: text.optional(),
            settings: z.object({ restart: z.boolean().optional(), starting_era: z.boolean().optional() }).partial().optional(),
            date: z.object({ year: count }).partial().optional(),
          }),
        )
        .optional(),
    },
    { error: () => 'static_data is missing: this does not look like a Fantasy-Calendar export.' },
  ),
  events: z.array(z.unknown()).optional(),
});
export type FantasyCalendarExport = z.infer<typeof FantasyCalendarExportSchema>;

/** A mapped calendar: its name, the definition input, and what could not be carried over. */
export interface FantasyCalendarImport {
  name: string;
  definition: CalendarDefinitionInput;
  /** Sentences naming what was approximated or left out, for the person importing. */
  notes: string[];
}

/** Parses "400,!100,4" (FC's leap intervals: `!` means "not leap", `+` ignores the offset) into a leap rule's intervals. */
function leapIntervals(interval: string | number): { every: number; exceptions: Array<{ every: number; leap: boolean }> } | null {
  const parts = String(interval)
    .split(',')
    .map((part) => ({ every: Number(/\d+/.exec(part)?.[0] ?? NaN), leap: !part.includes('!') }))
    .filter((part) => Number.isInteger(part.every) && part.every > 0)
    .sort((a, b) => a.every - b.every);
  const base = parts.find((part) => part.leap);
  if (!base) return null;
  return { every: base.every, exceptions: parts.filter((part) => part !== base && part.every > base.every) };
}

/**
 * Maps a parsed Fantasy-Calendar export to a Loreforge definition input: timespans become months (those that appear
 * every N years become leap rules of their own), leap days become leap rules on their month, the clock, moons,
 * eras (sorted by start; `restart` eras count up, others keep year numbers) and seasons dated by month and day.
 */
export function mapFantasyCalendar(source: FantasyCalendarExport): FantasyCalendarImport {
  const notes: string[] = [];
  const data = source.static_data;
  const timespans = data.year_data.timespans;
  const months = timespans.map((span) => {
    const every = Math.max(1, Math.trunc(span.interval ?? 1));
    return {
      name: span.name.trim() ? span.name : 'Month',
      days: every > 1 ? 0 : Math.trunc(span.length),
      intercalary: span.type === 'intercalary',
    };
  });
  const leapRules: NonNullable<CalendarDefinitionInput['leapRules']> = [];
  timespans.forEach((span, index) => {
    const every = Math.max(1, Math.trunc(span.interval ?? 1));
    if (every > 1)
      leapRules.push({
        name: span.name,
        month: months[index]?.name ?? span.name,
        days: Math.trunc(span.length),
        every,
        offset: Math.trunc(span.offset ?? 0),
        exceptions: [],
      });
  });
  for (const leap of data.year_data.leap_days ?? []) {
    const month = months[Math.trunc(leap.timespan)];
    const intervals = leapIntervals(leap.interval);
    if (!month || !intervals) {
      notes.push(`Leap day "${leap.name ?? 'unnamed'}" was left out: its month or interval could not be read.`);
      continue;
    }
    if (leap.intercalary && !month.intercalary) notes.push(`Leap day "${leap.name ?? 'unnamed'}" now counts in the week of ${month.name}.`);
    leapRules.push({ name: leap.name ?? null, month: month.name, days: 1, offset: Math.trunc(leap.offset ?? 0), ...intervals });
  }
  const weekdays = data.year_data.global_week;
  const eras = (data.eras ?? [])
    .map((era) => ({
      name: era.name.trim() ? era.name : 'Era',
      abbreviation: era.abbreviation?.trim() || null,
      startYear: era.settings?.starting_era ? null : Math.trunc(era.date?.year ?? 1),
      counting: era.settings?.restart ? ('up' as const) : ('absolute' as const),
      hasYearZero: false,
    }))
    .sort((a, b) => (a.startYear ?? -Infinity) - (b.startYear ?? -Infinity))
    .filter((era, index, all) => {
      const keep = index === 0 || era.startYear !== all[index - 1]?.startYear;
      if (!keep) notes.push(`Era "${era.name}" starts in the same year as another era and was left out.`);
      return keep;
    })
    // An era reaching back without a start cannot count up from it; it keeps the year numbers instead.
    .map((era) => (era.startYear === null && era.counting === 'up' ? { ...era, counting: 'absolute' as const } : era));
  const periodic = data.seasons?.global_settings?.periodic_seasons === true;
  const seasons = periodic
    ? []
    : (data.seasons?.data ?? []).flatMap((season) => {
        const month = months[Math.trunc(season.timespan ?? -1)];
        return month ? [{ name: season.name, month: month.name, day: Math.max(1, Math.trunc(season.day ?? 1)) }] : [];
      });
  if (periodic && (data.seasons?.data?.length ?? 0) > 0) notes.push('Seasons measured in days rather than dates were left out.');
  const events = source.events?.length ?? 0;
  if (events === 1) notes.push('1 event was not imported: add it to a timeline on this calendar.');
  if (events > 1) notes.push(`${events} events were not imported: add them to a timeline on this calendar.`);
  return {
    name: source.name?.trim() ? source.name : 'Imported calendar',
    definition: {
      months,
      weekdays,
      firstWeekday: Math.min(Math.max(Math.trunc((data.year_data.first_day ?? 1) - 1), 0), weekdays.length - 1),
      hoursPerDay: Math.trunc(data.clock?.hours ?? 24) || 24,
      minutesPerHour: Math.trunc(data.clock?.minutes ?? 60) || 60,
      leapRules,
      eras,
      moons: (data.moons ?? []).map((moon, index) => ({
        name: moon.name?.trim() || `Moon ${index + 1}`,
        cycleDays: moon.cycle,
        offsetDays: moon.shift ?? 0,
      })),
      seasons,
    },
    notes,
  };
}

/** The outcome of reading a Fantasy-Calendar export: a checked definition, or problems with their JSON path. */
export type FantasyCalendarResult =
  | { ok: true; name: string; definition: CalendarDefinition; notes: string[] }
  | { ok: false; problems: Array<{ path: string; message: string }> };

/**
 * Reads a Fantasy-Calendar export (already JSON-parsed) into a validated calendar definition.
 * @returns the definition and notes, or the problems found, each with the path of the offending value
 * (`static_data.year_data.timespans` for the export's shape, `months.2.days` for the mapped definition).
 */
export function importFantasyCalendar(json: unknown): FantasyCalendarResult {
  const parsed = FantasyCalendarExportSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, problems: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) };
  }
  const mapped = mapFantasyCalendar(parsed.data);
  const checked = CalendarDefinitionSchema.safeParse(mapped.definition);
  if (!checked.success) {
    return { ok: false, problems: checked.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) };
  }
  return { ok: true, name: mapped.name, definition: checked.data, notes: mapped.notes };
}
