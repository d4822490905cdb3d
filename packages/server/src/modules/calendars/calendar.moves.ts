/**
 * What a calendar's new definition does to the dates on it (issue 12 "Changing a calendar's definition under
 * existing events keeps every event's instant and tells the user which dates it moves"), and whether it is in use.
 */
import { type CalendarDefinition, type MovedDate, formatInstant } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { conflict } from '../../errors/app-error.js';
import { instantOfRow } from './calendar.clock.js';

/**
 * The events and timeline "now"s on a calendar whose instant reads as another date under the new definition.
 * @returns one entry per moved date, with the words before and after; instants themselves never change.
 */
export async function datesMovedBy(
  db: Db,
  calendarId: string,
  before: CalendarDefinition,
  after: CalendarDefinition,
): Promise<MovedDate[]> {
  const timelines = await db
    .selectFrom('timeline')
    .select(['id', 'name', 'current_instant', 'current_date_time'])
    .where('calendar_id', '=', calendarId)
    .execute();
  if (timelines.length === 0) return [];
  const events = await db
    .selectFrom('event')
    .select(['id', 'name', 'instant', 'date_time'])
    .where(
      'timeline_id',
      'in',
      timelines.map((timeline) => timeline.id),
    )
    .orderBy('instant')
    .execute();
  const moved: MovedDate[] = [];
  const compare = (kind: MovedDate['kind'], id: string, name: string, instant: bigint | null) => {
    if (instant === null) return;
    const [was, is] = [formatInstant(before, instant), formatInstant(after, instant)];
    if (was !== is) moved.push({ kind, id, name, before: was, after: is });
  };
  for (const timeline of timelines)
    compare('timeline', timeline.id, timeline.name, instantOfRow(timeline.current_instant, timeline.current_date_time));
  for (const event of events) compare('event', event.id, event.name, instantOfRow(event.instant, event.date_time));
  return moved;
}

/**
 * Refuses to delete a calendar that timelines keep time in.
 * @throws AppError 409 naming how many timelines use it.
 */
export async function assertCalendarUnused(db: Db, calendarId: string): Promise<void> {
  const row = await db
    .selectFrom('timeline')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('calendar_id', '=', calendarId)
    .executeTakeFirst();
  const count = Number(row?.count ?? 0);
  if (count > 0) {
    throw conflict(
      `${count} ${count === 1 ? 'timeline keeps' : 'timelines keep'} time in this calendar; give ${count === 1 ? 'it' : 'them'} another calendar first.`,
    );
  }
}
