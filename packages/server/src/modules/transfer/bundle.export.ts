/**
 * Writes a world as a Loreforge bundle (issue 13, docs/export-format.md), streamed: each entity file is read
 * page by page (transfer.repository.ts) and deflated into the zip as it is read, map images one at a time, and
 * manifest.json last with the counts and SHA-256 of everything before it. Memory stays bounded by a page of
 * rows and one image whatever the world's size. What is read goes through the reader's scope, so a player's
 * or viewer's bundle holds only what they may see.
 */
import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import {
  BUNDLE_ENTITY_TYPES,
  BUNDLE_FILES,
  BUNDLE_FORMAT,
  BUNDLE_FORMAT_VERSION,
  BUNDLE_MANIFEST_PATH,
  BUNDLE_WORLD_PATH,
  type Bundle,
  type BundleEntities,
  type BundleWorld,
  type BundleEntityType,
  type BundleManifest,
  type BundleRecord,
  emptyBundleEntities,
} from '@loreforge/contract';
import yazl from 'yazl';
import type { Db } from '../../db/database.js';
import type { WorldTable } from '../../db/tables/world.table.js';
import { nowIso } from '../../lib/time.js';
import { APP_VERSION } from '../../version.js';
import { renderMentionsIn } from '../mentions/mention.render.js';
import type { ReadScope } from '../../access/world-scope.js';
import type { ExportFile } from './transfer.formats.js';
import * as presenter from './transfer.presenter.js';
import * as repository from './transfer.repository.js';
import type { ExportScope } from './transfer.repository.js';

type RecordPages<T extends BundleEntityType> = (db: Db, scope: ExportScope) => AsyncGenerator<Array<BundleRecord<T>>>;

/**
 * Pages of rows turned into pages of records, their rich text rendered for the reader (mention.render.ts): a
 * mention of something the reader may not see is its plain label, with no id, as in every answer.
 */
const presented = <Row, T extends BundleEntityType>(
  pages: (db: Db, scope: ExportScope) => AsyncGenerator<Row[]>,
  present: (row: Row, scope: ReadScope) => BundleRecord<T>,
): RecordPages<T> =>
  async function* recordPages(db, scope) {
    for await (const rows of pages(db, scope))
      yield await renderMentionsIn(
        db,
        scope,
        scope.worldId,
        rows.map((row) => present(row, scope)),
      );
  };

/** The world record, its rich text rendered for the reader. */
const worldRecordFor = (db: Db, scope: ExportScope & { world: WorldTable }): Promise<BundleWorld> =>
  renderMentionsIn(db, scope, scope.worldId, presenter.worldRecord(scope.world));

/** Where each entity type's records come from. */
const RECORD_PAGES: { [T in BundleEntityType]: RecordPages<T> } = {
  calendars: presented(repository.calendarPages, presenter.calendarRecord),
  characters: presented(repository.characterPages, presenter.characterRecord),
  items: presented(repository.itemPages, presenter.itemRecord),
  inventory: presented(repository.inventoryPages, presenter.inventoryRecord),
  goals: presented(repository.goalPages, presenter.goalRecord),
  relationships: presented(repository.relationshipPages, presenter.relationshipRecord),
  timelines: presented(repository.timelinePages, presenter.timelineRecord),
  events: presented(repository.eventPages, presenter.eventRecord),
  maps: presented(repository.mapPages, presenter.mapRecord),
  mapPoints: presented(repository.mapPointPages, presenter.mapPointRecord),
  mapAreas: presented(repository.mapAreaPages, presenter.mapAreaRecord),
  quests: presented(repository.questPages, presenter.questRecord),
  objectives: presented(repository.objectivePages, presenter.objectiveRecord),
  connections: presented(repository.connectionPages, presenter.connectionRecord),
  tags: presented(repository.tagPages, presenter.tagsRecord),
};

/** A file's running size and SHA-256 while it streams. */
class FileDigest {
  private readonly hash = createHash('sha256');
  size = 0;
  add(chunk: Buffer): Buffer {
    this.hash.update(chunk);
    this.size += chunk.length;
    return chunk;
  }
  digest(): { size: number; sha256: string } {
    return { size: this.size, sha256: this.hash.digest('hex') };
  }
}

/** A JSON array written one record per line, page by page, hashed as it goes. */
async function* jsonArrayChunks(
  pages: AsyncIterable<unknown[]>,
  digest: FileDigest,
  onCount: (count: number) => void,
): AsyncGenerator<Buffer> {
  let count = 0;
  yield digest.add(Buffer.from('['));
  for await (const records of pages) {
    if (records.length === 0) continue;
    const lines = records.map((record) => JSON.stringify(record)).join(',\n');
    yield digest.add(Buffer.from(`${count === 0 ? '\n' : ',\n'}${lines}`));
    count += records.length;
  }
  yield digest.add(Buffer.from(count === 0 ? ']\n' : '\n]\n'));
  onCount(count);
}

