/**
 * The access fields of every secret-capable entity (contract AccessInputSchema / AccessFieldsSchema): how they
 * are presented to a reader and how a write turns them into columns, recording who wrote.
 */
import { ACCESS_MESSAGES, type AccessFields, type Visibility, isEditorRole } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { badRequest, forbidden } from '../../errors/app-error.js';
import { fromJsonText } from '../../lib/json.js';
import type { ReadScope, WorldScope } from './world-scope.js';

/** The access fields as a create or update body carries them (after the contract's parsing). */
export interface AccessBody {
  visibility?: Visibility | undefined;
  revealedTo?: string[] | undefined;
  gmNotes?: string | null | undefined;
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
  return {
    visibility: row.visibility === 'editors' ? 'editors' : 'everyone',
    revealedTo: scope.seesSecrets ? revealedIds(row) : [],
    gmNotes: scope.seesSecrets ? row.gm_notes : null,
    createdBy: row.created_by,
    updatedBy: row.updated_by,
  };
}

/**
 * Checks that every id names a player of the world.
 * @throws AppError 400 ACCESS_MESSAGES.revealedToNotPlayer (field revealedTo) otherwise.
 */
async function requirePlayers(db: Db, worldId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db.selectFrom('world_member').select('user_id')
    .where('world_id', '=', worldId).where('role', '=', 'player').where('user_id', 'in', ids).execute();
  if (rows.length !== new Set(ids).size) {
    throw badRequest(ACCESS_MESSAGES.revealedToNotPlayer, { revealedTo: ACCESS_MESSAGES.revealedToNotPlayer });
  }
}

/**
 * The access columns of a write: the body's access fields (absent ones keep `existing`'s, or the defaults on
 * create) and the writer as updated_by (and created_by on create).
 * @param existing the row before an update; undefined on create.
 * @returns the columns to write.
 * @throws AppError 403 ACCESS_MESSAGES.accessFieldsEditorsOnly when someone other than an editor or the owner
 * sends an access field that differs from the current value; 400 when revealedTo names a non-player.
 */
export async function accessColumns(db: Db, scope: WorldScope, body: AccessBody, existing?: AccessColumns): Promise<AccessColumns> {
  const current = {
    visibility: existing?.visibility ?? 'everyone',
    revealedTo: existing ? revealedIds(existing) : [],
    gmNotes: existing?.gm_notes ?? null,
  };
  const next = {
    visibility: body.visibility ?? current.visibility,
    revealedTo: body.revealedTo ? [...new Set(body.revealedTo.map((id) => id.toLowerCase()))] : current.revealedTo,
    gmNotes: body.gmNotes === undefined ? current.gmNotes : body.gmNotes,
  };
  if (!isEditorRole(scope.role)) {
    const same = next.visibility === current.visibility && next.gmNotes === current.gmNotes
      && next.revealedTo.length === current.revealedTo.length && next.revealedTo.every((id) => current.revealedTo.includes(id));
    if (!same) throw forbidden(ACCESS_MESSAGES.accessFieldsEditorsOnly);
  }
  if (body.revealedTo) await requirePlayers(db, scope.world.id, next.revealedTo);
  return {
    visibility: next.visibility,
    revealed_to: JSON.stringify(next.revealedTo),
    gm_notes: next.gmNotes,
    created_by: existing ? existing.created_by : scope.userId,
    updated_by: scope.userId,
  };
}
