/**
 * Rich text with mentions (issue "Linked lore", docs/rich-text.md): every described entity keeps its sanitised
 * HTML in `description_html` beside the plain `description` (derived from it, what search and older clients read),
 * and `mention` indexes which entity's text mentions which (the backlinks). A mention row goes with its world (ON
 * DELETE CASCADE); the app replaces a source's rows on each write and removes them when the source goes.
 * Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is frozen and knows no app schema
type AnyDb = Kysely<any>;

const DESCRIBED_TABLES = [
  'world',
  'character',
  'item',
  'event',
  'timeline',
  'map',
  'map_point',
  'map_area',
  'quest',
  'goal',
  'relationship',
  'connection',
];

export async function up(db: AnyDb): Promise<void> {
  for (const table of DESCRIBED_TABLES) {
    await db.schema.alterTable(table).addColumn('description_html', 'text').execute();
  }
  await db.schema
    .createTable('mention')
    .addColumn('world_id', 'text', (col) => col.notNull().references('world.id').onDelete('cascade'))
    .addColumn('source_type', 'text', (col) => col.notNull())
    .addColumn('source_id', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('mention_pk', ['source_type', 'source_id', 'target_type', 'target_id'])
    .execute();
  await db.schema.createIndex('mention_target_idx').on('mention').columns(['target_type', 'target_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mention').ifExists().execute();
  for (const table of DESCRIBED_TABLES) {
    await db.schema.alterTable(table).dropColumn('description_html').execute();
  }
}