/** The world's maps whose image the reader may see: id, archive path. Only ids and types: bytes are read later. */
async function visibleMapImages(db: Db, scope: ExportScope): Promise<Array<{ mapId: string; path: string }>> {
  const images: Array<{ mapId: string; path: string }> = [];
  for await (const maps of RECORD_PAGES.maps(db, scope)) {
    for (const map of maps) if (map.image) images.push({ mapId: map.mapId, path: map.image.path });
  }
  return images;
}

/**
 * Streams a world's bundle as a zip.
 * @param scope the world and its reader (secrets only for editors and the owner).
 * @returns the zip's bytes as a stream; a database failure mid-way ends it with an error (the download breaks
 * off rather than ending in a bundle that looks whole).
 */
export async function streamBundle(
  db: Db,
  scope: ExportScope & { world: Parameters<typeof presenter.worldRecord>[0] },
): Promise<NodeJS.ReadableStream> {
  const zip = new yazl.ZipFile();
  const files: BundleManifest['files'] = {};
  const counts = Object.fromEntries(BUNDLE_ENTITY_TYPES.map((type) => [type, 0])) as Record<BundleEntityType, number>;
  const mtime = new Date();
  const add = (path: string, chunks: () => AsyncIterable<Buffer>, digest?: FileDigest) => {
    zip.addReadStreamLazy(path, { mtime, compress: true }, (callback) => {
      const stream = Readable.from(chunks());
      if (digest)
        stream.on('end', () => {
          files[path] = digest.digest();
        });
      callback(null, stream);
    });
  };

  const worldDigest = new FileDigest();
  add(
    BUNDLE_WORLD_PATH,
    async function* worldChunks() {
      yield worldDigest.add(Buffer.from(`${JSON.stringify(await worldRecordFor(db, scope), null, 2)}\n`));
    },
    worldDigest,
  );
  for (const type of BUNDLE_ENTITY_TYPES) {
    const digest = new FileDigest();
    add(
      BUNDLE_FILES[type],
      () =>
        jsonArrayChunks(RECORD_PAGES[type](db, scope), digest, (count) => {
          counts[type] = count;
        }),
      digest,
    );
  }
  for (const image of await visibleMapImages(db, scope)) {
    const digest = new FileDigest();
    // Images are deflated already (PNG, JPEG, WebP): stored as they are.
    zip.addReadStreamLazy(image.path, { mtime, compress: false }, (callback) => {
      void repository.findMapImageBytes(db, image.mapId).then(
        (bytes) => {
          const data = Buffer.from(bytes ?? new Uint8Array());
          digest.add(data);
          files[image.path] = digest.digest();
          callback(null, Readable.from([data]));
        },
        (error: unknown) => callback(error, Readable.from([])),
      );
    });
  }
  add(BUNDLE_MANIFEST_PATH, async function* manifestChunks() {
    const manifest: BundleManifest = {
      format: BUNDLE_FORMAT,
      formatVersion: BUNDLE_FORMAT_VERSION,
      exportedAt: nowIso(),
      generator: `Loreforge ${APP_VERSION}`,
      world: { name: scope.world.name },
      includesSecrets: scope.seesSecrets,
      counts,
      files,
    };
    yield Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  });
  zip.end();
  return zip.outputStream;
}

/**
 * Reads a whole world into memory as a bundle, for exporters of other formats (they need every record at once).
 * @returns the bundle and the images by their archive path.
 */
export async function readWholeBundle(
  db: Db,
  scope: ExportScope & { world: Parameters<typeof presenter.worldRecord>[0] },
): Promise<{ bundle: Bundle; images: Map<string, Uint8Array> }> {
  const entities: BundleEntities = emptyBundleEntities();
  for (const type of BUNDLE_ENTITY_TYPES) {
    const list = entities[type] as unknown[];
    for await (const records of RECORD_PAGES[type](db, scope)) list.push(...records);
  }
  const images = new Map<string, Uint8Array>();
  for (const map of entities.maps) {
    if (!map.image) continue;
    const bytes = await repository.findMapImageBytes(db, map.mapId);
    if (bytes) images.set(map.image.path, bytes);
  }
  return { bundle: { world: await worldRecordFor(db, scope), entities }, images };
}

/**
 * Zips an exporter's files (deflated), streaming them out as they come.
 * @returns the zip's bytes as a stream.
 */
export function zipFiles(source: Iterable<ExportFile> | AsyncIterable<ExportFile>): NodeJS.ReadableStream {
  const zip = new yazl.ZipFile();
  const mtime = new Date();
  void (async () => {
    try {
      for await (const file of source) {
        const data = typeof file.data === 'string' ? Buffer.from(file.data, 'utf8') : Buffer.from(file.data);
        zip.addBuffer(data, file.path, { mtime, compress: true });
      }
      zip.end();
    } catch (error) {
      zip.outputStream.emit('error', error);
    }
  })();
  return zip.outputStream;
}
