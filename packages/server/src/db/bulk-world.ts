/**
 * Writing a whole new world in one transaction (an import, issue 13) without the per-row bookkeeping of the
 * database's triggers. On PostgreSQL every counted or recorded row updates its world's row and its change
 * counter row at commit, and many updates of one row in one transaction cost the square of their number
 * (migration bulk_world_triggers); inside `writeBulkWorld` the triggers skip that world's counts and take its
 * change sequence from the transaction, and the world is recounted and its counter stored once at the end.
 * The change log still gets one row per written row, in order. On SQLite (rows updated in place) it only runs
 * `write`.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.js';

/** Counted tables and the world column that counts each (as migration count_world_content_in_triggers). */
const COUNTERS = {
  character: 'character_count',
  item: 'item_count',
  timeline: 'timeline_count',
  event: 'event_count',
  map: 'map_count',
} as const;

/**
 * Runs `write` for a world that `write` itself creates, inside the transaction `trx`.
 * @param trx an open transaction (the world must not exist before it, and nothing else may write it before
 * commit: its id is new to this transaction).
 * @param worldId the new world's id.
 * @param write inserts the world and its rows.
 * @returns what `write` returns, once the world's counts, content version and change counter are stored.
 * @throws whatever `write` or the database throws (the caller's transaction then rolls back).
 */
export async function writeBulkWorld<T>(trx: Db, worldId: string, write: () => Promise<T>): Promise<T> {
  if (!(trx.getExecutor().adapter instanceof PostgresAdapter)) return write();
  await sql`select set_config('loreforge.bulk_world', ${worldId}, true)`.execute(trx);
  const result = await write();
  // Runs the deferred triggers of every row written so far, while they still see the setting.
  await sql`set constraints all immediate`.execute(trx);
  await sql`select set_config('loreforge.bulk_world', '', true)`.execute(trx);
  await sql`set constraints all deferred`.execute(trx);
  await sql`
    insert into world_change_counter (world_id, last_sequence)
    select ${worldId}, cast(current_setting('loreforge.bulk_sequence') as bigint)
    where coalesce(current_setting('loreforge.bulk_sequence', true), '') <> ''
    on conflict (world_id) do update set last_sequence = excluded.last_sequence`.execute(trx);
  const counts = Object.entries(COUNTERS).map(
    ([table, column]) => sql`${sql.ref(column)} = (select count(*) from ${sql.table(table)} where world_id = ${worldId})`,
  );
  await sql`update world set ${sql.join(counts)}, content_version = content_version + 1 where id = ${worldId}`.execute(trx);
  return result;
}
