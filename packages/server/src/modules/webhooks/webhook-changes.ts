/**
 * What webhooks read of a world's change log, through the change feed's repository (modules/changes): its latest
 * sequence (where a new webhook starts) and the changes after a sequence (the fan-out), read as the owner, who may
 * see every change (issue 15: deliveries only of changes the owner may see).
 */
import type { Db } from '../../db/database.js';
import { type ChangeRow, findLastSequence, listVisibleChanges } from '../changes/change.repository.js';
import type { ReadScope } from '../../access/world-scope.js';

/** One committed change as webhooks deliver it. */
export type LoggedChange = ChangeRow;

/** The owner's reading of a world: every change. */
const OWNER_READ: ReadScope = { viewer: { userId: '', role: 'owner' }, seesSecrets: true };

/** The world's latest change sequence (0 before its first change). */
export async function latestSequence(db: Db, worldId: string): Promise<number> {
  return findLastSequence(db, worldId);
}

/**
 * Changes of a world after a sequence, oldest first.
 * @param limit most changes to return.
 */
export async function changesAfter(db: Db, worldId: string, after: number, limit: number): Promise<LoggedChange[]> {
  return (await listVisibleChanges(db, OWNER_READ, worldId, after, limit)).rows;
}
