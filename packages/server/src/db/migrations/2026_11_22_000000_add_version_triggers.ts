/**
 * Makes `updated_at` a version that strictly increases on every write of a row: when an UPDATE sets
 * updated_at to a value not after the current one (two writes in one millisecond, or clocks of two server
 * instances a little apart), the database moves it to the current value plus one millisecond. If-Match
 * compares this version, so two different states of a row never share an ETag. Only UPDATEs that name
 * updated_at are touched, so kept counters (world counts) never change a version.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Entity tables whose rows carry a version (`id` primary key, `updated_at` ISO 8601 with milliseconds). */
const VERSIONED_TABLES = [
  'user',
  'world',
  'map',
  'map_point',
  'map_area',
  'character',
  'item',
  'inventory_item',
  'relationship',
  'goal',
  'timeline',
  'event',
  'quest',
  'quest_objective',
  'connection',
];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const triggerName = (table: string): string => `${table}_version_increases`;

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    // Compared as timestamps, not text, so the database's collation cannot reorder them.
    await sql`
      create or replace function loreforge_version_increases() returns trigger language plpgsql as $$
      begin
        if new.updated_at::timestamptz <= old.updated_at::timestamptz then
          new.updated_at := to_char(
            (old.updated_at::timestamptz + interval '1 millisecond') at time zone 'UTC',
            'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'
          );
        end if;
        return new;
      end
      $$`.execute(db);
    for (const table of VERSIONED_TABLES) {
      await sql`
        create trigger ${sql.id(triggerName(table))} before update of updated_at on ${sql.table(table)}
        for each row execute function loreforge_version_increases()`.execute(db);
    }
    return;
  }
  // SQLite cannot assign NEW in a trigger: an AFTER trigger rewrites the row (it does not fire itself again,
  // recursive triggers being off, and its WHEN would be false anyway). Julian days are kept in whole
  // milliseconds, so '+0.001 seconds' is exact.
  for (const table of VERSIONED_TABLES) {
    await sql`
      create trigger ${sql.id(triggerName(table))} after update of updated_at on ${sql.table(table)}
      for each row when new.updated_at <= old.updated_at
      begin
        update ${sql.table(table)}
        set updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', old.updated_at, '+0.001 seconds')
        where id = new.id;
      end`.execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of VERSIONED_TABLES) {
    await sql`drop trigger if exists ${sql.id(triggerName(table))}${isPostgres(db) ? sql` on ${sql.table(table)}` : sql``}`.execute(db);
  }
  if (isPostgres(db)) await sql`drop function if exists loreforge_version_increases()`.execute(db);
}
