/**
 * Reads a Loreforge bundle (docs/export-format.md) from an archive one file at a time (issue 13 "stream"): the
 * manifest first (format and version) and every file it lists present, then each entity file streamed record by
 * record (json-records.ts), each record checked against its schema and the file against its SHA-256 as it is
 * read. The import reads the entity files twice (import.plan.ts); a damaged file is refused in the first pass,
 * before anything is written.
 */
import { createHash, type Hash } from 'node:crypto';
import {
  BUNDLE_ENTITY_TYPES,
  BUNDLE_FILES,
  BUNDLE_FORMAT,
  BUNDLE_FORMAT_VERSION,
  BUNDLE_MANIFEST_PATH,
  BUNDLE_MESSAGES,
  BUNDLE_RECORD_SCHEMAS,
  BUNDLE_WORLD_PATH,
  type BundleEntityType,
  type BundleManifest,
  BundleManifestSchema,
  type BundleRecord,
  BundleWorldSchema,
} from '@loreforge/contract';
import type { z } from 'zod';
import { badRequest } from '../../errors/app-error.js';
import { type ZipArchive, parseJsonBounded } from './archive.js';
import type { RecordSource } from './import.plan.js';
import { jsonArrayElements } from './json-records.js';
import type { ImportOptions } from './transfer.formats.js';

/** The first problem of a zod failure as `field.path: message`, after an optional prefix (a record's index). */
function describeIssue(error: z.ZodError, prefix?: number): string {
  const [issue] = error.issues;
  if (!issue) return 'invalid';
  const where = [...(prefix === undefined ? [] : [prefix]), ...issue.path].map(String).join('.');
  return where === '' ? issue.message : `${where}: ${issue.message}`;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/** Chunks passed through unchanged, each added to a hash. */
async function* hashed(chunks: AsyncIterable<Buffer>, hash: Hash): AsyncGenerator<Buffer> {
  for await (const chunk of chunks) {
    hash.update(chunk);
    yield chunk;
  }
}

/** A whole (small) file of the bundle, checked against the manifest's checksum when it lists one. */
async function readChecked(zip: ZipArchive, manifest: BundleManifest, path: string): Promise<Buffer> {
  const bytes = await zip.read(path);
  if (!bytes) throw badRequest(BUNDLE_MESSAGES.missingFile(path));
  const expected = manifest.files[path]?.sha256;
  if (expected !== undefined && sha256(bytes) !== expected) throw badRequest(BUNDLE_MESSAGES.checksumMismatch(path));
  return bytes;
}

/**
 * A file streamed only to check it: against its checksum when the manifest lists one, else only that it
 * inflates to what it declares (a bomb is refused even where the import would never read it).
 */
async function checkStreamed(zip: ZipArchive, path: string, expected: string | undefined): Promise<void> {
  const hash = createHash('sha256');
  for await (const chunk of zip.chunks(path)) hash.update(chunk);
  if (expected !== undefined && hash.digest('hex') !== expected) throw badRequest(BUNDLE_MESSAGES.checksumMismatch(path));
}

/** The records of one entity file, each checked against its schema, the file against its checksum at its end. */
async function* entityRecords<T extends BundleEntityType>(
  zip: ZipArchive,
  manifest: BundleManifest,
  type: T,
  options: ImportOptions,
): AsyncGenerator<BundleRecord<T>> {
  const path = BUNDLE_FILES[type];
  if (!zip.paths.has(path)) return; // an entity type the bundle has none of may be left out
  const hash = createHash('sha256');
  const schema = BUNDLE_RECORD_SCHEMAS[type];
  let index = 0;
  for await (const element of jsonArrayElements(path, hashed(zip.chunks(path), hash), options.maxJsonDepth)) {
    const parsed = schema.safeParse(element);
    if (!parsed.success) throw badRequest(BUNDLE_MESSAGES.invalidRecord(path, describeIssue(parsed.error, index)));
    index += 1;
    yield parsed.data as BundleRecord<T>;
  }
  const expected = manifest.files[path]?.sha256;
  if (expected !== undefined && hash.digest('hex') !== expected) throw badRequest(BUNDLE_MESSAGES.checksumMismatch(path));
}

/**
 * Opens a bundle for import: checks its manifest and world, and every other file but the entity files (those
 * are checked as they stream).
 * @param zip the opened archive (archive.ts); it holds manifest.json.
 * @returns the bundle's records, readable once per import pass, and its images by path.
 * @throws AppError 400 (BUNDLE_MESSAGES): wrongFormat, wrongVersion, missingFile, checksumMismatch,
 * invalidRecord (file and field named), invalidJson, jsonTooDeep, nulCharacter; reading records may throw the same.
 */
export async function openBundle(zip: ZipArchive, options: ImportOptions): Promise<RecordSource> {
  const manifestBytes = await zip.read(BUNDLE_MANIFEST_PATH);
  if (!manifestBytes) throw badRequest(BUNDLE_MESSAGES.missingFile(BUNDLE_MANIFEST_PATH));
  const raw = parseJsonBounded(BUNDLE_MANIFEST_PATH, manifestBytes, options.maxJsonDepth);
  const head = (typeof raw === 'object' && raw !== null ? raw : {}) as { format?: unknown; formatVersion?: unknown };
  if (head.format !== BUNDLE_FORMAT) throw badRequest(BUNDLE_MESSAGES.wrongFormat);
  if (head.formatVersion !== BUNDLE_FORMAT_VERSION) throw badRequest(BUNDLE_MESSAGES.wrongVersion(head.formatVersion));
  const parsedManifest = BundleManifestSchema.safeParse(raw);
  if (!parsedManifest.success) throw badRequest(BUNDLE_MESSAGES.invalidRecord(BUNDLE_MANIFEST_PATH, describeIssue(parsedManifest.error)));
  const manifest = parsedManifest.data;

  const entityFiles = new Set<string>(BUNDLE_ENTITY_TYPES.map((type) => BUNDLE_FILES[type]));
  for (const path of Object.keys(manifest.files)) if (!zip.paths.has(path)) throw badRequest(BUNDLE_MESSAGES.missingFile(path));
  const worldBytes = await readChecked(zip, manifest, BUNDLE_WORLD_PATH);
  const world = BundleWorldSchema.safeParse(parseJsonBounded(BUNDLE_WORLD_PATH, worldBytes, options.maxJsonDepth));
  if (!world.success) throw badRequest(BUNDLE_MESSAGES.invalidRecord(BUNDLE_WORLD_PATH, describeIssue(world.error)));
  for (const path of zip.paths) {
    if (path !== BUNDLE_WORLD_PATH && path !== BUNDLE_MANIFEST_PATH && !entityFiles.has(path))
      await checkStreamed(zip, path, manifest.files[path]?.sha256);
  }
  return {
    world: world.data,
    notMapped: [],
    records: (type) => entityRecords(zip, manifest, type, options),
    image: async (path) => (zip.paths.has(path) ? readChecked(zip, manifest, path) : undefined),
  };
}
