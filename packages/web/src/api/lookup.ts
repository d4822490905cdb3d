/** The one-big-page query used to fill selects with a world's entities (SPEC §9 lookup limits). */
import type { ListParams } from './list';

/**
 * Page 1 of up to 1000 rows sorted by name: the one query of every select, picker and whole-map feature list
 * (timelines for the event form, characters, items, events, maps and their points and areas).
 */
export const LOOKUP_PARAMS: ListParams = { page: 1, limit: 1000, sortBy: 'name', sortOrder: 'asc' };

/**
 * Label of an entity in a select: its name, or the first 8 characters of its id when it has none or is not
 * among the loaded rows (SPEC §9 "Timeline select fallback label").
 * @param id the entity id; @param name its name when known.
 */
export function selectLabel(id: string, name?: string | null): string {
  return name?.trim() ? name : id.slice(0, 8);
}
