/**
 * The change log of every world (issue 15, docs/live-updates.md): one `world_change` row per committed insert,
 * update or delete of a world's entities, written by database triggers in the same transaction as the write,
 * so no write path (route, command, import, cascade) can forget it.
 *
 * - `sequence` counts per world from 1, taken from the world's `world_change_counter` row in the same
 *   transaction. The counter row's lock orders concurrent writers of one world, so sequence order is commit
 *   order: a reader that has seen sequence n never later finds a committed n - 1 (a serial column would not
 *   promise that).
 * - `by` is the acting user: the app names it per transaction (PostgreSQL: the `loreforge.actor` setting; SQLite:
 *   the `lf_actor()` function the app registers on its connection), falling back to the row's updated_by or
 *   created_by for writes made outside a request (scripts, the demo loader).
 * - `visibility` and `revealed_to` snapshot the row's own access columns (null for rows without them: the
 *   world, members, calendars); readers apply the visibility rule to the snapshot and to the references of the
 *   row (`before`/`after`, JSON text of the whole row).
 * - On PostgreSQL the trigger is deferred to commit, so the counter row is locked only while the commit runs
 *   (as the world's counts are), and it NOTIFYs `loreforge_world_change` with `<schema>:<worldId>` (one
 *   notification per world and transaction; PostgreSQL folds identical payloads) for the instances' listeners.
 * - Rows of a deleted world are removed with it; writes cascading from that deletion record nothing. Objectives
 *   (no world_id of their own) belong to their quest's world; those removed with their quest record nothing.
 *
 * SQLite triggers name the tables' columns (json_object has no `*`): `refreshChangeTriggers` rebuilds them
 * from the tables' current columns, so a later migration that adds columns calls it once. PostgreSQL uses
 * `to_jsonb(row)` and needs no list.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Recorded tables and the entity type (the spec's name) their changes carry. */
export const CHANGE_ENTITY_TYPES: Record<string, string> = {
  world: 'world',
  world_member: 'member',
  character: 'character',
  item: 'item',
  inventory_item: 'inventoryEntry',
  goal: 'goal',
  relationship: 'relationship',
  timeline: 'timeline',
  event: 'event',
  map: 'map',
  map_point: 'mapPoint',
  map_area: 'mapArea',
  quest: 'quest',
  quest_objective: 'objective',
  connection: 'connection',
  calendar: 'calendar',
};

/** World columns the database keeps itself: an update touching only these is not a change of the world. */
const KEPT_WORLD_COLUMNS = ['character_count', 'timeline_count', 'map_count', 'event_count', 'item_count', 'content_version', 'updated_at'];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const triggerName = (table: string, event: string): string => `${table}_change_after_${event}`;

async function columnsOf(db: AnyDb, table: string): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db);
  return rows.map((row) => row.name);
}

/** `json_object('a', <ref>.a, …)` of a SQLite row. */
const jsonOf = (columns: string[], ref: 'new' | 'old'): string =>
  `json_object(${columns.map((column) => `'${column}', ${ref}."${column}"`).join(', ')})`;

/** The SQLite expression of a row's world: its own column, or (objectives have none) its quest's. */
function worldOf(table: string, ref: 'new' | 'old'): string {
  if (table === 'world') return `${ref}.id`;
  if (table === 'quest_objective') return `(select world_id from quest where id = ${ref}.quest_id)`;
  return `${ref}.world_id`;
}

/** The SQLite statements one trigger runs to record a change of `ref` (new for inserts and updates, old for deletes). */
function sqliteRecord(table: string, columns: string[], action: 'created' | 'updated' | 'deleted'): string {
  const ref = action === 'deleted' ? 'old' : 'new';
  const worldId = worldOf(table, ref);
  const entityId = table === 'world_member' ? `${ref}.user_id` : `${ref}.id`;
  const has = (column: string): boolean => columns.includes(column);
  const fallback = [has('updated_by') ? `${ref}.updated_by` : undefined, has('created_by') ? `${ref}.created_by` : undefined].filter(
    (part) => part !== undefined,
  );
  const by = `coalesce(lf_actor()${fallback.map((part) => `, ${part}`).join('')}, null)`;
  const before = action === 'created' ? 'null' : jsonOf(columns, 'old');
  const after = action === 'deleted' ? 'null' : jsonOf(columns, 'new');
  return `
    insert into world_change_counter (world_id, last_sequence) values (${worldId}, 1)
      on conflict (world_id) do update set last_sequence = last_sequence + 1;
    insert into world_change (world_id, sequence, entity_type, entity_id, action, "by", at, visibility, revealed_to, "before", "after")
    values (${worldId}, (select last_sequence from world_change_counter where world_id = ${worldId}), '${CHANGE_ENTITY_TYPES[table]}',
      ${entityId}, '${action}', ${by}, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
      ${has('visibility') ? `${ref}.visibility` : 'null'}, ${has('revealed_to') ? `${ref}.revealed_to` : 'null'}, ${before}, ${after});`;
}

