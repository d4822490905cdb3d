/**
 * Rich text of an import (docs/export-format.md, docs/rich-text.md): each record's `descriptionHtml` is sanitised
 * again (an archive is never trusted), its old ids are rewritten to the new ones, a mention of anything the new
 * world does not hold becomes its plain label, the plain description is derived from what is kept, and the
 * mention index (the backlinks) of the new world is planned. Pure: no database.
 */
import { LIMITS, type MentionEntityType, type RichTextSourceType } from '@loreforge/contract';
import type { MentionTable } from '../../db/tables/mention.table.js';
import { extractMentions, keepMentions, mentionKey } from '../../lib/rich-text/mention-markup.js';
import { htmlToPlainText } from '../../lib/rich-text/plain-text.js';
import { sanitizeRichText } from '../../lib/rich-text/sanitize.js';

/** A planned row with a description. */
export interface DescribedRow {
  id: string;
  description: string | null;
  description_html?: string | null;
}

/** The planned rows of every described entity type but the world, by source type. */
export type DescribedRows = Record<Exclude<RichTextSourceType, 'world'>, DescribedRow[]>;

/** Stored description columns of one source. */
export interface RichTextResult {
  description: string | null;
  description_html: string | null;
}

/**
 * The stored columns of one imported description.
 * @param html the record's descriptionHtml, or null/undefined (a bundle written before rich text).
 * @param description the record's plain description (ids already rewritten); kept when there is no rich text.
 * @param remap rewrites old ids to new ones in text.
 * @param exists whether the new world holds a mention's target.
 */
function importedColumns(
  html: string | null | undefined,
  description: string | null,
  remap: (text: string) => string,
  exists: (type: MentionEntityType, id: string) => boolean,
): RichTextResult {
  if (!html?.trim()) return { description, description_html: null };
  const checked = keepMentions(remap(sanitizeRichText(html)), (ref) => exists(ref.type, ref.id));
  const text = htmlToPlainText(checked);
  if (text === '') return { description, description_html: null };
  // A bundle's plain description was derived from its HTML; only an edited one could be longer than a field holds.
  return { description: text.length <= LIMITS.textMax ? text : description, description_html: checked };
}

/** Planned rows of each mentionable type, by mention type. */
const TARGET_SOURCES: Record<MentionEntityType, Exclude<RichTextSourceType, 'world' | 'relationship' | 'connection'>> = {
  character: 'character', item: 'item', quest: 'quest', event: 'event', timeline: 'timeline', map: 'map',
  mapPoint: 'mapPoint', mapArea: 'mapArea', goal: 'goal',
};

/**
 * Sets `description_html` (and the derived `description`) on every planned row and plans the mention index.
 * @param rows the planned rows; changed in place.
 * @param htmlById new id → the record's descriptionHtml as the bundle holds it.
 * @param world the new world's id, its bundle descriptionHtml and its plain description (ids rewritten).
 * @returns the world's description columns and the mention rows to insert.
 */
export function planRichText(
  rows: DescribedRows,
  htmlById: ReadonlyMap<string, string>,
  world: { id: string; descriptionHtml: string | null | undefined; description: string | null },
  remap: (text: string) => string,
): { world: RichTextResult; mention: MentionTable[] } {
  const existing = new Set<string>();
  for (const [type, source] of Object.entries(TARGET_SOURCES) as [MentionEntityType, keyof DescribedRows][]) {
    for (const row of rows[source]) existing.add(mentionKey(type, row.id));
  }
  const exists = (type: MentionEntityType, id: string) => existing.has(mentionKey(type, id));
  const mention: MentionTable[] = [];
  const index = (sourceType: RichTextSourceType, sourceId: string, html: string | null) => {
    for (const ref of extractMentions(html)) {
      mention.push({ world_id: world.id, source_type: sourceType, source_id: sourceId, target_type: ref.type, target_id: ref.id });
    }
  };
  for (const [sourceType, list] of Object.entries(rows) as [RichTextSourceType, DescribedRow[]][]) {
    for (const row of list) {
      const columns = importedColumns(htmlById.get(row.id), row.description, remap, exists);
      row.description = columns.description;
      row.description_html = columns.description_html;
      index(sourceType, row.id, columns.description_html);
    }
  }
  const worldColumns = importedColumns(world.descriptionHtml, world.description, remap, exists);
  index('world', world.id, worldColumns.description_html);
  return { world: worldColumns, mention };
}
