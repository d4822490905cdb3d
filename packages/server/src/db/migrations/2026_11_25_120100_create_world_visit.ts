/**
 * "Since you last looked" (issue 15): `world_visit` keeps, per member and world, the world's change sequence and
 * the time of their last look. Not a table the change log records, so opening a world changes nothing in it.
 * Rows go with their world or account (ON DELETE CASCADE). Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('world_visit')
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('last_seen_sequence', 'bigint', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('world_visit_pk', ['world_id', 'user_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('world_visit').ifExists().execute();
}
