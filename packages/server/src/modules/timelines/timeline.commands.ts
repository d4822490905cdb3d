/**
 * Timeline writes that touch more than one table (SPEC §7 Timelines): each runs in the transaction it is given,
 * so world.timeline_count, branching links and references stay exact.
 */
import type { Db } from '../../db/database.js';
import type { TimelineTable } from '../../db/tables/timeline.table.js';
import { notFound } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { removeReferencesTo } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import {
  type TimelineChanges,
  clearChildBranchingEvents,
  deleteTimelineRow,
  findTimeline,
  insertTimeline,
  updateTimelineRow,
} from './timeline.repository.js';
import { type TimelineInput, assertTimelineLinks } from './timeline.rules.js';

/**
 * Loads a timeline of a world.
 * @throws AppError 404 'Timeline not found.' when missing or in another world.
 */
export async function requireTimeline(db: Db, worldId: string, timelineId: string): Promise<TimelineTable> {
  const timeline = await findTimeline(db, worldId, timelineId);
  if (!timeline) throw notFound('Timeline');
  return timeline;
}

function timelineColumns(input: TimelineInput, updatedAt: string): TimelineChanges {
  return {
    name: input.name,
    description: input.description,
    current_date_time: input.currentDateTime,
    genesis_event: input.genesisEvent,
    initial_states: input.initialStates,
    branching_enabled: input.branchingEnabled ? 1 : 0,
    parent_timeline_id: input.parentTimelineId,
    branching_event: input.branchingEvent,
    updated_at: updatedAt,
  };
}

/**
 * Creates a timeline after checking its links (the database counts it in world.timeline_count).
 * @returns the stored row.
 * @throws AppError 400 when a parent, branching or genesis link is not valid (see timeline.rules.ts).
 */
export async function createTimeline(trx: Db, worldId: string, input: TimelineInput): Promise<TimelineTable> {
  await assertTimelineLinks(trx, worldId, null, input);
  const now = nowIso();
  const timeline: TimelineTable = { id: newId(), world_id: worldId, ...timelineColumns(input, now), created_at: now };
  await insertTimeline(trx, timeline);
  return timeline;
}

/**
 * Replaces a timeline after checking its links (a new parent must not be one of its own branches).
 * @returns the updated row.
 */
export async function updateTimeline(trx: Db, timeline: TimelineTable, input: TimelineInput): Promise<TimelineTable> {
  await assertTimelineLinks(trx, timeline.world_id, timeline.id, input);
  const updated = await updateTimelineRow(trx, timeline.world_id, timeline.id, timelineColumns(input, nowIso()));
  return updated ?? timeline;
}

/**
 * Deletes a timeline. Its events stay in the world with timelineId null and events branching into it lose their
 * childTimelineId (foreign keys); its child timelines become roots (parentTimelineId null) and lose their
 * branchingEvent; connections to it are removed; the database lowers world.timeline_count.
 */
export async function deleteTimeline(trx: Db, timeline: TimelineTable): Promise<void> {
  await clearChildBranchingEvents(trx, timeline.id);
  await removeReferencesTo(trx, 'timeline', timeline.id);
  await deleteTimelineRow(trx, timeline.id);
}
