/**
 * The world search as one types (issue "Linked lore": results under 100 ms a keystroke): a query of one or two
 * characters finds the start of names and tags only, `lower(name) LIKE 'g%'`. On PostgreSQL the GIN trigram
 * index on lower(name) answers that with every name holding a word that starts with the letter, each rechecked
 * on the row (twice the hits in the benchmark's world), and a LIKE prefix can use a plain btree only under the C
 * collation. So: btree indexes on (world_id, lower(name)) with text_pattern_ops, which serve a prefix within one
 * world in any collation, and the same for tags' keys. SQLite's searches read prefixes as ranges of the
 * (world_id, name) and (world_id, tag_key) indexes already: nothing to do there.
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

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, column] of NAMED) {
    await sql
      .raw(`create index ${table}_world_${column}_prefix_idx on "${table}" (world_id, lower("${column}") text_pattern_ops)`)
      .execute(db);
  }
  await sql.raw('create index entity_tag_world_key_prefix_idx on entity_tag (world_id, tag_key text_pattern_ops)').execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  for (const [table, column] of NAMED) await sql.raw(`drop index if exists ${table}_world_${column}_prefix_idx`).execute(db);
  await sql.raw('drop index if exists entity_tag_world_key_prefix_idx').execute(db);
}
