/**
 * The time a timeline keeps (issue 12, docs/calendars.md): which calendar it uses, how a request's `dateTime`
 * or calendar date becomes the stored instant, and how a stored instant is answered (instant, date, words).
 * A timeline without calendar, and an event without timeline, keep Gregorian time, where `dateTime` stays the
 * spec's ISO 8601 text.
 */
import {
  type CalendarDateInput,
  type CalendarDefinition,
  gregorianCalendar,
  instantFromIsoDateTime,
  isoDateTimeFromInstant,
  readInstant,
} from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { invalidField } from '../../errors/app-error.js';
import { calendarDefinitionOf } from './calendar.definition.js';
import { instantForDate } from './calendar.commands.js';

/** The calendar a timeline keeps time in: null id for the built-in Gregorian calendar. */
export interface Clock {
  calendarId: string | null;
  name: string;
  definition: CalendarDefinition;
}

/** The built-in Gregorian clock. */
export const GREGORIAN_CLOCK: Clock = { calendarId: null, name: 'Gregorian', definition: gregorianCalendar() };

/** The message when a calendarId does not name a calendar of the world. */
const CALENDAR_NOT_IN_WORLD = 'Calendar must be a calendar of this world.';

/**
 * The clock of a calendar id.
 * @param field the request field to name when the calendar is not the world's.
 * @throws AppError 400 naming `field` when the calendar does not exist in the world.
 */
export async function clockOfCalendar(db: Db, worldId: string, calendarId: string | null, field = 'calendarId'): Promise<Clock> {
  if (calendarId === null) return GREGORIAN_CLOCK;
  const row = await db.selectFrom('calendar').selectAll().where('id', '=', calendarId).where('world_id', '=', worldId).executeTakeFirst();
  if (!row) throw invalidField(field, CALENDAR_NOT_IN_WORLD);
  return { calendarId: row.id, name: row.name, definition: calendarDefinitionOf(row) };
}

/**
 * The clocks of some timelines of a world, in one query each for timelines and calendars.
 * @returns timelineId → clock; timelines without calendar (and unknown ids) are absent, meaning Gregorian.
 */
export async function clocksOfTimelines(db: Db, worldId: string, timelineIds: ReadonlyArray<string | null>): Promise<Map<string, Clock>> {
  const ids = [...new Set(timelineIds.filter((id): id is string => id !== null))];
  const clocks = new Map<string, Clock>();
  if (ids.length === 0) return clocks;
  const rows = await db
    .selectFrom('timeline')
    .innerJoin('calendar', 'calendar.id', 'timeline.calendar_id')
    .select(['timeline.id as timeline_id', 'calendar.id', 'calendar.name', 'calendar.definition', 'calendar.updated_at'])
    .where('timeline.world_id', '=', worldId)
    .where('timeline.id', 'in', ids)
    .execute();
  for (const row of rows) clocks.set(row.timeline_id, { calendarId: row.id, name: row.name, definition: calendarDefinitionOf(row) });
  return clocks;
}

/**
 * The clocks of every timeline of a world that keeps its own calendar, in one query (the engine's answers date the
 * events of a timeline and its ancestors in each one's calendar).
 * @returns timelineId → clock; timelines without calendar are absent, meaning Gregorian.
 */
export async function clocksOfWorldTimelines(db: Db, worldId: string): Promise<Map<string, Clock>> {
  const rows = await db
    .selectFrom('timeline')
    .innerJoin('calendar', 'calendar.id', 'timeline.calendar_id')
    .select(['timeline.id as timeline_id', 'calendar.id', 'calendar.name', 'calendar.definition', 'calendar.updated_at'])
    .where('timeline.world_id', '=', worldId)
    .execute();
  const clocks = new Map<string, Clock>();
  for (const row of rows) clocks.set(row.timeline_id, { calendarId: row.id, name: row.name, definition: calendarDefinitionOf(row) });
  return clocks;
}

/**
 * The clocks of some calendars of a world (for timeline lists).
 * @returns calendarId → clock; null ids are not looked up (Gregorian).
 */
