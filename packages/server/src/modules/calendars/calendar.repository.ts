/** Queries on `calendar` (issue 12). Every function takes `db` first so it runs inside a transaction too. */
import type { Db } from '../../db/database.js';
import type { CalendarTable } from '../../db/tables/calendar.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import type { WorldScope } from '../../access/world-scope.js';

/** The writable columns of a calendar (the definition already serialised). */
export type CalendarChanges = Pick<CalendarTable, 'name' | 'description' | 'definition' | 'updated_by' | 'updated_at'>;

/**
 * Finds a calendar of the scope's world (calendars are not secret: every member reads every one).
 * @returns the row, or undefined when it does not exist in that world.
 */
export function findCalendar(db: Db, scope: WorldScope, calendarId: string): Promise<CalendarTable | undefined> {
  return db.selectFrom('calendar').selectAll().where('id', '=', calendarId).where('world_id', '=', scope.world.id).executeTakeFirst();
}

/**
 * Lists the calendars of the scope's world (every member sees them all) with search (name, description), sort
 * (createdAt, updatedAt, name) and paging.
 */
export function listCalendars(db: Db, scope: WorldScope, params: ListParams): Promise<ListResult<CalendarTable>> {
  return paginate({
    query: db.selectFrom('calendar').selectAll().where('world_id', '=', scope.world.id),
    sortColumns: { ...timestampSortColumns('calendar'), name: { column: 'calendar.name', key: 'name' } },
    idColumn: 'calendar.id',
    searchColumns: ['calendar.name', 'calendar.description'],
    params,
  });
}

/** Inserts a calendar row. */
export async function insertCalendar(db: Db, row: CalendarTable): Promise<void> {
  await db.insertInto('calendar').values(row).execute();
}

/**
 * Replaces a calendar's writable columns.
 * @returns the updated row, or undefined when it is not in that world.
 */
export async function updateCalendar(
  db: Db,
  scope: WorldScope,
  calendarId: string,
  changes: CalendarChanges,
): Promise<CalendarTable | undefined> {
  await db.updateTable('calendar').set(changes).where('id', '=', calendarId).where('world_id', '=', scope.world.id).execute();
  return findCalendar(db, scope, calendarId);
}

/** Deletes a calendar row. */
export async function deleteCalendarRow(db: Db, calendarId: string): Promise<void> {
  await db.deleteFrom('calendar').where('id', '=', calendarId).execute();
}
