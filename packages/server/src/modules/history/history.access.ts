/**
 * Who may read an entity's history (issue 15 "History"): the entity must be visible to the reader now
 * (visibility.ts), or, once deleted, its last snapshot must have been (its own rule and every entity it
 * referenced); otherwise the answer is 404, exactly as for a missing entity, so a secret's history does not
 * betray that it exists.
 */
import { HISTORY_MESSAGES, type HistoryEntityType } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors/app-error.js';
import { fromJsonText } from '../../lib/json.js';
import { isVisible, referencesOf } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';
import { type EntityChangeRow, findEntityRow, findLatestEntityChange, secretTableOf } from './history.repository.js';

/** 404 for an entity without a history the reader may see (missing, another world's, or hidden). */
export const historyNotFound = (): AppError => new AppError(404, 'NOT_FOUND', HISTORY_MESSAGES.notFound);

/** A change snapshot (a row as JSON text) as an object, or null. */
export const parseSnapshot = (text: string | null): Record<string, unknown> | null =>
  text === null ? null : fromJsonText<Record<string, unknown> | null>(text, null);

/**
 * Whether a snapshot's own access columns let the reader see it (editors always; rows without access columns
 * are everyone's).
 */
export function ownSnapshotVisible(scope: ReadScope, snapshot: Record<string, unknown> | null): boolean {
  if (scope.seesSecrets || snapshot?.visibility === undefined || snapshot.visibility === null) return true;
  if (snapshot.visibility === 'everyone') return true;
  if (scope.viewer.role !== 'player') return false;
  const revealed = fromJsonText<unknown>(typeof snapshot.revealed_to === 'string' ? snapshot.revealed_to : '[]', []);
  return Array.isArray(revealed) && revealed.includes(scope.viewer.userId);
}

/** The entity's current row (undefined once deleted) and its latest change. */
export interface HistoryTarget {
  row: Record<string, unknown> | undefined;
  latest: EntityChangeRow | undefined;
}

/**
 * Requires the reader to be allowed the entity's history (see the module comment).
 * @returns the entity's current row and latest change.
 * @throws AppError 404 HISTORY_MESSAGES.notFound otherwise.
 */
export async function requireHistory(
  db: Db,
  scope: ReadScope,
  worldId: string,
  type: HistoryEntityType,
  entityId: string,
): Promise<HistoryTarget> {
  const row = await findEntityRow(db, worldId, type, entityId);
  const latest = await findLatestEntityChange(db, worldId, type, entityId);
  if (!row && !latest) throw historyNotFound();
  const table = secretTableOf(type);
  if (scope.seesSecrets || table === undefined) return { row, latest };
  if (row) {
    if (!(await isVisible(db, scope, table, entityId))) throw historyNotFound();
    return { row, latest };
  }
  // No row: the entity is deleted, and its latest change (there is one, checked above) holds its last state.
  if (!latest) throw historyNotFound();
  const snapshot = parseSnapshot(latest.before ?? latest.after);
  const references = snapshot && ownSnapshotVisible(scope, snapshot) ? referencesOf(table, snapshot) : undefined;
  if (references === undefined) throw historyNotFound();
  for (const reference of references) if (!(await isVisible(db, scope, reference.table, reference.id))) throw historyNotFound();
  return { row, latest };
}
