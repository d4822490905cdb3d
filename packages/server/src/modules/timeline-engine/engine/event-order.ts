/**
 * The order of events on a timeline (issue 5): by dateTime, then creation time, then id, so events at the same
 * moment keep the order they were written in, and the order never depends on how the database returned them.
 */
import type { EngineEvent } from './types.js';

/** Milliseconds from 0001-01-01T00:00Z to the Unix epoch: Gregorian instant 0 in JavaScript time. */
const GREGORIAN_EPOCH_MS = -62_135_596_800_000;

/**
 * The moment of an ISO date-time or an instant on one numeric scale, in minutes since the calendar's epoch
 * (issue 12): an ISO date-time keeps its seconds as a fraction, so Gregorian events order exactly as before;
 * an instant (another calendar) is exact up to 2^53 minutes. NaN when neither can be read.
 * @param iso the stored date_time text; @param instant the stored instant, if any.
 */
export function momentKey(iso: string, instant?: bigint | null): number {
  const ms = Date.parse(iso);
  if (!Number.isNaN(ms)) return (ms - GREGORIAN_EPOCH_MS) / 60_000;
  return instant === null || instant === undefined ? NaN : Number(instant);
}

/** An unreadable date sorts after every readable one. */
const eventKey = (event: EngineEvent): number => {
  const key = momentKey(event.dateTime, event.instant);
  return Number.isNaN(key) ? Infinity : key;
};

/**
 * Compares two events for story order (a sort comparator).
 * @returns negative when a comes first, positive when b does, 0 only for the same event.
 */
function compareEvents(a: EngineEvent, b: EngineEvent): number {
  const at = eventKey(a);
  const bt = eventKey(b);
  if (at !== bt) return at < bt ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/** A copy of the events in story order (each date is read once, not once per comparison). */
export function sortEvents(events: readonly EngineEvent[]): EngineEvent[] {
  const keyed = events.map((event) => ({ event, key: eventKey(event) }));
  keyed.sort((a, b) => (a.key !== b.key ? (a.key < b.key ? -1 : 1) : compareEvents(a.event, b.event)));
  return keyed.map(({ event }) => event);
}
