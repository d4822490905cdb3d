/**
 * Rich text of an import (docs/export-format.md, docs/rich-text.md): each record's `descriptionHtml` and
 * `gmNotesHtml` are sanitised again (an archive is never trusted), their old ids are rewritten to the new ones, a
 * mention of anything the new world does not hold becomes its plain label, the plain text is derived from what is
 * kept, and the mention indexes (the backlinks, `mention` and `gm_notes_mention`) of the new world are planned, one
 * row at a time. Pure: no database.
 */
import { type BacklinkSourceType, LIMITS, type MentionEntityType, type RichTextSourceType } from '@loreforge/contract';
import type { GmNotesMentionTable, MentionTable } from '../../db/tables/mention.table.js';
import { extractMentions, keepMentions } from '../../lib/rich-text/mention-markup.js';
import { htmlToPlainText } from '../../lib/rich-text/plain-text.js';
import { sanitizeRichText } from '../../lib/rich-text/sanitize.js';

/** A planned row with a description. */
export interface DescribedRow {
  id: string;
  description: string | null;
  description_html?: string | null;
}

/** A planned row with GM notes (every secret-capable row). */
export interface NotedRow {
  id: string;
  gm_notes: string | null;
  gm_notes_html: string | null;
}

/** The stored pair of one rich text field: its plain text and its HTML (or null). */
interface RichTextResult {
  text: string | null;
  html: string | null;
}

/**
 * The stored columns of one imported rich text field (a description or GM notes).
 * @param html the record's HTML, or null/undefined (a bundle written before rich text).
 * @param plain the record's plain text (ids already rewritten); kept when there is no rich text.
 * @param remap rewrites old ids to new ones in text.
 * @param exists whether the new world holds a mention's target, by its old id.
 */
function importedColumns(
  html: string | null | undefined,
  plain: string | null,
  remap: (text: string) => string,
  exists: (type: MentionEntityType, id: string) => boolean,
): RichTextResult {
  if (!html?.trim()) return { text: plain, html: null };
  // Mentions are checked against what the new world holds by their old ids, then every id is rewritten.
  const checked = remap(keepMentions(sanitizeRichText(html), (ref) => exists(ref.type, ref.id)));
  const text = htmlToPlainText(checked);
  if (text === '') return { text: plain, html: null };
  // A bundle's plain text was derived from its HTML; only an edited one could be longer than a field holds.
  return { text: text.length <= LIMITS.textMax ? text : plain, html: checked };
}

/** The index rows of the mentions in one source's kept HTML. */
const mentionRows = (worldId: string, sourceType: BacklinkSourceType, sourceId: string, html: string | null): MentionTable[] =>
  extractMentions(html).map((ref) => ({
    world_id: worldId,
    source_type: sourceType,
    source_id: sourceId,
    target_type: ref.type,
    target_id: ref.id,
  }));

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
  row.description = columns.text;
  row.description_html = columns.html;
  return mentionRows(worldId, sourceType, row.id, columns.html);
}

/**
 * Sets `gm_notes_html` (and the derived `gm_notes`) on one planned row and lists the mentions of its GM notes.
 * @param sourceType the row's kind (inventory entries and objectives too: their GM notes are their rich text).
 * @param row changed in place; its `gm_notes` already holds the record's plain notes, ids rewritten.
 * @param html the record's gmNotesHtml as the bundle holds it (old ids), or null/undefined.
 * @returns the `gm_notes_mention` rows of the kept notes.
 */
export function planGmNotes(
  worldId: string,
  sourceType: Exclude<BacklinkSourceType, 'world'>,
  row: NotedRow,
  html: string | null | undefined,
  remap: (text: string) => string,
  exists: (type: MentionEntityType, id: string) => boolean,
): GmNotesMentionTable[] {
  const columns = importedColumns(html, row.gm_notes, remap, exists);
  row.gm_notes = columns.text;
  row.gm_notes_html = columns.html;
  return mentionRows(worldId, sourceType, row.id, columns.html);
}
