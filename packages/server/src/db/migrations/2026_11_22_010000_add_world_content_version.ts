/**
 * Gives every world a `content_version`: a number the database itself raises whenever a row of the world's
 * characters, items, inventory entries, relationships, goals, timelines, events, maps or quests is inserted,
 * updated or deleted (moving a row between worlds raises both). Caches of derived answers (the timeline engine's
 * replays, search results, page anchors) key on it, so one primary-key read tells whether anything changed, by
 * any writer, on any app instance, without counting rows.
 * On PostgreSQL the raise is a deferred constraint trigger: it runs at commit, once per world and transaction,
 * so the world row is locked last (no deadlock with writers of other rows) and a batch of inserts raises it
 * once. SQLite serialises writers and updates a row in place, so plain row triggers serve there.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** World-scoped tables (each has `world_id`) whose writes raise the world's content version. */
const VERSIONED_CONTENT = ['character', 'item', 'inventory_item', 'relationship', 'goal', 'timeline', 'event', 'map', 'quest'];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('world')
    .addColumn('content_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  if (isPostgres(db)) {
    // Deferred to commit, so the world row is locked after every other row the transaction writes (no lock
    // cycle with a concurrent writer), and raised once per world and transaction (a transaction-local setting
    // remembers it), so a batch of a thousand inserts costs one update of the world row.
    await sql
      .raw(
        `create or replace function loreforge_content_changed() returns trigger language plpgsql as $$
        declare
          changed text[] := array[]::text[];
          world_key text;
          flag text;
        begin
          if tg_op <> 'INSERT' then changed := changed || old.world_id; end if;
          if tg_op <> 'DELETE' then changed := changed || new.world_id; end if;
          foreach world_key in array changed loop
            flag := 'loreforge.content_' || md5(world_key);
            if coalesce(current_setting(flag, true), '') <> '1' then
              perform set_config(flag, '1', true);
              update world set content_version = content_version + 1 where id = world_key;
            end if;
          end loop;
          return null;
        end
        $$`,
      )
      .execute(db);
    for (const table of VERSIONED_CONTENT) {
      await sql
        .raw(
          `create constraint trigger ${table}_content_changed after insert or update or delete on "${table}"
          deferrable initially deferred for each row execute function loreforge_content_changed()`,
        )
        .execute(db);
    }
    return;
  }

  for (const table of VERSIONED_CONTENT) {
    await sql
      .raw(
        `create trigger ${table}_content_after_insert after insert on "${table}" begin
        update world set content_version = content_version + 1 where id = new.world_id;
      end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_content_after_delete after delete on "${table}" begin
        update world set content_version = content_version + 1 where id = old.world_id;
      end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_content_after_update after update on "${table}" begin
        update world set content_version = content_version + 1 where id in (old.world_id, new.world_id);
      end`,
      )
      .execute(db);
  }
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    for (const table of VERSIONED_CONTENT) await sql.raw(`drop trigger if exists ${table}_content_changed on "${table}"`).execute(db);
    await sql.raw('drop function if exists loreforge_content_changed()').execute(db);
  } else {
    for (const table of VERSIONED_CONTENT) {
      for (const operation of ['insert', 'delete', 'update'])
        await sql.raw(`drop trigger if exists ${table}_content_after_${operation}`).execute(db);
    }
  }
  await db.schema.alterTable('world').dropColumn('content_version').execute();
}
