/**
 * Calendar writes and the date checks other modules share (issue 12): a date that the calendar lacks, or whose
 * instant the database cannot store, becomes a 400 naming the field.
 */
import type { z } from 'zod';
import {
  type CalendarCreateSchema,
  type CalendarDateInput,
  type CalendarDefinition,
  STORED_INSTANT_MAX,
  STORED_INSTANT_MIN,
  checkCalendarDate,
  compileCalendar,
  instantOfAbsoluteDate,
  isDateProblem,
} from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { CalendarTable } from '../../db/tables/calendar.table.js';
import { invalidField } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { insertCalendar } from './calendar.repository.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';

/** A validated calendar body (create and PUT). */
export type CalendarInput = z.output<typeof CalendarCreateSchema>;

/** The stored columns of a calendar body: name, description and the definition as JSON text (preset dropped). */
export function calendarColumns(input: CalendarInput): Pick<CalendarTable, 'name' | 'description' | 'definition'> {
  const { name, description, preset: _preset, ...definition } = input;
  return { name, description, definition: JSON.stringify(definition) };
}

/**
 * Inserts a calendar for the scope's world from a validated body.
 * @returns the new row, with the caller as its creator and last writer.
 * @throws AppError 403 for a player or viewer (calendars are written by editors and the owner).
 */
export async function createCalendar(db: Db, scope: WorldScope, input: CalendarInput): Promise<CalendarTable> {
  requireEditor(scope);
  const now = nowIso();
  const row: CalendarTable = {
    id: newId(),
    world_id: scope.world.id,
    ...calendarColumns(input),
    created_by: scope.userId,
    updated_by: scope.userId,
    created_at: now,
    updated_at: now,
  };
  await insertCalendar(db, row);
  return row;
}

/**
 * Throws when an instant lies outside what the database stores (a signed 64-bit integer of minutes).
 * @param field the request field to name in the message.
 * @throws AppError 400 naming the field.
 */
function assertStorableInstant(instant: bigint, field: string): void {
  if (instant < STORED_INSTANT_MIN || instant > STORED_INSTANT_MAX) {
    throw invalidField(
      field,
      `This date is too far from the calendar's epoch to store (instants run from ${STORED_INSTANT_MIN} to ${STORED_INSTANT_MAX} minutes).`,
    );
  }
}

/**
 * The instant of a date in a calendar, checked as the API answers it.
 * @param field the request field holding the date ('date', 'calendarDate'); problems name `<field>.<part>`.
 * @param storable when true (the default), an instant the database cannot store is refused too.
 * @returns whole minutes since the epoch, within the stored range.
 * @throws AppError 400 naming the part of the date the calendar lacks (day, month, era, year, hour, minute).
 */
export function instantForDate(definition: CalendarDefinition, date: CalendarDateInput, field: string, storable = true): bigint {
  const calendar = compileCalendar(definition);
  const checked = checkCalendarDate(calendar, date);
  if (isDateProblem(checked)) throw invalidField(`${field}.${checked.field}`, checked.message);
  const instant = instantOfAbsoluteDate(calendar, checked);
  if (storable) assertStorableInstant(instant, field);
  return instant;
}
