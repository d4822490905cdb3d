/**
 * Shared worlds: members with a role (`world_member`), world invitation links (`world_invitation`), and on
 * every secret-capable entity its visibility (`everyone` or `editors`), the players it is revealed to (a JSON
 * list of user ids), GM notes and who created and last changed it. Characters get the player they are
 * assigned to. Every existing world's creator becomes its owner member.
 * Frozen in time: imports nothing from the app.
 */
import { type Kysely, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

/** Tables whose rows can be secret (one per secret-capable entity). */
const SECRET_CAPABLE = [
  'character',
  'item',
  'inventory_item',
  'goal',
  'relationship',
  'timeline',
  'event',
  'map',
  'map_point',
  'map_area',
  'quest',
  'quest_objective',
  'connection',
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('world_member')
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('world_member_pk', ['world_id', 'user_id'])
    .execute();
  await db.schema.createIndex('world_member_user').on('world_member').columns(['user_id', 'world_id']).execute();

  await db.schema
    .createTable('world_invitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('max_uses', 'integer')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('world_invitation_world').on('world_invitation').columns(['world_id', 'created_at']).execute();

  for (const table of SECRET_CAPABLE) {
    await db.schema
      .alterTable(table)
      .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('everyone'))
      .execute();
    await db.schema
      .alterTable(table)
      .addColumn('revealed_to', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
    await db.schema.alterTable(table).addColumn('gm_notes', 'text').execute();
    await db.schema.alterTable(table).addColumn('created_by', 'text').execute();
    await db.schema.alterTable(table).addColumn('updated_by', 'text').execute();
  }
  await db.schema.alterTable('character').addColumn('assigned_to', 'text').execute();

  await sql`insert into world_member (world_id, user_id, role, created_at, updated_at)
    select id, created_by, 'owner', created_at, created_at from world`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('character').dropColumn('assigned_to').execute();
  for (const table of SECRET_CAPABLE) {
    for (const column of ['visibility', 'revealed_to', 'gm_notes', 'created_by', 'updated_by']) {
      await db.schema.alterTable(table).dropColumn(column).execute();
    }
  }
  await db.schema.dropTable('world_invitation').execute();
  await db.schema.dropTable('world_member').execute();
}
