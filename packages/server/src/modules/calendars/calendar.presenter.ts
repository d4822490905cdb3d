/** Presents calendar rows as the API answers them (issue 12, docs/calendars.md). */
import type { Calendar } from '@loreforge/contract';
import type { CalendarTable } from '../../db/tables/calendar.table.js';
import { calendarDefinitionOf } from './calendar.definition.js';

/** A calendar row → `Calendar`: id, world, name, description, every definition field, authors, timestamps. */
export const presentCalendar = (row: CalendarTable): Calendar =>
  Object.assign({ calendarId: row.id, worldId: row.world_id, name: row.name, description: row.description }, calendarDefinitionOf(row), {
    createdBy: row.created_by,
    updatedBy: row.updated_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
