/**
 * How a write turns a body's `description` and `descriptionHtml` into stored columns (issue "Linked lore",
 * docs/rich-text.md): the HTML is sanitised, mentions of anything the writer may not see in this world become plain
 * text, and the plain description is derived from what is kept.
 */
import { LIMITS, type RichTextSourceType, maxLength } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { invalidField } from '../../errors/app-error.js';
import { type MentionRef, extractMentions, keepMentions, mentionKey } from '../../lib/rich-text/mention-markup.js';
import { htmlToPlainText } from '../../lib/rich-text/plain-text.js';
import { sanitizeRichText } from '../../lib/rich-text/sanitize.js';
import { SECRET_TABLES } from '../../access/visibility.js';
import type { WorldScope } from '../../access/world-scope.js';
import { findMentionTargets, replaceGmNotesMentionsOf, replaceMentionsOf } from './mention.repository.js';

/** The description fields of a validated body. */
export interface RichTextBody {
  description: string | null;
  descriptionHtml?: string | null | undefined;
}

/** The stored description columns of a write, and the entities its text mentions. */
export interface RichTextColumns {
  description: string | null;
  description_html: string | null;
  mentions: MentionRef[];
}

/**
 * The description columns of a create or update.
 * - `descriptionHtml` given (not blank): it is sanitised, mentions of entities missing from the world or hidden
 *   from the writer become their plain label, and `description` is derived from the result.
 * - Otherwise: `description` as sent; on update, unchanged plain text keeps the stored HTML (an older client that
 *   edits another field does not lose the formatting), changed text drops it (the HTML then reads as the text).
 * @param scope the writer's scope; null for a world being created.
 * @param existing the row before an update; undefined on create.
 * @throws AppError 400 (field description) when the text of the HTML is longer than LIMITS.textMax.
 */
export async function prepareRichText(
  db: Db,
  scope: WorldScope | null,
  body: RichTextBody,
  existing?: { description: string | null; description_html?: string | null },
): Promise<RichTextColumns> {
  const html = body.descriptionHtml?.trim() ? sanitizeRichText(body.descriptionHtml) : null;
  if (html === null) {
    const keep = existing !== undefined && body.descriptionHtml === undefined && body.description === existing.description;
    const kept = keep ? (existing.description_html ?? null) : null;
    return { description: body.description, description_html: kept, mentions: extractMentions(kept) };
  }
  // A world being created has nothing to mention yet (scope null): every mention becomes its label.
  const targets = scope === null ? new Map<string, unknown>() : await findMentionTargets(db, scope, scope.world.id, extractMentions(html));
  const checked = keepMentions(html, (ref) => targets.has(mentionKey(ref.type, ref.id)));
  const text = htmlToPlainText(checked);
  if (text.length > LIMITS.textMax) throw invalidField('description', maxLength('Description', LIMITS.textMax));
  // HTML without text (an empty editor's '<p></p>') is no rich text: the plain description stands.
  if (text === '') return { description: body.description, description_html: null, mentions: [] };
  return { description: text, description_html: checked, mentions: extractMentions(checked) };
}

/**
 * Records the mentions of a written source in the backlink index (in the write's transaction, after the row is
 * written): those of its text, and apart those of its GM notes as stored, which only editors' backlinks read.
 * @param columns what prepareRichText answered for this write.
 */
export async function saveMentions(
  db: Db,
  scope: WorldScope,
  sourceType: RichTextSourceType,
  sourceId: string,
  columns: RichTextColumns,
): Promise<void> {
  await replaceMentionsOf(db, scope.world.id, sourceType, sourceId, columns.mentions);
  if (sourceType === 'world') return;
  // Every source but the world has GM notes, in the secret-capable table of its type.
  const row = await db.selectFrom(SECRET_TABLES[sourceType]).select('gm_notes_html').where('id', '=', sourceId).executeTakeFirst();
  await replaceGmNotesMentionsOf(db, scope.world.id, sourceType, sourceId, extractMentions(row?.gm_notes_html ?? null));
}

/** The table of each source whose only rich text is its GM notes (the index names them apart from the change log). */
const GM_NOTES_ONLY_TABLES = { inventoryItem: SECRET_TABLES.inventoryEntry, questObjective: SECRET_TABLES.objective };

/**
 * Records the mentions inside the GM notes of a written inventory entry or quest objective, as stored (in the write's
 * transaction, after the row is written), in the index only editors' and the owner's backlinks read.
 */
export async function saveGmNotesMentions(
  db: Db,
  scope: WorldScope,
  sourceType: keyof typeof GM_NOTES_ONLY_TABLES,
  sourceId: string,
): Promise<void> {
  const row = await db.selectFrom(GM_NOTES_ONLY_TABLES[sourceType]).select('gm_notes_html').where('id', '=', sourceId).executeTakeFirst();
  await replaceGmNotesMentionsOf(db, scope.world.id, sourceType, sourceId, extractMentions(row?.gm_notes_html ?? null));
}

/** The columns of RichTextColumns a row stores. */
export const richTextRow = (columns: RichTextColumns): { description: string | null; description_html: string | null } => ({
  description: columns.description,
  description_html: columns.description_html,
});
