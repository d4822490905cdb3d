/**
 * Creates every table of Loreforge with its foreign keys and the indexes that serve each list's default order.
 * Frozen in time: imports nothing from the app. Runs on SQLite and PostgreSQL alike.
 */
import { type Kysely, PostgresAdapter, sql } from 'kysely';

// Migrations are frozen and must not depend on the app's Database type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

const isPostgres = (db: AnyDb): boolean => db.getExecutor().adapter instanceof PostgresAdapter;

export async function up(db: AnyDb): Promise<void> {
  const blob = isPostgres(db) ? 'bytea' : 'blob';

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Emails and usernames are unique whatever their case, but stored as typed.
  await db.schema
    .createIndex('user_email_lower_unique')
    .on('user')
    .unique()
    .expression(sql`lower(email)`)
    .execute();
  await db.schema
    .createIndex('user_username_lower_unique')
    .on('user')
    .unique()
    .expression(sql`lower(username)`)
    .execute();

  await db.schema
    .createTable('invite_code')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('used_at', 'text')
    .execute();

  await db.schema
    .createTable('invite_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('world')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_by', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('character_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('timeline_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('map_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('event_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('item_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('map')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('map_image')
    .addColumn('map_id', 'text', (c) => c.primaryKey().references('map.id').onDelete('cascade'))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('etag', 'text', (c) => c.notNull())
    .addColumn('data', blob, (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('map_point')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('map_id', 'text', (c) => c.notNull().references('map.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('x', 'double precision', (c) => c.notNull())
    .addColumn('y', 'double precision', (c) => c.notNull())
    .addColumn('entity_type', 'text')
    .addColumn('entity_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('map_area')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('map_id', 'text', (c) => c.notNull().references('map.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('polygon', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('character')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('current_location_id', 'text', (c) => c.references('map_point.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('item')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('properties', 'text', (c) => c.notNull())
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('inventory_item')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('character_id', 'text', (c) => c.notNull().references('character.id').onDelete('cascade'))
    .addColumn('item_id', 'text', (c) => c.notNull().references('item.id').onDelete('cascade'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('equipped', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('notes', 'text')
    .addColumn('attributes', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('relationship')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('character_id', 'text', (c) => c.notNull().references('character.id').onDelete('cascade'))
    .addColumn('target_character_id', 'text', (c) => c.notNull().references('character.id').onDelete('cascade'))
    .addColumn('relationship_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('affinity', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('power_balance', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('trust_level', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('communication_style', 'text')
    .addColumn('past_interactions', 'text')
    .addColumn('current_goal_alignment', 'text')
    .addColumn('dependence_level', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('relationship_pair_unique', ['character_id', 'target_character_id'])
    .execute();

  await db.schema
    .createTable('goal')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('character_id', 'text', (c) => c.references('character.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('goal_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('target_date_time', 'text')
    .addColumn('notes', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('timeline')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('current_date_time', 'text', (c) => c.notNull())
    .addColumn('genesis_event', 'text')
    .addColumn('initial_states', 'text')
    .addColumn('branching_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('parent_timeline_id', 'text', (c) => c.references('timeline.id').onDelete('set null'))
    .addColumn('branching_event', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('event')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('timeline_id', 'text', (c) => c.references('timeline.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('date_time', 'text', (c) => c.notNull())
    .addColumn('character_attribute_changes', 'text')
    .addColumn('inventory_changes', 'text')
    .addColumn('relationship_changes', 'text')
    .addColumn('is_branching_event', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('child_timeline_id', 'text', (c) => c.references('timeline.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quest')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('is_optional', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('difficulty', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('quest_objective')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('quest_id', 'text', (c) => c.notNull().references('quest.id').onDelete('cascade'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('target', 'integer', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_optional', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('character_active_quest')
    .addColumn('character_id', 'text', (c) => c.notNull().references('character.id').onDelete('cascade'))
    .addColumn('quest_id', 'text', (c) => c.notNull().references('quest.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('character_active_quest_pk', ['character_id', 'quest_id'])
    .execute();

  await db.schema
    .createTable('connection')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('world_id', 'text', (c) => c.notNull().references('world.id').onDelete('cascade'))
    .addColumn('source_type', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('connection_type', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // Indexes serving each list's default order (created_at desc, id) and its other sort fields,
  // plus the foreign keys that deletes and lookups follow.
  const indexes: Array<[string, string, string[]]> = [
    ['world_created_by_created_at_idx', 'world', ['created_by', 'created_at', 'id']],
    ['world_created_by_name_idx', 'world', ['created_by', 'name', 'id']],
    ['character_world_created_at_idx', 'character', ['world_id', 'created_at', 'id']],
    ['character_world_updated_at_idx', 'character', ['world_id', 'updated_at', 'id']],
    ['character_world_name_idx', 'character', ['world_id', 'name', 'id']],
    ['character_location_idx', 'character', ['current_location_id']],
    ['character_active_quest_quest_idx', 'character_active_quest', ['quest_id']],
    ['item_world_created_at_idx', 'item', ['world_id', 'created_at', 'id']],
    ['item_world_name_idx', 'item', ['world_id', 'name', 'id']],
    ['inventory_character_created_at_idx', 'inventory_item', ['character_id', 'created_at', 'id']],
    ['inventory_item_created_at_idx', 'inventory_item', ['item_id', 'created_at', 'id']],
    ['inventory_world_idx', 'inventory_item', ['world_id']],
    ['relationship_character_created_at_idx', 'relationship', ['character_id', 'created_at', 'id']],
    ['relationship_target_idx', 'relationship', ['target_character_id']],
    ['relationship_world_idx', 'relationship', ['world_id']],
    ['goal_world_created_at_idx', 'goal', ['world_id', 'created_at', 'id']],
    ['goal_character_created_at_idx', 'goal', ['character_id', 'created_at', 'id']],
    ['timeline_world_created_at_idx', 'timeline', ['world_id', 'created_at', 'id']],
    ['timeline_parent_idx', 'timeline', ['parent_timeline_id']],
    ['event_world_created_at_idx', 'event', ['world_id', 'created_at', 'id']],
    ['event_timeline_date_time_idx', 'event', ['timeline_id', 'date_time', 'created_at', 'id']],
    ['event_child_timeline_idx', 'event', ['child_timeline_id']],
    ['map_world_created_at_idx', 'map', ['world_id', 'created_at', 'id']],
    ['map_point_map_created_at_idx', 'map_point', ['map_id', 'created_at', 'id']],
    ['map_point_entity_idx', 'map_point', ['entity_id']],
    ['map_area_map_created_at_idx', 'map_area', ['map_id', 'created_at', 'id']],
    ['quest_world_created_at_idx', 'quest', ['world_id', 'created_at', 'id']],
    ['quest_world_status_idx', 'quest', ['world_id', 'status', 'created_at', 'id']],
    ['quest_objective_quest_idx', 'quest_objective', ['quest_id', 'created_at', 'id']],
    ['connection_world_created_at_idx', 'connection', ['world_id', 'created_at', 'id']],
    ['connection_source_idx', 'connection', ['source_id']],
    ['connection_target_idx', 'connection', ['target_id']],
    ['invite_code_used_by_idx', 'invite_code', ['used_by']],
  ];
  for (const [name, table, columns] of indexes) {
    await db.schema.createIndex(name).on(table).columns(columns).execute();
  }
}

export async function down(db: AnyDb): Promise<void> {
  const tables = [
    'connection',
    'character_active_quest',
    'quest_objective',
    'quest',
    'event',
    'timeline',
    'goal',
    'relationship',
    'inventory_item',
    'item',
    'character',
    'map_area',
    'map_point',
    'map_image',
    'map',
    'world',
    'invite_request',
    'invite_code',
    'user',
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
