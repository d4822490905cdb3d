/**
 * A member's own notes (issue 11): private text on the world or one of its entities, read only by its author.
 * Rows go with their world and their author (ON DELETE CASCADE); a note on a deleted entity is no longer
 * listed (its target no longer exists). Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('member_note')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('world_id', 'text', (col) => col.notNull().references('world.id').onDelete('cascade'))
    .addColumn('author_id', 'text', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('entity_type', 'text', (col) => col.notNull())
    .addColumn('entity_id', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('member_note_author_idx')
    .on('member_note')
    .columns(['world_id', 'author_id', 'entity_type', 'entity_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('member_note').ifExists().execute();
}
