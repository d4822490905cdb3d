/**
 * The world search as one types, on SQLite (issue "Linked lore": results under 100 ms a keystroke): a query of one
 * or two characters finds the start of names as ranges of the name (search.repository.ts `namePrefix`), which an
 * index on (world_id, name) serves. Characters and items had one from their sorted lists; quests, events,
 * timelines, maps, map points, map areas and goals did not, so each such keystroke read every one of the world's
 * rows of those tables (events: 6.6 ms a keystroke for 20,000 events, with no hit). PostgreSQL has its own
 * prefix indexes on lower(name) (add_search_prefix_indexes).
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is frozen and knows no app schema
type AnyDb = Kysely<any>;

/** Searchable tables without a (world_id, name) index on SQLite, and their name column. */
const NAMED: Array<[table: string, column: string]> = [
  ['quest', 'name'],
  ['event', 'name'],
  ['timeline', 'name'],
  ['map', 'name'],
  ['map_point', 'name'],
  ['map_area', 'name'],
  ['goal', 'title'],
];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const [table, column] of NAMED) {
    await sql.raw(`create index ${table}_world_${column}_idx on "${table}" (world_id, "${column}", id)`).execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  for (const [table, column] of NAMED) await sql.raw(`drop index if exists ${table}_world_${column}_idx`).execute(db);
}
