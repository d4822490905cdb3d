/**
 * Queries of `world_visit` (a member's last look at a world) and the snapshots "since you last looked" names
 * changed entities from (issue 15).
 */
import type { Db } from '../../db/database.js';
import type { WorldVisitTable } from '../../db/tables/world-visit.table.js';

/** The member's last visit of the world, or undefined before their first. */
export async function findVisit(db: Db, worldId: string, userId: string): Promise<WorldVisitTable | undefined> {
  return db.selectFrom('world_visit').selectAll().where('world_id', '=', worldId).where('user_id', '=', userId).executeTakeFirst();
}

/** Records a visit: the world's sequence and the time now (one row per member and world). */
export async function saveVisit(db: Db, visit: WorldVisitTable): Promise<void> {
  await db
    .insertInto('world_visit')
    .values(visit)
    .onConflict((conflict) =>
      conflict
        .columns(['world_id', 'user_id'])
        .doUpdateSet({ last_seen_sequence: visit.last_seen_sequence, last_seen_at: visit.last_seen_at }),
    )
    .execute();
}

/**
 * The row snapshots of some changes of a world (after, or before for a deletion), by sequence.
 * @param sequences at most a few hundred.
 */
export async function findChangeSnapshots(db: Db, worldId: string, sequences: number[]): Promise<Map<number, string | null>> {
  if (sequences.length === 0) return new Map();
  const rows = await db
    .selectFrom('world_change')
    .select(['sequence', 'before', 'after'])
    .where('world_id', '=', worldId)
    .where('sequence', 'in', sequences)
    .execute();
  return new Map(rows.map((row) => [Number(row.sequence), row.after ?? row.before]));
}