export async function clocksOfCalendars(
  db: Db,
  worldId: string,
  calendarIds: ReadonlyArray<string | null | undefined>,
): Promise<Map<string, Clock>> {
  const ids = [...new Set(calendarIds.filter((id): id is string => typeof id === 'string'))];
  const clocks = new Map<string, Clock>();
  if (ids.length === 0) return clocks;
  const rows = await db.selectFrom('calendar').selectAll().where('world_id', '=', worldId).where('id', 'in', ids).execute();
  for (const row of rows) clocks.set(row.id, { calendarId: row.id, name: row.name, definition: calendarDefinitionOf(row) });
  return clocks;
}

/** The clock of one timeline (Gregorian for none). */
export async function clockOfTimeline(db: Db, worldId: string, timelineId: string | null): Promise<Clock> {
  if (timelineId === null) return GREGORIAN_CLOCK;
  return (await clocksOfTimelines(db, worldId, [timelineId])).get(timelineId) ?? GREGORIAN_CLOCK;
}

const SORT_OFFSET = 2n ** 63n;

/**
 * The text kept in a date_time column for an instant of a non-Gregorian calendar: '~' and 20 digits of the
 * instant shifted to be non-negative, so text order is instant order and it sorts after every ISO date.
 */
export const instantSortKey = (instant: bigint): string => `~${(instant + SORT_OFFSET).toString().padStart(20, '0')}`;

/** A moment as stored: the instant and the date_time text. */
export interface StoredMoment {
  instant: bigint;
  dateTime: string;
}

/**
 * Reads a request's moment in a clock: on a Gregorian clock the ISO `dateTime` (or else the calendar date,
 * which must then fall in years 1 to 9999); on another calendar the calendar date.
 * @param fields names of the ISO and calendar-date fields in the request, for messages.
 * @throws AppError 400 naming the field: a date the calendar lacks, an ISO date on a non-Gregorian timeline.
 */
export function storedMoment(
  clock: Clock,
  iso: string | null,
  date: CalendarDateInput | null,
  fields: { iso: string; date: string },
): StoredMoment {
  if (clock.calendarId === null) {
    if (iso !== null) {
      const instant = instantFromIsoDateTime(iso);
      if (instant !== null) return { instant, dateTime: iso };
    }
    if (date !== null) {
      const instant = instantForDate(clock.definition, date, fields.date);
      const dateTime = isoDateTimeFromInstant(instant);
      if (dateTime === null)
        throw invalidField(`${fields.date}.year`, 'On a Gregorian timeline the year must be between 1 and 9999 AD (ISO 8601).');
      return { instant, dateTime };
    }
    throw invalidField(fields.iso, `${fields.iso} is required.`);
  }
  if (date === null) {
    throw invalidField(
      fields.date,
      `This timeline keeps time in the calendar "${clock.name}": give ${fields.date} as {year, month, day, hour, minute, era}.`,
    );
  }
  const instant = instantForDate(clock.definition, date, fields.date);
  return { instant, dateTime: instantSortKey(instant) };
}

/**
 * The instant of a stored row: its instant column, or for rows written before calendars, its ISO text.
 * @returns minutes since the epoch, or null when neither can be read.
 */
export function instantOfRow(instant: string | number | bigint | null | undefined, dateTime: string): bigint | null {
  if (instant !== null && instant !== undefined) return BigInt(instant);
  return instantFromIsoDateTime(dateTime);
}

/** How an answer carries a moment: ISO text on Gregorian clocks (else null), instant, date and words. */
export interface AnsweredMoment {
  dateTime: string | null;
  instant: string;
  date: { year: number; month: number; day: number; hour: number; minute: number; era: string | null };
  formatted: string;
}

/**
 * Answers a stored moment in its clock.
 * @param storedDateTime the row's date_time text (kept as the answer's dateTime on Gregorian clocks).
 */
export function answerMoment(clock: Clock, instant: bigint | null, storedDateTime: string): AnsweredMoment {
  const gregorian = clock.calendarId === null;
  const moment = readInstant(clock.definition, instant ?? 0n);
  return {
    dateTime: gregorian ? storedDateTime : null,
    instant: (instant ?? 0n).toString(),
    date: moment.date,
    formatted: instant === null ? storedDateTime : moment.formatted,
  };
}
