/**
 * Queries on `timeline` (SPEC §3 Timeline, §7 Timelines). Every function takes `db` first so it runs inside a
 * transaction too.
 */
import type { Db } from '../../db/database.js';
import type { TimelineTable } from '../../db/tables/timeline.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns, worldListCache } from '../../lib/list/index.js';
import { nowIso } from '../../lib/time.js';
import { maskHidden, whereVisible } from '../../access/visibility.js';
import type { ReadScope, WorldScope } from '../../access/world-scope.js';

/** The writable fields of a timeline, as stored. */
export type TimelineChanges = Omit<TimelineTable, 'id' | 'world_id' | 'created_at'>;

/**
 * Hides from a reader a timeline's links to events they may not see (its genesis or branching event).
 * @returns the rows with those links null.
 */
async function maskTimelineLinks(db: Db, scope: ReadScope, rows: TimelineTable[]): Promise<TimelineTable[]> {
  const withGenesis = await maskHidden(db, scope, rows, 'genesis_event', 'event');
  return maskHidden(db, scope, withGenesis, 'branching_event', 'event');
}

/**
 * Finds a timeline of the scope's world that its reader may see (a branch of a hidden timeline is hidden too).
 * @returns the row, or undefined when it does not exist in that world or is hidden.
 */
export async function findTimeline(db: Db, scope: WorldScope, timelineId: string): Promise<TimelineTable | undefined> {
  const query = db
    .selectFrom('timeline')
    .selectAll('timeline')
    .where('timeline.id', '=', timelineId)
    .where('timeline.world_id', '=', scope.world.id);
  const row = await whereVisible(query, scope, 'timeline').executeTakeFirst();
  return row === undefined ? undefined : (await maskTimelineLinks(db, scope, [row]))[0];
}

/**
 * Lists the timelines of the scope's world its reader may see, with search (name, description), sort and
 * paging. Editors' totals come from the world's kept timeline_count; anyone else's are counted.
 */
export async function listTimelines(db: Db, scope: WorldScope, params: ListParams): Promise<ListResult<TimelineTable>> {
  const worldId = scope.world.id;
  const knownTotal = scope.seesSecrets ? Number(scope.world.timeline_count) : undefined;
  const contentVersion = scope.world.content_version;
  const result = await paginate({
    query: whereVisible(db.selectFrom('timeline').selectAll('timeline').where('timeline.world_id', '=', worldId), scope, 'timeline'),
    sortColumns: {
      ...timestampSortColumns('timeline'),
      name: { column: 'timeline.name', key: 'name' },
      currentDateTime: { column: 'timeline.current_date_time', key: 'current_date_time' },
    },
    idColumn: 'timeline.id',
    searchColumns: ['timeline.name', 'timeline.description'],
    // The world's count bounds every reader's scope (a player's visible rows are some of them), so a player's
    // search of a small world scans it with LIKE as an editor's does, not the index of every world's rows.
    fullText: { db, table: 'timeline', scopeRows: Number(scope.world.timeline_count) },
    knownTotal,
    cache: worldListCache(db, worldId, contentVersion),
    params,
  });
  return { rows: await maskTimelineLinks(db, scope, result.rows), pagination: result.pagination };
}

/** Inserts a timeline row. */
export async function insertTimeline(db: Db, timeline: TimelineTable): Promise<void> {
  await db.insertInto('timeline').values(timeline).execute();
}

/**
 * Replaces a timeline's writable fields.
 * @returns the updated row, or undefined when it is not in that world.
 */
export async function updateTimelineRow(
  db: Db,
  scope: WorldScope,
  timelineId: string,
  changes: TimelineChanges,
): Promise<TimelineTable | undefined> {
  await db.updateTable('timeline').set(changes).where('id', '=', timelineId).where('world_id', '=', scope.world.id).execute();
  return findTimeline(db, scope, timelineId);
}

/**
 * Deletes a timeline. The foreign keys set event.timeline_id, event.child_timeline_id and the children's
 * parent_timeline_id to null.
 */
export async function deleteTimelineRow(db: Db, timelineId: string): Promise<boolean> {
  const result = await db.deleteFrom('timeline').where('id', '=', timelineId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Clears the branching event of a timeline's child timelines: a branch point only means something while the
 * parent exists. Call before deleting the parent.
 */
export async function clearChildBranchingEvents(db: Db, parentTimelineId: string): Promise<void> {
  await db
    .updateTable('timeline')
    .set({ branching_event: null, updated_at: nowIso() })
    .where('parent_timeline_id', '=', parentTimelineId)
    .where('branching_event', 'is not', null)
    .execute();
}

/**
 * Clears every timeline pointer to an event (genesis_event, branching_event), which have no foreign key.
 * Call in the transaction that deletes the event.
 */
export async function clearTimelineLinksToEvent(db: Db, worldId: string, eventId: string): Promise<void> {
  const now = nowIso();
  await db
    .updateTable('timeline')
    .set({ genesis_event: null, updated_at: now })
    .where('world_id', '=', worldId)
    .where('genesis_event', '=', eventId)
    .execute();
  await db
    .updateTable('timeline')
    .set({ branching_event: null, updated_at: now })
    .where('world_id', '=', worldId)
    .where('branching_event', '=', eventId)
    .execute();
}

/**
 * Clears branching_event where it names an event that is no longer in the branch's parent timeline (the event
 * moved to `eventTimelineId`, possibly null).
 */
export async function clearBranchingEventsOutsideParent(
  db: Db,
  worldId: string,
  eventId: string,
  eventTimelineId: string | null,
): Promise<void> {
  let query = db
    .updateTable('timeline')
    .set({ branching_event: null, updated_at: nowIso() })
    .where('world_id', '=', worldId)
    .where('branching_event', '=', eventId);
  if (eventTimelineId !== null) {
    query = query.where((eb) => eb.or([eb('parent_timeline_id', 'is', null), eb('parent_timeline_id', '!=', eventTimelineId)]));
  }
  await query.execute();
}
