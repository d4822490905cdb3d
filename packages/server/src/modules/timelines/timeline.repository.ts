/**
 * Queries on `timeline` (SPEC §3 Timeline, §7 Timelines). Every function takes `db` first so it runs inside a
 * transaction too.
 */
import type { Db } from '../../db/database.js';
import type { TimelineTable } from '../../db/tables/timeline.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns, worldListCache } from '../../lib/list.js';
import { nowIso } from '../../lib/time.js';

/** The writable fields of a timeline, as stored. */
export type TimelineChanges = Omit<TimelineTable, 'id' | 'world_id' | 'created_at'>;

/**
 * Finds a timeline of a world.
 * @returns the row, or undefined when it does not exist in that world.
 */
export function findTimeline(db: Db, worldId: string, timelineId: string): Promise<TimelineTable | undefined> {
  return db.selectFrom('timeline').selectAll().where('id', '=', timelineId).where('world_id', '=', worldId).executeTakeFirst();
}

/**
 * Lists a world's timelines with search (name, description), sort and paging.
 * @param knownTotal the world's kept timeline_count, so an unsearched list never counts rows.
 * @param contentVersion the world's content_version read with it; searches and deep pages are then cached.
 */
export function listTimelines(
  db: Db,
  worldId: string,
  params: ListParams,
  knownTotal: number,
  contentVersion?: number,
): Promise<ListResult<TimelineTable>> {
  return paginate({
    query: db.selectFrom('timeline').selectAll().where('world_id', '=', worldId),
    sortColumns: {
      ...timestampSortColumns('timeline'),
      name: { column: 'timeline.name', key: 'name' },
      currentDateTime: { column: 'timeline.current_date_time', key: 'current_date_time' },
    },
    idColumn: 'timeline.id',
    searchColumns: ['timeline.name', 'timeline.description'],
    fullText: { db, table: 'timeline', scopeRows: knownTotal },
    knownTotal,
    cache: worldListCache(db, worldId, contentVersion),
    params,
  });
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
  worldId: string,
  timelineId: string,
  changes: TimelineChanges,
): Promise<TimelineTable | undefined> {
  await db.updateTable('timeline').set(changes).where('id', '=', timelineId).where('world_id', '=', worldId).execute();
  return findTimeline(db, worldId, timelineId);
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
  await db.updateTable('timeline').set({ genesis_event: null, updated_at: now })
    .where('world_id', '=', worldId).where('genesis_event', '=', eventId).execute();
  await db.updateTable('timeline').set({ branching_event: null, updated_at: now })
    .where('world_id', '=', worldId).where('branching_event', '=', eventId).execute();
}

/**
 * Clears branching_event where it names an event that is no longer in the branch's parent timeline (the event
 * moved to `eventTimelineId`, possibly null).
 */
export async function clearBranchingEventsOutsideParent(db: Db, worldId: string, eventId: string, eventTimelineId: string | null): Promise<void> {
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
