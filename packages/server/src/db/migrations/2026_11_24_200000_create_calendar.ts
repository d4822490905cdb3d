/**
 * Adds `calendar`: a world's own calendars (issue 12). The definition (months, weekdays, clock, leap rules,
 * eras, moons, seasons) is one JSON document, read and written whole. Its rows carry a strictly increasing
 * version like every entity (If-Match), and their writes raise the world's content version, since answers
 * that show dates in a calendar change with it.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('calendar')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_world_idx').on('calendar').columns(['world_id', 'created_at']).execute();

  if (isPostgres(db)) {
    // Both functions exist since the version and content-version migrations.
    await sql`create trigger calendar_version_increases before update of updated_at on calendar
      for each row execute function loreforge_version_increases()`.execute(db);
    await sql`create constraint trigger calendar_content_changed after insert or update or delete on calendar
      deferrable initially deferred for each row execute function loreforge_content_changed()`.execute(db);
    return;
  }
  await sql`create trigger calendar_version_increases after update of updated_at on calendar
    for each row when new.updated_at <= old.updated_at
    begin
      update calendar set updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', old.updated_at, '+0.001 seconds') where id = new.id;
    end`.execute(db);
  await sql`create trigger calendar_content_after_insert after insert on calendar begin
    update world set content_version = content_version + 1 where id = new.world_id;
  end`.execute(db);
  await sql`create trigger calendar_content_after_delete after delete on calendar begin
    update world set content_version = content_version + 1 where id = old.world_id;
  end`.execute(db);
  await sql`create trigger calendar_content_after_update after update on calendar begin
    update world set content_version = content_version + 1 where id in (old.world_id, new.world_id);
  end`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('calendar').execute();
}
