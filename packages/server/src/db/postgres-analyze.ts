/**
 * Planner statistics on PostgreSQL for tables autovacuum has not reached yet. Autovacuum analyzes a table once
 * more than 50 rows plus a tenth of it changed since its last analysis, but only on its next round (a minute
 * apart by default, one table at a time): right after a bulk load or restore, a table can hold a large world
 * and no statistics, and the planner then guesses a few hundred rows for a world and scans all of them instead
 * of using a search's trigram index (a keystroke's world search took 0.5–4 s instead of tens of ms).
 */
import { type Kysely, sql } from 'kysely';

/**
 * Analyzes the tables of a schema that changed past autovacuum's default threshold since their last analysis
 * (never analyzed tables with rows included), one at a time.
 * @param db any Kysely over PostgreSQL. @param schema the schema whose tables to look at.
 * @returns the names of the tables analyzed. @throws the database's error when a statement fails.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- reads only the catalog, whatever the app's schema
export async function analyzeStaleTables(db: Kysely<any>, schema: string): Promise<string[]> {
  const { rows } = await sql<{ relname: string }>`select relname from pg_stat_user_tables
    where schemaname = ${schema} and n_mod_since_analyze > 50 + 0.1 * greatest(n_live_tup, 0)
    order by relname`.execute(db);
  for (const { relname } of rows) await sql`analyze ${sql.table(`${schema}.${relname}`)}`.execute(db);
  return rows.map((row) => row.relname);
}
