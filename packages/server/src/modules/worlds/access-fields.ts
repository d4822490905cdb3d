/**
 * The access fields of every secret-capable entity (contract AccessInputSchema / AccessFieldsSchema): how they
 * are presented to a reader and how a write turns them into columns, recording who wrote.
 */
import { ACCESS_MESSAGES, type AccessFields, LIMITS, type Visibility, isEditorRole } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { badRequest, forbidden, invalidField } from '../../errors/app-error.js';
import { fromJsonText } from '../../lib/json.js';
import { extractMentions, keepMentions, mentionKey } from '../../lib/rich-text/mention-markup.js';
import { htmlToPlainText } from '../../lib/rich-text/plain-text.js';
import { sanitizeRichText } from '../../lib/rich-text/sanitize.js';
import { findMentionTargets } from '../mentions/mention.repository.js';
import type { ReadScope, WorldScope } from '../../access/world-scope.js';

/** The access fields as a create or update body carries them (after the contract's parsing). */
export interface AccessBody {
  visibility?: Visibility | undefined;
  revealedTo?: string[] | undefined;
  gmNotes?: string | null | undefined;
  gmNotesHtml?: string | null | undefined;
}

/** GM notes as stored: plain text and its sanitised HTML (or null). */
interface GmNotes {
  text: string | null;
  html: string | null;
}

/** The user ids a row is revealed to. */
function revealedIds(row: Pick<AccessColumns, 'revealed_to'>): string[] {
  const ids = fromJsonText<unknown>(row.revealed_to, []);
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

/**
 * Presents a row's access fields to a reader: editors and the owner see reveals and GM notes; anyone else
 * gets `revealedTo: []` and `gmNotes: null` (they never learn who else was shown a secret, nor its notes).
 */
export function presentAccess(row: AccessColumns, scope: ReadScope): AccessFields {
  return withAccess(row, scope, {});
}

/**
 * An entity's answer with its access fields (as presentAccess gives them) written onto it, after its own.
 * @param entity a new object literal of the entity's other fields; it is changed and returned.
 * @returns `entity` with `visibility`, `revealedTo`, `gmNotes`, `gmNotesHtml`, `createdBy` and `updatedBy`.
 *
 * Presenters build every answer this way, never as `{ ...presentAccess(row, scope), …fields }`: on Node.js 20 an
 * object literal that starts with a spread and goes on with properties of its own took 25-30 µs a character to
 * build (V8 11 could not reuse its shape), this 2 µs (docs/performance.md, "Presenters without spreads").
 */
export function withAccess<T extends object>(row: AccessColumns, scope: ReadScope, entity: T): T & AccessFields {
  const answer = entity as T & AccessFields;
  answer.visibility = row.visibility === 'editors' ? 'editors' : 'everyone';
  answer.revealedTo = scope.seesSecrets ? revealedIds(row) : [];
  answer.gmNotes = scope.seesSecrets ? row.gm_notes : null;
  answer.gmNotesHtml = scope.seesSecrets ? (row.gm_notes_html ?? null) : null;
  answer.createdBy = row.created_by;
  answer.updatedBy = row.updated_by;
  return answer;
}

/**
 * Checks that every id names a player of the world.
 * @throws AppError 400 ACCESS_MESSAGES.revealedToNotPlayer (field revealedTo) otherwise.
 */
async function requirePlayers(db: Db, worldId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .selectFrom('world_member')
    .select('user_id')
    .where('world_id', '=', worldId)
    .where('role', '=', 'player')
    .where('user_id', 'in', ids)
    .execute();
  if (rows.length !== new Set(ids).size) {
    throw badRequest(ACCESS_MESSAGES.revealedToNotPlayer, { revealedTo: ACCESS_MESSAGES.revealedToNotPlayer });
  }
}

/**
 * The GM notes a write asks for, before any check, following the rules of descriptions (docs/rich-text.md):
 * blank `gmNotesHtml` or absent leaves `gmNotes` as sent (absent keeps them); absent `gmNotesHtml` keeps the stored
 * HTML while the plain notes stay the same, and drops it when they change.
 */
function requestedGmNotes(body: AccessBody, current: GmNotes): GmNotes & { rich: string | null } {
  const text = body.gmNotes === undefined ? current.text : body.gmNotes;
  const rich = body.gmNotesHtml?.trim() ? body.gmNotesHtml : null;
  if (body.gmNotesHtml !== undefined) return { text, html: null, rich };
  return { text, html: text === current.text ? current.html : null, rich };
}

/**
 * Turns rich GM notes into stored columns: sanitised, mentions of anything missing or hidden from the writer made
 * plain text, plain notes derived from the result (HTML without text keeps the plain notes as sent).
 * @throws AppError 400 (field gmNotes) when the text is longer than LIMITS.textMax.
 */
async function richGmNotes(db: Db, scope: WorldScope, rich: string, fallback: string | null): Promise<GmNotes> {
  const html = sanitizeRichText(rich);
  const targets = await findMentionTargets(db, scope, scope.world.id, extractMentions(html));
  const checked = keepMentions(html, (ref) => targets.has(mentionKey(ref.type, ref.id)));
  const text = htmlToPlainText(checked);
  if (text.length > LIMITS.textMax) throw invalidField('gmNotes', `GM Notes must be no more than ${LIMITS.textMax} characters.`);
  return text === '' ? { text: fallback, html: null } : { text, html: checked };
}

/**
 * The access columns of a write: the body's access fields (absent ones keep `existing`'s, or the defaults on
 * create) and the writer as updated_by (and created_by on create).
 * @param existing the row before an update; undefined on create.
 * @returns the columns to write.
 * @throws AppError 403 ACCESS_MESSAGES.accessFieldsEditorsOnly when someone other than an editor or the owner
 * sends an access field that differs from the current value (or any rich GM notes); 400 when revealedTo names a
 * non-player or the GM notes' text is too long.
 */
export async function accessColumns(db: Db, scope: WorldScope, body: AccessBody, existing?: AccessColumns): Promise<AccessColumns> {
  const current = {
    visibility: existing?.visibility ?? 'everyone',
    revealedTo: existing ? revealedIds(existing) : [],
    gmNotes: { text: existing?.gm_notes ?? null, html: existing?.gm_notes_html ?? null },
  };
  const notes = requestedGmNotes(body, current.gmNotes);
  const next = {
    visibility: body.visibility ?? current.visibility,
    revealedTo: body.revealedTo ? [...new Set(body.revealedTo.map((id) => id.toLowerCase()))] : current.revealedTo,
  };
  if (!isEditorRole(scope.role)) {
    const same =
      next.visibility === current.visibility &&
      notes.rich === null &&
      notes.text === current.gmNotes.text &&
      notes.html === current.gmNotes.html &&
      next.revealedTo.length === current.revealedTo.length &&
      next.revealedTo.every((id) => current.revealedTo.includes(id));
    if (!same) throw forbidden(ACCESS_MESSAGES.accessFieldsEditorsOnly);
  }
  if (body.revealedTo) await requirePlayers(db, scope.world.id, next.revealedTo);
  const gmNotes = notes.rich === null ? notes : await richGmNotes(db, scope, notes.rich, notes.text);
  return {
    visibility: next.visibility,
    revealed_to: JSON.stringify(next.revealedTo),
    gm_notes: gmNotes.text,
    gm_notes_html: gmNotes.html,
    created_by: existing ? existing.created_by : scope.userId,
    updated_by: scope.userId,
  };
}
