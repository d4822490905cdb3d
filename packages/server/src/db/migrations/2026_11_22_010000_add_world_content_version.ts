/**
 * Gives every world a `content_version`: a number the database itself raises whenever a row of the world's
 * characters, items, inventory entries, relationships, goals, timelines, events, maps or quests is inserted,
 * updated or deleted (moving a row between worlds raises both). Caches of derived answers (the timeline engine's
 * replays, search results, page anchors) key on it, so one primary-key read tells whether anything changed, by
 * any writer, on any app instance, without counting rows.
 * PostgreSQL uses statement-level triggers with transition tables, so a batch of a thousand inserts raises the
 * version once instead of updating the world row a thousand times in one transaction. SQLite has only row
 * triggers; updating one row in place is cheap there.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** World-scoped tables (each has `world_id`) whose writes raise the world's content version. */
const VERSIONED_CONTENT = ['character', 'item', 'inventory_item', 'relationship', 'goal', 'timeline', 'event', 'map', 'quest'];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('world').addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0)).execute();

  if (isPostgres(db)) {
    // One function per kind of statement: each reads the transition tables that kind has.
    const bodies: Record<string, string> = {
      insert: 'select world_id from new_rows',
      delete: 'select world_id from old_rows',
      update: 'select world_id from old_rows union select world_id from new_rows',
    };
    for (const [operation, worlds] of Object.entries(bodies)) {
      await sql
        .raw(`create or replace function loreforge_content_after_${operation}() returns trigger language plpgsql as $$
          begin
            update world set content_version = content_version + 1 where id in (${worlds});
            return null;
          end
          $$`)
        .execute(db);
    }
    for (const table of VERSIONED_CONTENT) {
      await sql
        .raw(`create trigger ${table}_content_after_insert after insert on "${table}"
          referencing new table as new_rows for each statement execute function loreforge_content_after_insert()`)
        .execute(db);
      await sql
        .raw(`create trigger ${table}_content_after_delete after delete on "${table}"
          referencing old table as old_rows for each statement execute function loreforge_content_after_delete()`)
        .execute(db);
      await sql
        .raw(`create trigger ${table}_content_after_update after update on "${table}"
          referencing old table as old_rows new table as new_rows for each statement execute function loreforge_content_after_update()`)
        .execute(db);
    }
    return;
  }

  for (const table of VERSIONED_CONTENT) {
    await sql
      .raw(`create trigger ${table}_content_after_insert after insert on "${table}" begin
        update world set content_version = content_version + 1 where id = new.world_id;
      end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_content_after_delete after delete on "${table}" begin
        update world set content_version = content_version + 1 where id = old.world_id;
      end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_content_after_update after update on "${table}" begin
        update world set content_version = content_version + 1 where id in (old.world_id, new.world_id);
      end`)
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of VERSIONED_CONTENT) {
    for (const operation of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger if exists ${table}_content_after_${operation}${isPostgres(db) ? ` on "${table}"` : ''}`).execute(db);
    }
  }
  if (isPostgres(db)) {
    for (const operation of ['insert', 'delete', 'update']) await sql.raw(`drop function if exists loreforge_content_after_${operation}()`).execute(db);
  }
  await db.schema.alterTable('world').dropColumn('content_version').execute();
}
