/**
 * The world search's GIN trigram indexes on PostgreSQL (add_search_indexes, add_world_search_indexes,
 * add_search_name_indexes) take new rows into a pending list, which every search reads whole until a vacuum
 * or the list's limit (4 MB by default) merges it into the index. Right after an import or a bulk load every
 * index held 400-470 pages of it, and one keystroke's search took 0.4-1.1 s instead of 10-40 ms. A limit of
 * 64 kB per index keeps what a search reads small; inserts merge it a little at a time instead. What is pending
 * now is merged here. Nothing to do on SQLite. Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is frozen and knows no app schema
type AnyDb = Kysely<any>;

/** The search's GIN trigram indexes, by table and column. */
const INDEXED: Array<[table: string, columns: string[]]> = [
  ['world', ['name', 'description']],
  ['character', ['name', 'description']],
  ['item', ['name', 'description']],
  ['timeline', ['name', 'description']],
  ['event', ['name', 'description']],
  ['map', ['name', 'description']],
  ['quest', ['name', 'description']],
  ['goal', ['title', 'description']],
  ['map_point', ['name', 'description']],
  ['map_area', ['name', 'description']],
  ['relationship', ['description']],
  ['connection', ['description']],
];

/** The pending list's limit per index, in kB (PostgreSQL's least). */
const PENDING_LIMIT_KB = 64;

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const indexes = (): string[] => INDEXED.flatMap(([table, columns]) => columns.map((column) => `${table}_${column}_trgm_idx`));

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const index of indexes()) {
    await sql.raw(`alter index ${index} set (gin_pending_list_limit = ${PENDING_LIMIT_KB})`).execute(db);
    await sql`select pg_catalog.gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const index of indexes()) await sql.raw(`alter index ${index} reset (gin_pending_list_limit)`).execute(db);
}
