/**
 * The import pipeline (issue 13): archive → files (archive.ts, bounded) → bundle (the importer whose `detect`
 * recognises the files) → plan (import.plan.ts: new ids, references, mentions) → one transaction that creates
 * the world, its owner and every row, so an import is all or nothing.
 */
import { BUNDLE_MESSAGES, type BundleEntityType, type NotMapped } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { WorldTable } from '../../db/tables/world.table.js';
import { badRequest } from '../../errors/app-error.js';
import { nowIso } from '../../lib/time.js';
import { detectMapImageType, strongEtag } from '../maps/map-image.js';
import { insertWorld } from '../worlds/world.repository.js';
import { type ArchiveLimits, readZipArchive } from './archive.js';
import { type ImportPlan, planImport } from './import.plan.js';
import { findImporter } from './transfer.registry.js';

/** Rows per insert statement: well under both databases' bound on parameters (about 15 columns a row). */
const INSERT_BATCH = 500;

/** What an import made. */
export interface ImportOutcome {
  world: WorldTable;
  format: string;
  created: Record<BundleEntityType, number>;
  notMapped: NotMapped[];
}

async function insertBatches<T extends keyof ImportTables>(db: Db, table: T, rows: ImportTables[T]): Promise<void> {
  for (let index = 0; index < rows.length; index += INSERT_BATCH) {
    // Each table's rows match its Database declaration; the mapped type is lost on the dynamic table name.
    await db.insertInto(table).values(rows.slice(index, index + INSERT_BATCH) as never).execute();
  }
}

/** The tables an import writes in one go, in foreign-key order, with their row types. */
type ImportTables = Pick<ImportPlan,
  'calendar' | 'map' | 'map_point' | 'map_area' | 'character' | 'item' | 'inventory_item' | 'goal' | 'relationship'
  | 'timeline' | 'event' | 'quest' | 'quest_objective' | 'character_active_quest' | 'connection' | 'entity_tag' | 'mention'>;

/** Writes a plan's rows (timelines without their parent first, then linked, as a branch may precede its parent). */
async function writePlan(db: Db, plan: ImportPlan, now: string): Promise<void> {
  await insertBatches(db, 'calendar', plan.calendar);
  await insertBatches(db, 'map', plan.map);
  for (const image of plan.images) {
    const contentType = await detectMapImageType(image.bytes);
    if (!contentType) continue;
    await db.insertInto('map_image').values({
      map_id: image.mapId, content_type: contentType, size: image.bytes.byteLength, etag: strongEtag(image.bytes),
      data: image.bytes, updated_at: now,
    }).execute();
  }
  await insertBatches(db, 'map_point', plan.map_point);
  await insertBatches(db, 'map_area', plan.map_area);
  await insertBatches(db, 'character', plan.character);
  await insertBatches(db, 'item', plan.item);
  await insertBatches(db, 'inventory_item', plan.inventory_item);
  await insertBatches(db, 'goal', plan.goal);
  await insertBatches(db, 'relationship', plan.relationship);
  await insertBatches(db, 'timeline', plan.timeline.map((row) => ({ ...row, parent_timeline_id: null })));
  for (const row of plan.timeline) {
    if (row.parent_timeline_id !== null) {
      await db.updateTable('timeline').set({ parent_timeline_id: row.parent_timeline_id }).where('id', '=', row.id).execute();
    }
  }
  await insertBatches(db, 'event', plan.event);
  await insertBatches(db, 'quest', plan.quest);
  await insertBatches(db, 'quest_objective', plan.quest_objective);
  await insertBatches(db, 'character_active_quest', plan.character_active_quest);
  await insertBatches(db, 'connection', plan.connection);
  await insertBatches(db, 'entity_tag', plan.entity_tag);
  await insertBatches(db, 'mention', plan.mention);
}

/** Images the plan names that are not PNG, JPEG or WebP: reported, and the map imported without them. */
async function checkImages(plan: ImportPlan): Promise<void> {
  const kept = [];
  for (const image of plan.images) {
    if (await detectMapImageType(image.bytes)) kept.push(image);
    else plan.notMapped.push({ path: image.path, reason: 'The map image is not a PNG, JPEG or WebP image; the map was imported without it.' });
  }
  plan.images = kept;
}

/** Unpacks, recognises, reads and plans an archive; only the plan (and the world's name) outlive this call. */
async function planFromArchive(archive: Uint8Array, userId: string, limits: ArchiveLimits) {
  const files = await readZipArchive(archive, limits);
  const importer = findImporter(files);
  if (!importer) throw badRequest(BUNDLE_MESSAGES.unknownFormat);
  const imported = await importer.toBundle(files, { maxJsonDepth: limits.maxJsonDepth });
  const plan = planImport(imported, userId, nowIso());
  return { importer, plan, name: imported.bundle.world.name, description: plan.description, descriptionHtml: plan.descriptionHtml };
}

/**
 * Creates a new world owned by `userId` from an uploaded archive.
 * @param archive the request body (a zip); @param limits the configured bounds.
 * @returns the new world row, the format recognised, counts of created records and what was not mapped.
 * @throws AppError 400 for a hostile or unreadable archive (archive.ts), an unknown format
 * (BUNDLE_MESSAGES.unknownFormat) or invalid content (the importer's messages); nothing is created then.
 */
export async function importWorld(db: Db, userId: string, archive: Uint8Array, limits: ArchiveLimits): Promise<ImportOutcome> {
  // Each stage's input is let go once the next holds what it needs, so a large import keeps one copy at a time.
  const { importer, plan, name, description, descriptionHtml } = await planFromArchive(archive, userId, limits);
  await checkImages(plan);
  const now = nowIso();
  const world: WorldTable = {
    id: plan.worldId,
    name,
    description,
    description_html: descriptionHtml,
    created_by: userId,
    character_count: 0,
    timeline_count: 0,
    map_count: 0,
    event_count: 0,
    item_count: 0,
    content_version: 0,
    created_at: now,
    updated_at: now,
  };
  await db.transaction().execute(async (trx) => {
    await insertWorld(trx, world);
    await writePlan(trx, plan, now);
  });
  const stored = await db.selectFrom('world').selectAll().where('id', '=', world.id).executeTakeFirstOrThrow();
  return { world: stored, format: importer.format, created: plan.created, notMapped: plan.notMapped };
}
