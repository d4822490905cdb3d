/**
 * The database keeps a world's counts (characters, items, timelines, events, maps) itself, in the triggers that
 * already raise its content_version (add_world_content_version): every insert, delete and move between worlds
 * of a counted row changes the count in the same transaction, whoever writes it, cascades included. The app
 * no longer adjusts counts by hand.
 *
 * Why: on PostgreSQL the count was one more UPDATE of the world row in the middle of each create, which held
 * the row's lock for the rest of the transaction, across a round trip to the app; every create in a world
 * queued behind it. The deferred trigger changes the count at commit, where the version was raised already,
 * so the lock is held only while the commit runs. On SQLite it saves a statement per create and delete.
 * The counts are recomputed from the rows once, so a database migrated from before starts exact.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Counted tables and the world column that counts them. */
const COUNTERS: Record<string, string> = {
  character: 'character_count',
  item: 'item_count',
  timeline: 'timeline_count',
  event: 'event_count',
  map: 'map_count',
};

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

async function recount(db: AnyDb): Promise<void> {
  const sets = Object.entries(COUNTERS)
    .map(([table, counter]) => `${counter} = (select count(*) from "${table}" where "${table}".world_id = world.id)`)
    .join(', ');
  await sql.raw(`update world set ${sets}`).execute(db);
}

/** Replaces a table's three SQLite content triggers; each runs `update world set <its assignment and where>`. */
async function replaceSqliteTriggers(db: AnyDb, table: string, updates: Record<'insert' | 'delete' | 'update', string>): Promise<void> {
  for (const [event, update] of Object.entries(updates)) {
    await sql.raw(`drop trigger if exists ${table}_content_after_${event}`).execute(db);
    await sql
      .raw(`create trigger ${table}_content_after_${event} after ${event} on "${table}" begin update world set ${update}; end`)
      .execute(db);
  }
}

export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    // The same function add_world_content_version created (its triggers call it by name), now also counting:
    // the version is raised once per world and transaction, the count by one per row inserted, deleted or
    // moved, all at commit.
    await sql
      .raw(
        `create or replace function loreforge_content_changed() returns trigger language plpgsql as $$
        declare
          counter text := case tg_table_name
            when 'character' then 'character_count' when 'item' then 'item_count' when 'timeline' then 'timeline_count'
            when 'event' then 'event_count' when 'map' then 'map_count' else null end;
          keys text[] := array[]::text[];
          deltas integer[] := array[]::integer[];
          i integer;
          bump integer;
          flag text;
        begin
          if tg_op = 'INSERT' then
            keys := array[new.world_id]; deltas := array[1];
          elsif tg_op = 'DELETE' then
            keys := array[old.world_id]; deltas := array[-1];
          elsif old.world_id is distinct from new.world_id then
            -- Two worlds are locked in id order, so two opposite moves at once cannot deadlock.
            if old.world_id < new.world_id then
              keys := array[old.world_id, new.world_id]; deltas := array[-1, 1];
            else
              keys := array[new.world_id, old.world_id]; deltas := array[1, -1];
            end if;
          else
            keys := array[new.world_id]; deltas := array[0];
          end if;
          for i in 1 .. array_length(keys, 1) loop
            flag := 'loreforge.content_' || md5(keys[i]);
            bump := 0;
            if coalesce(current_setting(flag, true), '') <> '1' then
              perform set_config(flag, '1', true);
              bump := 1;
            end if;
            if counter is not null and deltas[i] <> 0 then
              -- Static SQL (its plan is kept), naming every counter: only the row's own moves by the delta.
              update world set
                content_version = content_version + bump,
                character_count = character_count + (case when counter = 'character_count' then deltas[i] else 0 end),
                item_count = item_count + (case when counter = 'item_count' then deltas[i] else 0 end),
                timeline_count = timeline_count + (case when counter = 'timeline_count' then deltas[i] else 0 end),
                event_count = event_count + (case when counter = 'event_count' then deltas[i] else 0 end),
                map_count = map_count + (case when counter = 'map_count' then deltas[i] else 0 end)
              where id = keys[i];
            elsif bump = 1 then
              update world set content_version = content_version + 1 where id = keys[i];
            end if;
          end loop;
          return null;
        end
        $$`,
      )
      .execute(db);
    await recount(db);
    return;
  }

  for (const [table, counter] of Object.entries(COUNTERS)) {
    await replaceSqliteTriggers(db, table, {
      insert: `content_version = content_version + 1, ${counter} = ${counter} + 1 where id = new.world_id`,
      delete: `content_version = content_version + 1, ${counter} = ${counter} - 1 where id = old.world_id`,
      update: `content_version = content_version + 1,
          ${counter} = ${counter} + (case when id = new.world_id then 1 else 0 end) - (case when id = old.world_id then 1 else 0 end)
        where id in (old.world_id, new.world_id)`,
    });
  }
  await recount(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
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
    return;
  }
  for (const table of Object.keys(COUNTERS)) {
    await replaceSqliteTriggers(db, table, {
      insert: 'content_version = content_version + 1 where id = new.world_id',
      delete: 'content_version = content_version + 1 where id = old.world_id',
      update: 'content_version = content_version + 1 where id in (old.world_id, new.world_id)',
    });
  }
}
