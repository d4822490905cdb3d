/**
 * `world_presence`: who is in a world now and what they look at or edit (issue 15, docs/live-updates.md
 * "Presence"): one row per member and world, refreshed by the web app's heartbeat and counted as present while
 * `seen_at` is recent. Kept in the database so every app instance sees the same presence.
 * Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('world_presence')
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('entity_type', 'text')
    .addColumn('entity_id', 'text')
    .addColumn('editing', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('seen_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('world_presence_pk', ['world_id', 'user_id'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('world_presence').execute();
}
