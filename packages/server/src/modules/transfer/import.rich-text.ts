/**
 * Rich text of an import (docs/export-format.md, docs/rich-text.md): each record's `descriptionHtml` is sanitised
 * again (an archive is never trusted), its old ids are rewritten to the new ones, a mention of anything the new
 * world does not hold becomes its plain label, the plain description is derived from what is kept, and the
 * mention index (the backlinks) of the new world is planned, one row at a time. Pure: no database.
 */
import { LIMITS, type MentionEntityType, type RichTextSourceType } from '@loreforge/contract';
import type { MentionTable } from '../../db/tables/mention.table.js';
import { extractMentions, keepMentions } from '../../lib/rich-text/mention-markup.js';
import { htmlToPlainText } from '../../lib/rich-text/plain-text.js';
import { sanitizeRichText } from '../../lib/rich-text/sanitize.js';

/** A planned row with a description. */
export interface DescribedRow {
  id: string;
  description: string | null;
  description_html?: string | null;
}

/** Stored description columns of one source. */
interface RichTextResult {
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

/**
 * Sets `description_html` (and the derived `description`) on one planned row and lists its mentions.
 * @param sourceType the row's kind ('world' for the world itself); @param row changed in place.
 * @param html the record's descriptionHtml as the bundle holds it (old ids), or null/undefined.
 * @param remap rewrites old ids to new ones in text; @param exists whether the new world holds a mention's target.
 * @returns the mention rows of the row's kept rich text.
 */
export function planRowRichText(
  worldId: string,
  sourceType: RichTextSourceType,
  row: DescribedRow,
  html: string | null | undefined,
  remap: (text: string) => string,
  exists: (type: MentionEntityType, id: string) => boolean,
): MentionTable[] {
  const columns = importedColumns(html, row.description, remap, exists);
  row.description = columns.description;
  row.description_html = columns.description_html;
  return extractMentions(columns.description_html).map((ref) => ({
    world_id: worldId,
    source_type: sourceType,
    source_id: row.id,
    target_type: ref.type,
    target_id: ref.id,
  }));
}
