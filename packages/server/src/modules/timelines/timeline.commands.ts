/**
 * Timeline writes that touch more than one table (SPEC §7 Timelines): each runs in the transaction it is given,
 * so world.timeline_count, branching links and references stay exact.
 */
import type { Db } from '../../db/database.js';
import type { TimelineTable } from '../../db/tables/timeline.table.js';
import { newId } from '../../lib/ids.js';
import { removeReferencesTo } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import {
  type TimelineChanges,
  clearChildBranchingEvents,
  deleteTimelineRow,
  insertTimeline,
  updateTimelineRow,
} from './timeline.repository.js';
import { type TimelineInput, assertTimelineLinks } from './timeline.rules.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { accessColumns } from '../worlds/access-fields.js';
import { type WorldScope, requireEditor } from '../worlds/world-scope.js';

function timelineColumns(input: TimelineInput, updatedAt: string, access: AccessColumns): TimelineChanges {
  return {
    ...access,
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
 * @throws AppError 403 for a player or viewer; 400 when a parent, branching or genesis link is not valid (see
 * timeline.rules.ts).
 */
export async function createTimeline(trx: Db, scope: WorldScope, input: TimelineInput): Promise<TimelineTable> {
  requireEditor(scope);
  await assertTimelineLinks(trx, scope, null, input);
  const now = nowIso();
  const timeline: TimelineTable = {
    id: newId(), world_id: scope.world.id, ...timelineColumns(input, now, await accessColumns(trx, scope, input)), created_at: now,
  };
  await insertTimeline(trx, timeline);
  return timeline;
}

/**
 * Replaces a timeline after checking its links (a new parent must not be one of its own branches).
 * @returns the updated row.
 * @throws AppError 403 for a player or viewer; 400 as for create.
 */
export async function updateTimeline(trx: Db, scope: WorldScope, timeline: TimelineTable, input: TimelineInput): Promise<TimelineTable> {
  requireEditor(scope);
  await assertTimelineLinks(trx, scope, timeline.id, input);
  const columns = timelineColumns(input, nowIso(), await accessColumns(trx, scope, input, timeline));
  const updated = await updateTimelineRow(trx, scope, timeline.id, columns);
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
