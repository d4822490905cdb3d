/**
 * Which moment of a timeline a question is about: a date-time, just after an event, or the timeline's "now"
 * (its currentDateTime, the default) — issue 5 "A timeline's currentDateTime is its now and the default T".
 */
import { momentKey } from './event-order.js';
import { type Replay, countAt } from './replay.js';

/** A requested moment: an ISO date-time, an instant of the timeline's calendar, just after an event, or "now". */
export type Moment = { at: string } | { instant: bigint } | { eventId: string } | { now: true };

/** A moment placed on a replay: how many of its events have taken effect, and the last of them. */
export interface ResolvedMoment {
  count: number;
  /** The date-time asked for (ISO), or null when the moment is "just after an event". */
  at: string | null;
  /** The last event that took effect, or null before the first. */
  lastEventId: string | null;
}

/**
 * Places a moment on a replay.
 * @returns the resolved moment, or undefined when the event is not on this timeline's sequence (or not at all).
 */
export function resolveMoment(replay: Replay, moment: Moment): ResolvedMoment | undefined {
  let count: number;
  let at: string | null = null;
  if ('eventId' in moment) {
    const position = replay.positions.get(moment.eventId);
    if (position === undefined) return undefined;
    count = position + 1;
  } else if ('instant' in moment) {
    count = countAt(replay, Number(moment.instant));
  } else {
    at = 'at' in moment ? moment.at : replay.timeline.currentDateTime;
    const key = 'at' in moment ? momentKey(moment.at) : momentKey(replay.timeline.currentDateTime, replay.timeline.currentInstant);
    count = Number.isNaN(key) ? replay.plan.length : countAt(replay, key);
  }
  return { count, at, lastEventId: replay.plan[count - 1]?.event.id ?? null };
}
