/**
 * The world search and the world graph are cached under the world's content_version, so every table they read
 * must raise it: map points and areas, connections and tags join the versioned content (the same triggers as
 * add_world_content_version; on PostgreSQL the same deferred function, which counts only the counted tables).
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const TABLES = ['map_point', 'map_area', 'connection', 'entity_tag'];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) {
      await sql
        .raw(
          `create constraint trigger ${table}_content_changed after insert or update or delete on "${table}"
          deferrable initially deferred for each row execute function loreforge_content_changed()`,
        )
        .execute(db);
      continue;
    }
    const updates = {
      insert: 'where id = new.world_id',
      delete: 'where id = old.world_id',
      update: 'where id in (old.world_id, new.world_id)',
    };
    for (const [event, where] of Object.entries(updates)) {
      await sql
        .raw(
          `create trigger ${table}_content_after_${event} after ${event} on "${table}" begin
          update world set content_version = content_version + 1 ${where};
        end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of TABLES) {
    if (isPostgres(db)) await sql.raw(`drop trigger if exists ${table}_content_changed on "${table}"`).execute(db);
    else
      for (const event of ['insert', 'delete', 'update'])
        await sql.raw(`drop trigger if exists ${table}_content_after_${event}`).execute(db);
  }
}
