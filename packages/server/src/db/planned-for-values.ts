/**
 * Statements PostgreSQL plans for the values they are run with.
 *
 * Every connection keeps one generic plan per statement (`plan_cache_mode = force_generic_plan`, db/connect.ts):
 * the API's statements are keyed by a world or a row, and planning them again at every run cost more than running
 * them. A generic plan estimates a bound world id at the average world's share of a table. For a search of a large
 * world that is wrong by far: it took the world's (world_id, lower(name)) index to be selective and combined it with
 * the trigram index (`BitmapAnd`), reading all 100,000 of a world's index entries to keep the few hundred a name
 * matched, 8-40 ms a statement. Planned for its values, PostgreSQL knows the world's size from its statistics and
 * reads the trigram index alone. Searches of a large scope (the world search, a list's search of a world past
 * `searchLimits.fullTextMinRows`) carry the mark; the rest keep their plans, a small world's search included (it is
 * written so that no index depends on its term, lib/list/query.ts scansScope).
 */
import { type Expression, SqliteAdapter, sql } from 'kysely';
import type { Db } from './database.js';
import { PLANNED_FOR_VALUES_MARK } from './postgres-dialect.js';

/**
 * A condition whose statement PostgreSQL plans for its values (the connection pool sees the mark,
 * db/postgres-dialect.ts namedStatementPool); on SQLite, which plans bound values its own way
 * (db/prepared-once.ts), the condition as it is.
 * @param db the database the statement runs on. @param condition any SQL expression.
 * @returns the same condition, marked on PostgreSQL.
 */
export function plannedForValues<T>(db: Db, condition: Expression<T>): Expression<T> {
  return db.getExecutor().adapter instanceof SqliteAdapter ? condition : markedForValues(condition);
}

/**
 * A condition marked to be planned for its values, for a statement known to run on PostgreSQL (plannedForValues
 * where the database is given).
 */
export function markedForValues<T>(condition: Expression<T>): Expression<T> {
  return sql<T>`(${sql.raw(PLANNED_FOR_VALUES_MARK)} ${condition})`;
}
