/** The calendar lookup of the calendar routes. */
import type { Db } from '../../db/database.js';
import type { CalendarTable } from '../../db/tables/calendar.table.js';
import { notFound } from '../../errors/app-error.js';
import type { WorldScope } from '../../access/world-scope.js';
import { findCalendar } from './calendar.repository.js';

/**
 * Loads a calendar of the scope's world (any member may read it).
 * @throws AppError 404 'Calendar not found.' when missing or in another world.
 */
export async function requireCalendar(db: Db, scope: WorldScope, calendarId: string): Promise<CalendarTable> {
  const calendar = await findCalendar(db, scope, calendarId);
  if (!calendar) throw notFound('Calendar');
  return calendar;
}
