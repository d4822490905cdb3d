/**
 * The engine's answers in the timeline's own calendar (issue 12, docs/calendars.md "Timelines and events"): which
 * calendar each timeline of a replay keeps, how a query's `at`, `instant` or `date` becomes a moment, and how an
 * event's moment is answered (ISO text on Gregorian timelines, else null; the instant; the date in words).
 */
import { formatInstant, instantFromIsoDateTime, isDateProblem, parseCalendarDateText } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { WorldTable } from '../../db/tables/world.table.js';
import { invalidField } from '../../errors/app-error.js';
import { type Clock, GREGORIAN_CLOCK, clocksOfWorldTimelines } from '../calendars/calendar.clock.js';
import { instantForDate } from '../calendars/calendar.commands.js';
import type { EngineEvent } from './engine/types.js';
import type { Moment } from './engine/moment.js';
import type { Replay } from './engine/replay.js';
import type { EngineCache } from './timeline-engine.cache.js';

/** The clock of a timeline of a replay's chain (Gregorian for timelines without a calendar). */
export type ClockOf = (timelineId: string | null) => Clock;

/** Every timeline keeps Gregorian time: what in-memory answers assume when no calendars are read. */
export const GREGORIAN_ONLY: ClockOf = () => GREGORIAN_CLOCK;

/**
 * The calendars of a world's timelines, from the engine cache when nothing in the world changed since they were
 * read, else in one query. Read before the engine's snapshot (which may hold the database's only connection): a
 * replay's events may come from any ancestor, each in its own calendar. Kept as replays are: under the world's
 * version in this process and its content version, which every write of a timeline or a calendar raises
 * (migrations add_world_content_version and create_calendar), both read before the query.
 * @param world the world's id and content version, as the request's access check read them.
 * @returns a lookup by timeline id; unknown ids and timelines without calendar answer the Gregorian clock.
 */
export async function worldClocks(db: Db, cache: EngineCache, world: Pick<WorldTable, 'id' | 'content_version'>): Promise<ClockOf> {
  const key = `${cache.versionOf(world.id)}|${world.content_version}`;
  let clocks = cache.getClocks(world.id, key);
  if (clocks === undefined) {
    clocks = await clocksOfWorldTimelines(db, world.id);
    cache.setClocks(world.id, key, clocks);
  }
  const found = clocks;
  return (timelineId) => (timelineId === null ? GREGORIAN_CLOCK : (found.get(timelineId) ?? GREGORIAN_CLOCK));
}

/** A moment as answers carry it besides the ISO text: its instant (digits) and its words. */
export interface MomentWords {
  instant: string | null;
  formattedDate: string | null;
}

/**
 * An instant in the words of a clock.
 * @returns digits and words, or nulls when the instant is unknown.
 */
export function wordsOf(clock: Clock, instant: bigint | null | undefined): MomentWords {
  if (instant === null || instant === undefined) return { instant: null, formattedDate: null };
  return { instant: instant.toString(), formattedDate: formatInstant(clock.definition, instant) };
}

/** The instant of an event: its stored instant, or for rows older than calendars, its ISO text. */
export const instantOfEvent = (event: Pick<EngineEvent, 'dateTime' | 'instant'>): bigint | null =>
  event.instant ?? instantFromIsoDateTime(event.dateTime);

/**
 * How an event's moment is answered: `dateTime` as stored on a Gregorian timeline (null on one with its own
 * calendar, where the stored text is only a sort key), its instant and its date in words.
 */
export function datingOf(
  clockOf: ClockOf,
  event: Pick<EngineEvent, 'dateTime' | 'instant' | 'timelineId'>,
): MomentWords & { dateTime: string | null } {
  const clock = clockOf(event.timelineId);
  return { dateTime: clock.calendarId === null ? event.dateTime : null, ...wordsOf(clock, instantOfEvent(event)) };
}

/** The parts of a query that name a moment (state, diff); absent parts are null. */
export interface MomentQuery {
  at: string | null;
  instant: string | null;
  date: string | null;
  eventId?: string | null;
}

/**
 * The moment a query names on a timeline keeping `clock`: at most one of `at` (ISO 8601), `instant` (minutes
 * since the calendar's epoch), `date` (a date of the timeline's calendar as text) and `eventId`; none is "now".
 * @throws AppError 400 naming the field: two of them given, a date the calendar lacks, an ISO date on a timeline
 *   with its own calendar.
 */
export function momentOfQuery(clock: Clock, query: MomentQuery): Moment {
  const given = (['at', 'instant', 'date', 'eventId'] as const).filter((field) => query[field] !== null && query[field] !== undefined);
  if (given.length > 1) throw invalidField(given[1] ?? 'at', `Give only one of ${given.join(' and ')}.`);
  if (query.eventId) return { eventId: query.eventId };
  if (query.instant !== null) return { instant: BigInt(query.instant) };
  if (query.date !== null) {
    const read = parseCalendarDateText(clock.definition, query.date);
    if (isDateProblem(read)) throw invalidField(`date.${read.field}`, read.message);
    return { instant: instantForDate(clock.definition, read, 'date', false) };
  }
  if (query.at !== null) {
    if (clock.calendarId !== null) {
      throw invalidField(
        'at',
        `This timeline keeps time in the calendar "${clock.name}": give date (YEAR-MONTH-DAY in it) or instant instead of at.`,
      );
    }
    return { at: query.at };
  }
  return { now: true };
}

/**
 * The words of a requested moment on a replay: `at` as ISO text on a Gregorian timeline (null otherwise, and
 * for a moment just after an event), its instant and its date in words.
 */
export function answeredMoment(clock: Clock, replay: Replay, moment: Moment): MomentWords & { at: string | null } {
  const gregorian = clock.calendarId === null;
  if ('eventId' in moment) return { at: null, instant: null, formattedDate: null };
  if ('instant' in moment) return { at: null, ...wordsOf(clock, moment.instant) };
  if ('at' in moment) return { at: moment.at, ...wordsOf(clock, instantFromIsoDateTime(moment.at)) };
  const now = replay.timeline;
  const instant = now.currentInstant ?? instantFromIsoDateTime(now.currentDateTime);
  return { at: gregorian ? now.currentDateTime : null, ...wordsOf(clock, instant) };
}
