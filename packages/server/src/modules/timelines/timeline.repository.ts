/**
 * Queries on `timeline` (SPEC §3 Timeline, §7 Timelines). Every function takes `db` first so it runs inside a
 * transaction too.
 */
import type { Db } from '../../db/database.js';
import type { TimelineTable } from '../../db/tables/timeline.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns, worldListCache } from '../../lib/list/index.js';
import { compiledShape, findInWorld } from '../../lib/compiled-query.js';
import { nowIso } from '../../lib/time.js';
import { maskHidden, whereVisible } from '../../access/visibility.js';
import { type ReadScope, type WorldScope, readerClass, readerOf } from '../../access/world-scope.js';
import { type Clock, GREGORIAN_CLOCK } from '../calendars/calendar.clock.js';
import { calendarDefinitionOf } from '../calendars/calendar.definition.js';

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
  const ids = { id: timelineId, worldId: scope.world.id, viewerId: scope.viewer.userId };
  const row = await findInWorld(db, 'timeline', readerClass(scope), ids, (query, viewer) =>
    whereVisible(query, readerOf(scope, viewer), 'timeline'),
  );
  return row === undefined ? undefined : (await maskTimelineLinks(db, scope, [row]))[0];
}

/**
 * Finds a timeline of the scope's world that its reader may see, with the calendar it keeps time in, in one
 * statement (compiled per reader class): what a list of the timeline's events needs to date them. Only the
 * timeline's id is answered, so none of its links (which findTimeline masks) can reach the reader.
 * @returns the timeline's id and clock (Gregorian without a calendar), or undefined when it does not exist in
 * that world or is hidden from the reader.
 */
export async function findTimelineClock(db: Db, scope: WorldScope, timelineId: string): Promise<{ id: string; clock: Clock } | undefined> {
  const [row] = await compiledShape(
    db,
    `timeline-clock:${readerClass(scope)}`,
    [timelineId, scope.world.id, scope.viewer.userId],
    (values) => {
      const [id, world, viewer] = values as [string, string, string];
      const query = db
        .selectFrom('timeline')
        .leftJoin('calendar', 'calendar.id', 'timeline.calendar_id')
        .select([
          'timeline.id as timeline_id',
          'calendar.id as calendar_id',
          'calendar.name as calendar_name',
          'calendar.definition as calendar_definition',
          'calendar.updated_at as calendar_updated_at',
        ])
        .where('timeline.id', '=', id)
        .where('timeline.world_id', '=', world);
      return whereVisible(query, readerOf(scope, viewer), 'timeline');
    },
  );
  if (row === undefined) return undefined;
  const { calendar_id: calendarId, calendar_name: name, calendar_definition: definition, calendar_updated_at: updatedAt } = row;
  const clock =
    calendarId === null || name === null || definition === null || updatedAt === null
      ? GREGORIAN_CLOCK
      : { calendarId, name, definition: calendarDefinitionOf({ id: calendarId, updated_at: updatedAt, definition }) };
  return { id: row.timeline_id, clock };
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
