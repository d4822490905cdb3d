/**
 * Tags (issue "Linked lore"): any character, item, quest, event, timeline, map or goal of a world can carry tags.
 * One row per tag of an entity; `tag` keeps the spelling first given, `tag_key` its lower case, which makes a tag
 * unique per entity and is what lists filter on. Rows go with their world (ON DELETE CASCADE); the app removes
 * them with the entity. Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('entity_tag')
    .addColumn('world_id', 'text', (col) => col.notNull().references('world.id').onDelete('cascade'))
    .addColumn('entity_type', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('tag', 'text', (col) => col.notNull())
    .addColumn('tag_key', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('entity_tag_pk', ['entity_type', 'entity_id', 'tag_key'])
    .execute();
  await db.schema
    .createIndex('entity_tag_world_key_idx')
    .on('entity_tag')
    .columns(['world_id', 'tag_key', 'entity_type', 'entity_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('entity_tag').ifExists().execute();
}
