/**
 * Queries on `event` (SPEC §3 Event, §7 Timelines and events). Every function takes `db` first so it runs inside
 * a transaction too.
 */
import type { Db } from '../../db/database.js';
import type { EventTable } from '../../db/tables/timeline.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns, worldListCache } from '../../lib/list/index.js';
import { findInWorld } from '../../lib/compiled-query.js';
import { maskHidden, whereVisible } from '../../access/visibility.js';
import { hideHiddenChanges } from '../timeline-engine/timeline-engine.visible-changes.js';
import { type WorldScope, readerClass, readerOf } from '../../access/world-scope.js';
import type { Clock } from '../calendars/calendar.clock.js';
import { requireTimelineClock } from '../timelines/timeline.access.js';

/** The writable fields of an event, as stored (change fields as JSON text or null). */
export type EventChanges = Omit<EventTable, 'id' | 'world_id' | 'created_at'>;

/** Hides from the reader a child timeline and changes naming characters or items they may not see. */
async function maskEvents(db: Db, scope: WorldScope, rows: EventTable[]): Promise<EventTable[]> {
  return hideHiddenChanges(db, scope, await maskHidden(db, scope, rows, 'child_timeline_id', 'timeline'));
}

/**
 * Finds an event of the scope's world that its reader may see (an event of a hidden timeline is hidden too);
 * a child timeline the reader may not see is answered as null.
 * @returns the row, or undefined when it does not exist in that world or is hidden.
 */
export async function findEvent(db: Db, scope: WorldScope, eventId: string): Promise<EventTable | undefined> {
  const ids = { id: eventId, worldId: scope.world.id, viewerId: scope.viewer.userId };
  const row = await findInWorld(db, 'event', readerClass(scope), ids, (query, viewer) =>
    whereVisible(query, readerOf(scope, viewer), 'event'),
  );
  return row === undefined ? undefined : (await maskEvents(db, scope, [row]))[0];
}

/**
 * Lists the events of the scope's world (or of one timeline of it) its reader may see, with search (name,
 * description), sort (createdAt, updatedAt, name, dateTime) and paging. Ties in the sort field are broken by
 * id, which is a UUID v7 and so follows creation order. A whole-world list of an editor takes its total from
 * the world's kept event_count. Its common pages run as SQL compiled once per reader class and shape (lib/list
 * ListShape); a page of one timeline's events is asked through listTimelineEvents, which checks the timeline.
 */
export async function listEvents(
  db: Db,
  scope: WorldScope,
  timelineId: string | undefined,
  params: ListParams,
): Promise<ListResult<EventTable>> {
  const knownTotal = timelineId === undefined && scope.seesSecrets ? Number(scope.world.event_count) : undefined;
  const result = await paginate<'event', EventTable>({
    shape: {
      db,
      key: `events:${readerClass(scope)}:${timelineId === undefined ? 'world' : 'timeline'}`,
      args: timelineId === undefined ? [scope.world.id, scope.viewer.userId] : [scope.world.id, scope.viewer.userId, timelineId],
      build: (built, [world = '', viewer = '', timeline = '']) => {
        const events = whereVisible(
          built.selectFrom('event').selectAll('event').where('event.world_id', '=', world),
          readerOf(scope, viewer),
          'event',
        );
        return timelineId === undefined ? events : events.where('event.timeline_id', '=', timeline);
      },
    },
    sortColumns: {
      ...timestampSortColumns('event'),
      name: { column: 'event.name', key: 'name' },
      dateTime: { column: 'event.date_time', key: 'date_time' },
    },
    idColumn: 'event.id',
    searchColumns: ['event.name', 'event.description'],
    fullText: { db, table: 'event', scopeRows: Number(scope.world.event_count) },
    knownTotal,
    cache: worldListCache(db, scope.world.id, scope.world.content_version),
    params,
  });
  return { rows: await maskEvents(db, scope, result.rows), pagination: result.pagination };
}

/**
 * A page of one timeline's events (listEvents) with the clock that dates them. The timeline's lookup
 * (requireTimelineClock) and the page are asked together, since the page needs nothing from the timeline's row:
 * the events of a hidden timeline are hidden by the visibility rule, and the page is dropped when the lookup
 * fails. On SQLite both statements reach the reader in one batch instead of one after the other; on PostgreSQL
 * they run on two connections at once.
 * @returns the timeline's clock and the page's rows and pagination.
 * @throws AppError 404 'Timeline not found.' when the timeline is missing, in another world or hidden from the
 * reader (whatever the page's own outcome); otherwise the page's 400 for a bad cursor (lib/list).
 */
export async function listTimelineEvents(
  db: Db,
  scope: WorldScope,
  timelineId: string,
  params: ListParams,
): Promise<ListResult<EventTable> & { clock: Clock }> {
  const [timeline, page] = await Promise.allSettled([
    requireTimelineClock(db, scope, timelineId),
    listEvents(db, scope, timelineId, params),
  ]);
  if (timeline.status === 'rejected') throw timeline.reason;
  if (page.status === 'rejected') throw page.reason;
  return { ...page.value, clock: timeline.value.clock };
}

/** Inserts an event row. */
export async function insertEvent(db: Db, event: EventTable): Promise<void> {
  await db.insertInto('event').values(event).execute();
}

/**
 * Replaces an event's writable fields.
 * @returns the updated row, or undefined when it is not in that world.
 */
export async function updateEventRow(db: Db, scope: WorldScope, eventId: string, changes: EventChanges): Promise<EventTable | undefined> {
  await db.updateTable('event').set(changes).where('id', '=', eventId).where('world_id', '=', scope.world.id).execute();
  return findEvent(db, scope, eventId);
}

/** Deletes an event row. */
export async function deleteEventRow(db: Db, eventId: string): Promise<boolean> {
  const result = await db.deleteFrom('event').where('id', '=', eventId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
