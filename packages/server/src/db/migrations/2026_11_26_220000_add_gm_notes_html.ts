/**
 * Rich text in GM notes (issue "Linked lore", docs/rich-text.md): every secret-capable entity keeps its GM notes'
 * sanitised HTML in `gm_notes_html` beside the plain `gm_notes` (derived from it). Mentions inside GM notes are
 * indexed in their own table, `gm_notes_mention`, which only editors' and the owner's backlinks read: a mention in
 * GM notes never becomes a backlink a player or viewer can see. Rows go with their world (ON DELETE CASCADE).
 * Frozen in time: imports nothing from the app.
 */
import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration is frozen and knows no app schema
type AnyDb = Kysely<any>;

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
  for (const table of SECRET_CAPABLE) {
    await db.schema.alterTable(table).addColumn('gm_notes_html', 'text').execute();
  }
  await db.schema
    .createTable('gm_notes_mention')
    .addColumn('world_id', 'text', (col) => col.notNull().references('world.id').onDelete('cascade'))
    .addColumn('source_type', 'text', (col) => col.notNull())
    .addColumn('source_id', 'text', (col) => col.notNull())
    .addColumn('target_type', 'text', (col) => col.notNull())
    .addColumn('target_id', 'text', (col) => col.notNull())
    .addPrimaryKeyConstraint('gm_notes_mention_pk', ['source_type', 'source_id', 'target_type', 'target_id'])
    .execute();
  await db.schema.createIndex('gm_notes_mention_target_idx').on('gm_notes_mention').columns(['target_type', 'target_id']).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('gm_notes_mention').ifExists().execute();
  for (const table of SECRET_CAPABLE) {
    await db.schema.alterTable(table).dropColumn('gm_notes_html').execute();
  }
}
