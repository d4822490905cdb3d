/**
 * Test helpers for world export and import: download a bundle through the API, unpack it, and reduce it to a
 * form that is equal for two bundles of the same world apart from ids and timestamps.
 */
import type { FastifyInstance } from 'fastify';
import { BUNDLE_ENTITY_TYPES, BUNDLE_FILES, type ImportResult } from '@loreforge/contract';
import { readZipArchive } from '../../src/modules/transfer/archive.js';

const LARGE = { maxArchiveBytes: 1e9, maxEntries: 1e6, maxUnpackedBytes: 4e9, maxJsonDepth: 1000 };
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const TIMESTAMP_KEYS = new Set(['createdAt', 'updatedAt', 'exportedAt']);

/**
 * A value a test needs to be there (the element found in a list, a file of an archive).
 * @throws Error naming `what` when it is undefined, so the test fails saying what is missing.
 */
export function found<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}

/** An unpacked bundle: file path → bytes. */
export type BundleFiles = ReadonlyMap<string, Uint8Array>;

/**
 * Exports a world through GET …/export.
 * @returns the archive's bytes and its unpacked files.
 * @throws Error when the answer is not 200.
 */
export async function exportWorld(
  app: FastifyInstance,
  headers: Record<string, string>,
  worldId: string,
  format = 'bundle',
): Promise<{ archive: Buffer; files: BundleFiles }> {
  const response = await app.inject({ url: `/api/worlds/${worldId}/export?format=${format}`, headers });
  if (response.statusCode !== 200) throw new Error(`export failed: ${response.statusCode} ${response.body}`);
  const archive = response.rawPayload;
  return { archive, files: await readZipArchive(archive, LARGE) };
}

/**
 * Imports an archive through POST /worlds/import.
 * @returns the status and parsed body.
 */
export async function importArchive(app: FastifyInstance, headers: Record<string, string>, archive: Buffer) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/worlds/import',
    headers: { ...headers, 'content-type': 'application/zip' },
    payload: archive,
  });
  return { status: response.statusCode, body: response.json<ImportResult & { message?: string }>() };
}

/** One JSON file of a bundle. */
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the file's shape, as response.json<T>() does
export function readJson<T>(files: BundleFiles, path: string): T {
  const bytes = files.get(path);
  if (!bytes) throw new Error(`${path} is not in the bundle`);
  return JSON.parse(Buffer.from(bytes).toString('utf8')) as T;
}

const withoutTimestamps = (value: unknown, dropReveals: boolean, ignore: ReadonlySet<string> = new Set()): unknown => {
  if (Array.isArray(value)) return value.map((item) => withoutTimestamps(item, dropReveals, ignore));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !TIMESTAMP_KEYS.has(key) && !ignore.has(key))
        .map(([key, item]) => [
          key,
          dropReveals && key === 'revealedTo'
            ? []
            : dropReveals && key === 'assignedTo'
              ? null
              : withoutTimestamps(item, dropReveals, ignore),
        ]),
    );
  }
  return value;
};

/**
 * A bundle reduced to what must survive a round trip: every entity file's records without timestamps, ordered by
 * their content with ids blanked, then every id replaced by a name given in that order ('#1', '#2', …); map images
 * by their bytes; the world's name and description; the manifest's counts.
 * @param options.dropReveals empty every revealedTo and assignedTo (they name players of one world, which an import
 * cannot carry); @param options.ignore further keys to leave out everywhere.
 */
export function canonicalBundle(files: BundleFiles, options: { dropReveals?: boolean; ignore?: string[] } = {}): Record<string, unknown> {
  const ignore = new Set(options.ignore ?? []);
  const entities: Record<string, unknown[]> = {};
  for (const type of BUNDLE_ENTITY_TYPES) {
    const records = readJson<unknown[]>(files, BUNDLE_FILES[type]).map((record) =>
      withoutTimestamps(record, options.dropReveals ?? false, ignore),
    );
    entities[type] = records
      .map((record) => ({ record, key: JSON.stringify(record).replace(UUID, 'ID') }))
      .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
      .map(({ record }) => record);
  }
  const names = new Map<string, string>();
  const text = JSON.stringify(entities).replace(UUID, (id) => {
    const name = names.get(id) ?? `#${names.size + 1}`;
    names.set(id, name);
    return name;
  });
  const world = readJson<{ name: string; description: string | null; descriptionHtml?: string | null }>(files, 'world.json');
  const manifest = readJson<{ counts: unknown }>(files, 'manifest.json');
  const images = [...files.entries()]
    .filter(([path]) => path.startsWith('maps/'))
    .map(([, bytes]) => Buffer.from(bytes).toString('base64'))
    .sort();
  return {
    world: { name: world.name, description: world.description, descriptionHtml: world.descriptionHtml },
    counts: manifest.counts,
    entities: JSON.parse(text) as unknown,
    images,
  };
}
