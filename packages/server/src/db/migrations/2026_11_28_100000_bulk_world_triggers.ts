/**
 * A world written in one transaction (an import, issue 13) is counted and sequenced once, not once per row.
 *
 * On PostgreSQL the deferred triggers of add_world_content_version (counts) and create_world_change (the change
 * log's sequence) update one row per world for every row written: `world` for each counted row and
 * `world_change_counter` for each recorded one. Within one transaction each such update adds a version of the
 * same row that the next update must step over, so a 100,000-character import spent most of its time on them,
 * growing with the square of its rows (20,000 rows took 3 s, 80,000 rows 68 s).
 *
 * Both functions now look at the transaction's `loreforge.bulk_world` setting. For rows of that world:
 * - `loreforge_content_changed` does nothing; the writer recounts the world once at the end.
 * - `loreforge_record_change` records the change as before, but takes its sequence from the transaction's
 *   `loreforge.bulk_sequence` setting instead of the counter row; the writer stores the last sequence in the
 *   counter row once at the end.
 * The writer (db/bulk-world.ts) sets the setting for a world it creates in the same transaction, so no other
 * writer can hold sequences of it; every other write runs as before. SQLite updates rows in place and its
 * triggers are unchanged.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

/** World columns the database keeps itself (as create_world_change names them). */
const KEPT_WORLD_COLUMNS = "'character_count', 'timeline_count', 'map_count', 'event_count', 'item_count', 'content_version', 'updated_at'";

/** The counting function as count_world_content_in_triggers made it, with the bulk world skipped when `bulk`. */
function contentChanged(bulk: boolean): string {
  const skip = bulk ? `if keys[i] = coalesce(current_setting('loreforge.bulk_world', true), '') then continue; end if;` : '';
  return `create or replace function loreforge_content_changed() returns trigger language plpgsql as $$
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
        if old.world_id < new.world_id then
          keys := array[old.world_id, new.world_id]; deltas := array[-1, 1];
        else
          keys := array[new.world_id, old.world_id]; deltas := array[1, -1];
        end if;
      else
        keys := array[new.world_id]; deltas := array[0];
      end if;
      for i in 1 .. array_length(keys, 1) loop
        ${skip}
        flag := 'loreforge.content_' || md5(keys[i]);
        bump := 0;
        if coalesce(current_setting(flag, true), '') <> '1' then
          perform set_config(flag, '1', true);
          bump := 1;
        end if;
        if counter is not null and deltas[i] <> 0 then
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
    $$`;
}

/** The change-log function as create_world_change made it, sequencing the bulk world from a setting when `bulk`. */
function recordChange(bulk: boolean): string {
  const counted = `insert into world_change_counter as counter (world_id, last_sequence) values (world_key, 1)
      on conflict (world_id) do update set last_sequence = counter.last_sequence + 1
      returning last_sequence into next_sequence;`;
  const sequence = bulk
    ? `if world_key = coalesce(current_setting('loreforge.bulk_world', true), '') then
        next_sequence := coalesce(nullif(current_setting('loreforge.bulk_sequence', true), ''), '0')::bigint + 1;
        perform set_config('loreforge.bulk_sequence', next_sequence::text, true);
      else
        ${counted}
      end if;`
    : counted;
  return `create or replace function loreforge_record_change() returns trigger language plpgsql as $$
    declare
      kind text := tg_argv[0];
      row_before jsonb;
      row_after jsonb;
      snapshot jsonb;
      world_key text;
      action text;
      next_sequence bigint;
    begin
      if tg_op = 'INSERT' then
        row_after := to_jsonb(new); action := 'created';
      elsif tg_op = 'DELETE' then
        row_before := to_jsonb(old); action := 'deleted';
      else
        row_before := to_jsonb(old); row_after := to_jsonb(new); action := 'updated';
      end if;
      snapshot := coalesce(row_after, row_before);
      if kind = 'world' then
        world_key := snapshot->>'id';
        if tg_op = 'DELETE' then
          delete from world_change where world_id = world_key;
          delete from world_change_counter where world_id = world_key;
          return null;
        end if;
        if tg_op = 'UPDATE' and (row_before - array[${KEPT_WORLD_COLUMNS}]) = (row_after - array[${KEPT_WORLD_COLUMNS}]) then
          return null;
        end if;
      elsif tg_table_name = 'quest_objective' then
        select world_id into world_key from quest where id = snapshot->>'quest_id';
        if world_key is null or not exists (select 1 from world where id = world_key) then return null; end if;
      else
        world_key := snapshot->>'world_id';
        if not exists (select 1 from world where id = world_key) then return null; end if;
      end if;
      ${sequence}
      insert into world_change (world_id, sequence, entity_type, entity_id, action, "by", at, visibility, revealed_to, "before", "after")
      values (
        world_key, next_sequence, kind,
        case when tg_table_name = 'world_member' then snapshot->>'user_id' else snapshot->>'id' end,
        action,
        coalesce(nullif(current_setting('loreforge.actor', true), ''), snapshot->>'updated_by', snapshot->>'created_by'),
        to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        snapshot->>'visibility', snapshot->>'revealed_to', row_before::text, row_after::text);
      perform pg_notify('loreforge_world_change', current_schema() || ':' || world_key);
      return null;
    end
    $$`;
}

export async function up(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(contentChanged(true)).execute(db);
  await sql.raw(recordChange(true)).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (!isPostgres(db)) return;
  await sql.raw(contentChanged(false)).execute(db);
  await sql.raw(recordChange(false)).execute(db);
}
