/**
 * Reading stored calendar definitions: parsed once per calendar version and kept, so the engine's per-definition
 * tables (compileCalendar) are built once rather than on every request.
 */
import { CalendarDefinitionSchema, type CalendarDefinition } from '@loreforge/contract';
import type { CalendarTable } from '../../db/tables/calendar.table.js';
import { WeightedLru } from '../../lib/lru.js';

const definitions = new WeightedLru<CalendarDefinition>(1_000, 1_000);

/**
 * The definition of a stored calendar (validated when written; parsed again here so defaults apply).
 * @param row a calendar row; its id and updated_at key the cache, so an edit is read afresh.
 */
export function calendarDefinitionOf(row: Pick<CalendarTable, 'id' | 'updated_at' | 'definition'>): CalendarDefinition {
  const key = `${row.id}@${row.updated_at}`;
  const cached = definitions.get(key);
  if (cached) return cached;
  const definition = CalendarDefinitionSchema.parse(JSON.parse(row.definition));
  definitions.set(key, definition);
  return definition;
}
