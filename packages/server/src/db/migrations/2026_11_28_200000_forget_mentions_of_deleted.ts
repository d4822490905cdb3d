/**
 * The mention indexes (`mention`, `gm_notes_mention`, issue "Linked lore", docs/rich-text.md) lose a source's rows
 * when the source is deleted, by database triggers, so no delete path (a route, a command, a cascade from a
 * character, quest, map or timeline, an import) can leave them behind: a deleted entity's rows would never show
 * (backlinks read only sources that still exist) but are garbage a later reader of the table could pick up. The
 * rows already left behind by earlier deletes are removed here. A world's rows go with the world (ON DELETE CASCADE)
 * and need no trigger.
 *
 * - SQLite: one row trigger per source table.
 * - PostgreSQL: one statement trigger per source table reading the deleted rows as a transition table, so deleting
 *   a world with thousands of entities runs two deletes per table rather than two per entity. Not deferred: a
 *   restore in the same transaction as a delete (history's undelete writes the index after the row) keeps its rows.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is frozen and knows no app schema
type AnyDb = Kysely<any>;

/** Each table whose rows may be a mention source (other than the world) and the source type its rows carry. */
const SOURCE_TYPES: Array<[table: string, sourceType: string]> = [
  ['character', 'character'],
  ['item', 'item'],
  ['inventory_item', 'inventoryItem'],
  ['goal', 'goal'],
  ['relationship', 'relationship'],
  ['timeline', 'timeline'],
  ['event', 'event'],
  ['map', 'map'],
  ['map_point', 'mapPoint'],
  ['map_area', 'mapArea'],
  ['quest', 'quest'],
  ['quest_objective', 'questObjective'],
  ['connection', 'connection'],
];

const INDEXES = ['mention', 'gm_notes_mention'];

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

const triggerName = (table: string): string => `${table}_forget_mentions`;

/**
 * Deletes the rows of both mention indexes whose source no longer exists (the world's own rows go with the world).
 * @param db the database (or the migration's transaction).
 */
export async function removeOrphanedMentions(db: AnyDb): Promise<void> {
  for (const index of INDEXES) {
    for (const [table, sourceType] of SOURCE_TYPES) {
      await sql
        .raw(
          `delete from ${index} where source_type = '${sourceType}'
            and not exists (select 1 from "${table}" as source where source.id = ${index}.source_id)`,
        )
        .execute(db);
    }
  }
}

export async function up(db: AnyDb): Promise<void> {
  await removeOrphanedMentions(db);
  if (!isPostgres(db)) {
    for (const [table, sourceType] of SOURCE_TYPES) {
      const deletes = INDEXES.map((index) => `delete from ${index} where source_type = '${sourceType}' and source_id = old.id;`);
      await sql.raw(`create trigger ${triggerName(table)} after delete on "${table}" begin ${deletes.join(' ')} end`).execute(db);
    }
    return;
  }
  await sql
    .raw(
      `create or replace function loreforge_forget_mentions() returns trigger language plpgsql as $$
      begin
        delete from mention where source_type = tg_argv[0] and source_id in (select id from gone);
        delete from gm_notes_mention where source_type = tg_argv[0] and source_id in (select id from gone);
        return null;
      end
      $$`,
    )
    .execute(db);
  const triggers = SOURCE_TYPES.map(
    ([table, sourceType]) =>
      `create trigger ${triggerName(table)} after delete on "${table}" referencing old table as gone
        for each statement execute function loreforge_forget_mentions('${sourceType}')`,
  );
  await sql.raw(triggers.join(';\n')).execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const [table] of SOURCE_TYPES) {
    await sql
      .raw(isPostgres(db) ? `drop trigger if exists ${triggerName(table)} on "${table}"` : `drop trigger if exists ${triggerName(table)}`)
      .execute(db);
  }
  if (isPostgres(db)) await sql.raw('drop function if exists loreforge_forget_mentions()').execute(db);
}
