/**
 * The import pipeline (issue 13): archive (archive.ts, bounded, read one file at a time) → records (a Loreforge
 * bundle streamed file by file, bundle.importer.ts; any other format read by the importer whose `detect`
 * recognises its files) → a first pass giving every record a new id (import.plan.ts) → one transaction that
 * creates the world, its owner and every row in batches as the second pass reads them, so an import is all or
 * nothing and holds only the id maps of the world, never all its rows.
 */
import { BUNDLE_MANIFEST_PATH, BUNDLE_MESSAGES, type BundleEntityType, type NotMapped } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { WorldTable } from '../../db/tables/world.table.js';
import { badRequest } from '../../errors/app-error.js';
import { nowIso } from '../../lib/time.js';
import { detectMapImageType, strongEtag } from '../maps/map-image.js';
import { insertWorld, newWorldRow } from '../worlds/world.repository.js';
import { writeBulkWorld } from '../../db/bulk-world.js';
import { type ArchiveLimits, type ZipArchive, openZipArchive, readWholeArchive } from './archive.js';
import { openBundle } from './bundle.importer.js';
import { IMPORT_TABLE_ORDER, type ImportRows, type ImportTable, ImportPlanner, type RecordSource, type RowSink } from './import.plan.js';
import type { ImportedBundle } from './transfer.formats.js';
import { findImporter } from './transfer.registry.js';

/** Rows per insert statement: well under both databases' bound on parameters (about 20 columns a row). */
const INSERT_BATCH = 500;

/** What an import made. */
export interface ImportOutcome {
  world: WorldTable;
  format: string;
  created: Record<BundleEntityType, number>;
  notMapped: NotMapped[];
}

/**
 * Writes planned rows in batches of INSERT_BATCH. Whenever one table's batch is full, every table's pending
 * rows are written in IMPORT_TABLE_ORDER, so a row is never written before the rows it names.
 */
class BatchWriter implements RowSink {
  private readonly pending = new Map<ImportTable, never[]>();

  constructor(
    private readonly db: Db,
    private readonly now: string,
  ) {}

  async add<T extends ImportTable>(table: T, row: ImportRows[T]): Promise<void> {
    let rows = this.pending.get(table);
    if (!rows) this.pending.set(table, (rows = []));
    rows.push(row as never);
    if (rows.length >= INSERT_BATCH) await this.flush();
  }

  /** Writes every pending row. */
  async flush(): Promise<void> {
    for (const table of IMPORT_TABLE_ORDER) {
      const rows = this.pending.get(table);
      if (!rows || rows.length === 0) continue;
      this.pending.set(table, []);
      // Each table's rows match its Database declaration (ImportRows); the pending map holds them untyped.
      await this.db.insertInto(table).values(rows).execute();
    }
  }

  async image(mapId: string, bytes: Uint8Array): Promise<boolean> {
    const contentType = await detectMapImageType(bytes);
    if (!contentType) return false;
    await this.flush();
    await this.db
      .insertInto('map_image')
      .values({
        map_id: mapId,
        content_type: contentType,
        size: bytes.byteLength,
        etag: strongEtag(bytes),
        data: bytes,
        updated_at: this.now,
      })
      .execute();
    return true;
  }

  async linkParent(timelineId: string, parentId: string): Promise<void> {
    await this.flush();
    await this.db.updateTable('timeline').set({ parent_timeline_id: parentId }).where('id', '=', timelineId).execute();
  }
}

/** A bundle another format's importer built in memory, as a record source. */
const inMemorySource = (imported: ImportedBundle): RecordSource => ({
  world: imported.bundle.world,
  notMapped: imported.notMapped,
  records: (type) => imported.bundle.entities[type],
  image: (path) => Promise.resolve(imported.images.get(path)),
});

/**
 * The records of an opened archive and the name of its format: the importer that recognises it reads it, one
 * file at a time when it can (`fromArchive`), otherwise from the archive unpacked whole.
 */
async function sourceOf(zip: ZipArchive, limits: ArchiveLimits): Promise<{ format: string; source: RecordSource }> {
  const options = { maxJsonDepth: limits.maxJsonDepth };
  if (zip.paths.has(BUNDLE_MANIFEST_PATH)) return { format: 'bundle', source: await openBundle(zip, options) };
  // Formats that read the archive file by file are recognised from the file names alone.
  const streaming = findImporter(new Map([...zip.paths].map((path) => [path, new Uint8Array()])));
  if (streaming?.fromArchive) return { format: streaming.format, source: inMemorySource(await streaming.fromArchive(zip, options)) };
  // Other formats are read whole: their exports are small next to what a bundle can hold.
  const files = await readWholeArchive(zip);
  const importer = findImporter(files);
  if (!importer) throw badRequest(BUNDLE_MESSAGES.unknownFormat);
  return { format: importer.format, source: inMemorySource(await importer.toBundle(files, options)) };
}

/**
 * Creates a new world owned by `userId` from an uploaded archive.
 * @param archive the request body (a zip); @param limits the configured bounds.
 * @returns the new world row, the format recognised, counts of created records and what was not mapped.
 * @throws AppError 400 for a hostile or unreadable archive (archive.ts), an unknown format
 * (BUNDLE_MESSAGES.unknownFormat) or invalid content (the importer's messages); nothing is created then.
 */
export async function importWorld(db: Db, userId: string, archive: Uint8Array, limits: ArchiveLimits): Promise<ImportOutcome> {
  const zip = await openZipArchive(archive, limits);
  try {
    const { format, source } = await sourceOf(zip, limits);
    const now = nowIso();
    const planner = new ImportPlanner(source, userId, now);
    await planner.assignIds();
    const text = planner.worldText();
    const world = newWorldRow(
      planner.worldId,
      { name: source.world.name, description: text.description, description_html: text.descriptionHtml, created_by: userId },
      now,
    );
    await db.transaction().execute((trx) =>
      writeBulkWorld(trx, world.id, async () => {
        await insertWorld(trx, world);
        const writer = new BatchWriter(trx, now);
        await planner.writeRows(writer);
        for (const mention of text.mention) await writer.add('mention', mention);
        await writer.flush();
      }),
    );
    const stored = await db.selectFrom('world').selectAll().where('id', '=', world.id).executeTakeFirstOrThrow();
    return { world: stored, format, created: planner.created, notMapped: planner.notMapped };
  } finally {
    zip.close();
  }
}