async function dropSqliteTriggers(db: AnyDb): Promise<void> {
  for (const table of Object.keys(CHANGE_ENTITY_TYPES)) {
    for (const event of ['insert', 'update', 'delete']) await sql.raw(`drop trigger if exists ${triggerName(table, event)}`).execute(db);
  }
}

/**
 * Rebuilds the SQLite change triggers from the recorded tables' current columns (see the module comment);
 * does nothing on PostgreSQL, whose trigger reads whole rows. A migration that adds a column to a recorded
 * table calls it after its own changes.
 * @param db the database (or the migration's transaction).
 */
export async function refreshChangeTriggers(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await dropSqliteTriggers(db);
  for (const table of Object.keys(CHANGE_ENTITY_TYPES)) {
    const columns = await columnsOf(db, table);
    if (table === 'world') {
      const compared = columns.filter((column) => !KEPT_WORLD_COLUMNS.includes(column));
      const changed = compared.map((column) => `new."${column}" is not old."${column}"`).join(' or ');
      await sql
        .raw(`create trigger ${triggerName(table, 'insert')} after insert on world begin ${sqliteRecord(table, columns, 'created')} end`)
        .execute(db);
      await sql
        .raw(
          `create trigger ${triggerName(table, 'update')} after update on world when ${changed} begin ${sqliteRecord(table, columns, 'updated')} end`,
        )
        .execute(db);
      await sql
        .raw(
          `create trigger ${triggerName(table, 'delete')} after delete on world begin
          delete from world_change where world_id = old.id;
          delete from world_change_counter where world_id = old.id;
        end`,
        )
        .execute(db);
      continue;
    }
    // Rows removed by their world's deletion (or written while it goes) record nothing: the world is gone.
    for (const [event, action] of [
      ['insert', 'created'],
      ['update', 'updated'],
      ['delete', 'deleted'],
    ] as const) {
      const ref = action === 'deleted' ? 'old' : 'new';
      await sql
        .raw(
          `create trigger ${triggerName(table, event)} after ${event} on "${table}"
          when exists (select 1 from world where id = ${worldOf(table, ref)})
          begin ${sqliteRecord(table, columns, action)} end`,
        )
        .execute(db);
    }
  }
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('world_change_counter')
    .addColumn('world_id', 'text', (c) => c.primaryKey())
    .addColumn('last_sequence', 'bigint', (c) => c.notNull())
    .execute();
  // No foreign key to world: the rows go with their world through the world's own trigger, and a cascade's
  // deferred triggers must not trip over a world already deleted.
  await db.schema
    .createTable('world_change')
    .addColumn('world_id', 'text', (c) => c.notNull())
    .addColumn('sequence', 'bigint', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('by', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('visibility', 'text')
    .addColumn('revealed_to', 'text')
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addPrimaryKeyConstraint('world_change_pk', ['world_id', 'sequence'])
    .execute();
  // An entity's history (newest first) without scanning its world's log.
  await db.schema
    .createIndex('world_change_entity')
    .on('world_change')
    .columns(['world_id', 'entity_type', 'entity_id', 'sequence'])
    .execute();

  if (!isPostgres(db)) {
    await refreshChangeTriggers(db);
    return;
  }
  const kept = KEPT_WORLD_COLUMNS.map((column) => `'${column}'`).join(', ');
  await sql
    .raw(
      `create or replace function loreforge_record_change() returns trigger language plpgsql as $$
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
          -- Counts and the content version are kept by other triggers; they are no change of the world.
          if tg_op = 'UPDATE' and (row_before - array[${kept}]) = (row_after - array[${kept}]) then
            return null;
          end if;
        elsif tg_table_name = 'quest_objective' then
          -- Objectives carry no world of their own: their quest's (gone with a deleted quest, which is recorded).
          select world_id into world_key from quest where id = snapshot->>'quest_id';
          if world_key is null or not exists (select 1 from world where id = world_key) then return null; end if;
        else
          world_key := snapshot->>'world_id';
          if not exists (select 1 from world where id = world_key) then return null; end if;
        end if;
        insert into world_change_counter as counter (world_id, last_sequence) values (world_key, 1)
          on conflict (world_id) do update set last_sequence = counter.last_sequence + 1
          returning last_sequence into next_sequence;
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
      $$`,
    )
    .execute(db);
  // One round trip for all sixteen (a parameterless text may hold several statements), so the migration stays quick.
  const triggers = Object.entries(CHANGE_ENTITY_TYPES).map(
    ([table, kind]) =>
      `create constraint trigger ${triggerName(table, 'write')} after insert or update or delete on "${table}"
        deferrable initially deferred for each row execute function loreforge_record_change('${kind}')`,
  );
  await sql.raw(triggers.join(';\n')).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) {
    for (const table of Object.keys(CHANGE_ENTITY_TYPES))
      await sql.raw(`drop trigger if exists ${triggerName(table, 'write')} on "${table}"`).execute(db);
    await sql.raw('drop function if exists loreforge_record_change()').execute(db);
  } else {
    await dropSqliteTriggers(db);
  }
  await db.schema.dropTable('world_change').execute();
  await db.schema.dropTable('world_change_counter').execute();
}
