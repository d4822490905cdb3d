/**
 * The world search, continued (issue "Linked lore"):
 * - Names a typo away are looked for among names only. On SQLite each searchable table gets a names-only FTS5
 *   trigram table, `<table>_name_fts`, kept by triggers like `<table>_fts`: ranking candidates with bm25 over the
 *   table that also holds descriptions read every description's postings of the query's trigrams. On PostgreSQL
 *   the GIN trigram indexes on lower(name) (add_search_indexes, add_world_search_indexes) are names-only already.
 * - Relationships and connections are found by their description: an FTS5 trigram table over it on SQLite, a GIN
 *   trigram index on lower(description) on PostgreSQL, as for the other searchable tables.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is frozen and knows no app schema
type AnyDb = Kysely<any>;

/** Tables whose names the search looks in, and their name column. */
const NAMED: Array<[table: string, column: string]> = [
  ['character', 'name'],
  ['item', 'name'],
  ['quest', 'name'],
  ['event', 'name'],
  ['timeline', 'name'],
  ['map', 'name'],
  ['map_point', 'name'],
  ['map_area', 'name'],
  ['goal', 'title'],
];

/** Tables the search finds by description only. */
const DESCRIBED = ['relationship', 'connection'];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** An external-content FTS5 trigram table over one column of a table, filled now and kept by triggers. */
async function createFts(db: AnyDb, table: string, fts: string, column: string): Promise<void> {
  await sql
    .raw(`create virtual table ${fts} using fts5(${column}, content='${table}', content_rowid='rowid', tokenize='trigram')`)
    .execute(db);
  await sql.raw(`insert into ${fts}(rowid, ${column}) select rowid, ${column} from "${table}"`).execute(db);
  await sql
    .raw(
      `create trigger ${fts}_ai after insert on "${table}" begin
        insert into ${fts}(rowid, ${column}) values (new.rowid, new.${column});
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_ad after delete on "${table}" begin
        insert into ${fts}(${fts}, rowid, ${column}) values ('delete', old.rowid, old.${column});
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger ${fts}_au after update of ${column} on "${table}" begin
        insert into ${fts}(${fts}, rowid, ${column}) values ('delete', old.rowid, old.${column});
        insert into ${fts}(rowid, ${column}) values (new.rowid, new.${column});
      end`,
    )
    .execute(db);
}

/** Drops an FTS5 table made by createFts, with its triggers. */
async function dropFts(db: AnyDb, fts: string): Promise<void> {
  for (const suffix of ['ai', 'ad', 'au']) await sql.raw(`drop trigger if exists ${fts}_${suffix}`).execute(db);
  await sql.raw(`drop table if exists ${fts}`).execute(db);
}

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    for (const table of DESCRIBED) {
      await sql
        .raw(`create index ${table}_description_trgm_idx on "${table}" using gin (lower("description") public.gin_trgm_ops)`)
        .execute(db);
    }
    return;
  }
  for (const [table, column] of NAMED) await createFts(db, table, `${table}_name_fts`, column);
  for (const table of DESCRIBED) await createFts(db, table, `${table}_fts`, 'description');
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    for (const table of DESCRIBED) await sql.raw(`drop index if exists ${table}_description_trgm_idx`).execute(db);
    return;
  }
  for (const [table] of NAMED) await dropFts(db, `${table}_name_fts`);
  for (const table of DESCRIBED) await dropFts(db, `${table}_fts`);
}
