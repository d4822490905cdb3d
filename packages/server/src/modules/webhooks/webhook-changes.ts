/**
 * What webhooks read of a world's change log: its latest sequence (where a new webhook starts) and the changes
 * after a sequence (the fan-out). The only place webhooks touch the change log.
 */
import type { Db } from '../../db/database.js';

/** One committed change as webhooks deliver it. */
export interface LoggedChange {
  sequence: number;
  entityType: string;
  entityId: string;
  action: string;
  by: string | null;
  at: string;
}

/** The world's latest change sequence (0 before its first change). */
export async function latestSequence(_db: Db, _worldId: string): Promise<number> {
  return 0;
}

/**
 * Changes of a world after a sequence, oldest first.
 * @param limit most changes to return.
 */
export async function changesAfter(_db: Db, _worldId: string, _after: number, _limit: number): Promise<LoggedChange[]> {
  return [];
}
