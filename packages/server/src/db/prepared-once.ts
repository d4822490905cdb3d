/**
 * Statements SQLite prepares once, not at every run.
 *
 * SQLite may plan a statement for the values bound to it, and then "the statement will be automatically
 * recompiled ... on the first sqlite3_step() call following any change to the bindings of that parameter"
 * (https://sqlite.org/c3ref/prepare.html; SQLITE_DBCONFIG_ENABLE_QPSG turns it off, which better-sqlite3 does not
 * expose). better-sqlite3 binds every run's values anew, so such a statement was prepared again at every run. Its
 * reasons were in almost every statement the API sends:
 *
 * - a bound LIMIT, whose value SQLite reads while planning (every page of every list);
 * - an equality or range over an indexed column with a bound value, when `sqlite_stat4` holds samples of that index
 *   (the world's id, an entity's id: nearly every statement, the write statements' triggers included);
 * - a bound LIKE pattern, whose leading characters could bound an index range (every search, and every read of a
 *   player, whose rule "revealed to me" is a LIKE over the row's list of players).
 *
 * A page statement took 57 µs a run against 43 µs with its values written in; the benchmark's spread of reads
 * spent a third of its SQLite time preparing again, a player's half (docs/performance.md, "Statements prepared
 * once"). So a LIMIT is compiled as `(? + 0)` and a LIKE pattern bound as `(? || '')`, expressions SQLite does not
 * read while planning (PostgreSQL plans them as it planned the values, its trigram indexes included), and the
 * planner keeps `sqlite_stat1` (rows per key of each index) without `sqlite_stat4`'s samples. The plans are the
 * ones SQLite chose before: every statement of the benchmark's spread (reads, writes, a player's reads), on its
 * worlds and on one world 70 times larger, plans the same.
 */
import { type LimitNode, type RawBuilder, SqliteQueryCompiler, ValueNode, sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Kysely's SQLite compiler with a bound LIMIT written as `(? + 0)`: the same rows, a statement SQLite does not
 * prepare again when the limit is bound anew. A LIMIT given as SQL (a literal, an expression) is compiled as it is.
 */
export class PreparedOnceSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    if (!ValueNode.is(node.limit) || node.limit.immediate) {
      super.visitLimit(node);
      return;
    }
    this.append('limit (');
    this.visitNode(node.limit);
    this.append(' + 0)');
  }
}

/**
 * A LIMIT value for SQL written by hand, as the compiler above writes a bound one: `(value + 0)`, the same number
 * on SQLite and PostgreSQL.
 * @param limit the most rows the statement returns (a whole number, 0 or more).
 */
export function limitValue(limit: number): RawBuilder<number> {
  return sql<number>`(${limit} + 0)`;
}

/**
 * A LIKE pattern bound as `(pattern || '')`: the same text, which SQLite does not read while planning. The
 * patterns the API binds in a WHERE clause start with `%` (a "contains", a player's id inside a JSON list), which
 * no index range serves anyway; a pattern with a fixed start meant to use an index is better bound plainly.
 * @param pattern the LIKE pattern, wildcards and escapes included.
 */
export function likeValue(pattern: string): RawBuilder<string> {
  return sql<string>`(${pattern} || '')`;
}

/**
 * Keeps the planner's statistics to `sqlite_stat1`: deletes the samples ANALYZE writes into `sqlite_stat4` (this
 * build of SQLite has STAT4) and reloads this connection's statistics. Other connections read the file's
 * statistics when they load its schema. Does nothing when ANALYZE never ran (no `sqlite_stat4` table).
 * @param db a SQLite database (through Kysely, so it waits for the connection like any query).
 */
export async function dropValueSamples(db: Db): Promise<void> {
  const { rows } = await sql`select 1 from sqlite_schema where name = 'sqlite_stat4'`.execute(db);
  if (rows.length === 0) return;
  await sql`delete from sqlite_stat4`.execute(db);
  await sql`analyze sqlite_schema`.execute(db);
}
