/**
 * `deleted_active_quest` (issue 15 "History", docs/history.md "Deleted entities"): the active-quest links a
 * character had when it was deleted. The links themselves go with the character (ON DELETE CASCADE on
 * `character_active_quest`), and the change log records the character's row only, so without this a restored
 * character would come back without its active quests. Written by the character's deletion, read and emptied by
 * its restore. Rows go with their world or their quest (ON DELETE CASCADE); character_id has no foreign key,
 * since the character is gone. Not a table the change log records. Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations are frozen and do not use the app's Database type
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('deleted_active_quest')
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('character_id', 'text', (c) => c.notNull())
    .addColumn('quest_id', 'text', (c) => c.notNull().references('quest.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('deleted_active_quest_pk', ['character_id', 'quest_id'])
    .execute();
  // A quest's deletion cascades here by quest_id: the primary key leads with character_id, so index quest_id too.
  await db.schema.createIndex('deleted_active_quest_quest').on('deleted_active_quest').column('quest_id').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('deleted_active_quest').ifExists().execute();
}
