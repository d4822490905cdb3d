/**
 * Statements PostgreSQL plans for the values they are run with.
 *
 * Every connection keeps one generic plan per statement (`plan_cache_mode = force_generic_plan`, db/connect.ts):
 * the API's statements are keyed by a world or a row, and planning them again at every run cost more than running
 * them. A generic plan estimates a bound world id at the average world's share of a table. For the world search
 * of a large world that is wrong by far: it took the world's (world_id, lower(name)) index to be selective and
 * combined it with the trigram index (`BitmapAnd`), reading all 100,000 of a world's index entries to keep the few
 * hundred a name matched, 8-17 ms a statement. Planned for its values, PostgreSQL knows the world's size from its
 * statistics and reads the trigram index alone for a large world, the world's index alone for a small one.
 */
import { SqliteAdapter, sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Runs `read` so that PostgreSQL plans each of its statements for its values (in a transaction with
 * `SET LOCAL plan_cache_mode = force_custom_plan`, three statements more); on SQLite, which plans bound values
 * its own way (db/prepared-once.ts), or when `db` is already a transaction, `read` runs on `db` as it is.
 * @param db the database. @param read the reads, given the handle to run them on (for PostgreSQL a transaction:
 *   it must only read, and must not start a transaction of its own).
 * @returns what `read` returns; an error of `read` rolls the transaction back and is thrown again.
 */
export async function plannedForValues<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
  // Inside a caller's transaction the setting would outlast `read`: its statements keep the kept plans.
  if (db.isTransaction || db.getExecutor().adapter instanceof SqliteAdapter) return read(db);
  return db.transaction().execute(async (trx) => {
    await sql`set local plan_cache_mode = force_custom_plan`.execute(trx);
    return read(trx);
  });
}
