/**
 * The order of events on a timeline (issue 5): by dateTime, then creation time, then id, so events at the same
 * moment keep the order they were written in, and the order never depends on how the database returned them.
 */
import type { EngineEvent } from './engine.types.js';

/** Milliseconds since the epoch of an ISO date-time, or NaN when it cannot be read. */
export const toMillis = (iso: string): number => Date.parse(iso);

/** An unreadable date sorts after every readable one. */
const orderKey = (iso: string): number => {
  const ms = toMillis(iso);
  return Number.isNaN(ms) ? Infinity : ms;
};

/**
 * Compares two events for story order (a sort comparator).
 * @returns negative when a comes first, positive when b does, 0 only for the same event.
 */
export function compareEvents(a: EngineEvent, b: EngineEvent): number {
  const at = orderKey(a.dateTime);
  const bt = orderKey(b.dateTime);
  if (at !== bt) return at < bt ? -1 : 1;
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}

/** A copy of the events in story order (each date is read once, not once per comparison). */
export function sortEvents(events: readonly EngineEvent[]): EngineEvent[] {
  const keyed = events.map((event) => ({ event, key: orderKey(event.dateTime) }));
  keyed.sort((a, b) => (a.key !== b.key ? (a.key < b.key ? -1 : 1) : compareEvents(a.event, b.event)));
  return keyed.map(({ event }) => event);
}
