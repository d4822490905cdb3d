/**
 * Queries on `event` (SPEC §3 Event, §7 Timelines and events). Every function takes `db` first so it runs inside
 * a transaction too.
 */
import type { Db } from '../../db/database.js';
import type { EventTable } from '../../db/tables/timeline.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns, worldListCache } from '../../lib/list.js';

/** The writable fields of an event, as stored (change fields as JSON text or null). */
export type EventChanges = Omit<EventTable, 'id' | 'world_id' | 'created_at'>;

/** Which events a list covers: a whole world, or one timeline of it. */
export interface EventScope {
  worldId: string;
  timelineId?: string | undefined;
  /** The world's content_version read before listing; searches, totals and deep pages are then cached. */
  contentVersion?: number | undefined;
  /** The world's kept event_count: the scope holds at most this many events (a search then picks its plan). */
  worldEventCount?: number | undefined;
}

/**
 * Finds an event of a world.
 * @returns the row, or undefined when it does not exist in that world.
 */
export function findEvent(db: Db, worldId: string, eventId: string): Promise<EventTable | undefined> {
  return db.selectFrom('event').selectAll().where('id', '=', eventId).where('world_id', '=', worldId).executeTakeFirst();
}

/**
 * Lists events with search (name, description), sort (createdAt, updatedAt, name, dateTime) and paging.
 * Ties in the sort field are broken by id, which is a UUID v7 and so follows creation order.
 * @param knownTotal an exact total to skip counting (the world's event_count for a whole-world list).
 */
export function listEvents(db: Db, scope: EventScope, params: ListParams, knownTotal?: number): Promise<ListResult<EventTable>> {
  let query = db.selectFrom('event').selectAll().where('world_id', '=', scope.worldId);
  if (scope.timelineId !== undefined) query = query.where('timeline_id', '=', scope.timelineId);
  return paginate({
    query,
    sortColumns: {
      ...timestampSortColumns('event'),
      name: { column: 'event.name', key: 'name' },
      dateTime: { column: 'event.date_time', key: 'date_time' },
    },
    idColumn: 'event.id',
    searchColumns: ['event.name', 'event.description'],
    fullText: { db, table: 'event', scopeRows: scope.worldEventCount },
    knownTotal,
    cache: worldListCache(db, scope.worldId, scope.contentVersion),
    params,
  });
}

/** Inserts an event row. */
export async function insertEvent(db: Db, event: EventTable): Promise<void> {
  await db.insertInto('event').values(event).execute();
}

/**
 * Replaces an event's writable fields.
 * @returns the updated row, or undefined when it is not in that world.
 */
export async function updateEventRow(db: Db, worldId: string, eventId: string, changes: EventChanges): Promise<EventTable | undefined> {
  await db.updateTable('event').set(changes).where('id', '=', eventId).where('world_id', '=', worldId).execute();
  return findEvent(db, worldId, eventId);
}

/** Deletes an event row. */
export async function deleteEventRow(db: Db, eventId: string): Promise<boolean> {
  const result = await db.deleteFrom('event').where('id', '=', eventId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
