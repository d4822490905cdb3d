/** The timeline lookup of the timeline, event and engine routes. */
import type { Db } from '../../db/database.js';
import type { TimelineTable } from '../../db/tables/timeline.table.js';
import { notFound } from '../../errors/app-error.js';
import type { WorldScope } from '../../access/world-scope.js';
import type { Clock } from '../calendars/calendar.clock.js';
import { findTimeline, findTimelineClock } from './timeline.repository.js';

/**
 * Loads a timeline of the scope's world that its reader may see.
 * @throws AppError 404 'Timeline not found.' when missing, in another world or hidden from the reader.
 */
export async function requireTimeline(db: Db, scope: WorldScope, timelineId: string): Promise<TimelineTable> {
  const timeline = await findTimeline(db, scope, timelineId);
  if (!timeline) throw notFound('Timeline');
  return timeline;
}

/**
 * Loads the id and clock of a timeline of the scope's world that its reader may see, in one statement (for a
 * list of its events, which dates them in its calendar).
 * @returns the timeline's id and the clock it keeps time in (Gregorian without a calendar).
 * @throws AppError 404 'Timeline not found.' when missing, in another world or hidden from the reader.
 */
export async function requireTimelineClock(db: Db, scope: WorldScope, timelineId: string): Promise<{ id: string; clock: Clock }> {
  const timeline = await findTimelineClock(db, scope, timelineId);
  if (!timeline) throw notFound('Timeline');
  return timeline;
}
