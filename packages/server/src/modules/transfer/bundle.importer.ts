/**
 * Reads a Loreforge bundle (docs/export-format.md) from an archive's files: the manifest first (format and
 * version), then every file it lists against its SHA-256, then each entity file against its record schema.
 */
import { createHash } from 'node:crypto';
import {
  BUNDLE_ENTITY_TYPES, BUNDLE_FILES, BUNDLE_FORMAT, BUNDLE_FORMAT_VERSION, BUNDLE_MANIFEST_PATH, BUNDLE_MESSAGES,
  BUNDLE_RECORD_SCHEMAS, BUNDLE_WORLD_PATH, type BundleEntities, BundleManifestSchema, BundleWorldSchema, emptyBundleEntities,
} from '@loreforge/contract';
import type { z } from 'zod';
import { badRequest } from '../../errors/app-error.js';
import { type ArchiveFiles, parseJsonBounded } from './archive.js';
import type { ImportedBundle, ImportOptions, WorldImporter } from './transfer.formats.js';

/** The first problem of a zod failure as `field.path: message`. */
function describeIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return 'invalid';
  const where = issue.path.map(String).join('.');
  return where === '' ? issue.message : `${where}: ${issue.message}`;
}

/** Parses one file of the bundle with a schema, or throws a 400 naming the file and the field. */
function readFile<T extends z.ZodType>(files: ArchiveFiles, path: string, schema: T, options: ImportOptions): z.infer<T> {
  const bytes = files.get(path);
  if (!bytes) throw badRequest(BUNDLE_MESSAGES.missingFile(path));
  const parsed = schema.safeParse(parseJsonBounded(path, bytes, options.maxJsonDepth));
  if (!parsed.success) throw badRequest(BUNDLE_MESSAGES.invalidRecord(path, describeIssue(parsed.error)));
  return parsed.data;
}

const sha256 = (bytes: Uint8Array): string => createHash('sha256').update(bytes).digest('hex');

/**
 * Reads and checks a bundle's manifest and files.
 * @returns the bundle, the images its maps name and an empty not-mapped list (a bundle maps fully).
 * @throws AppError 400 (BUNDLE_MESSAGES): wrongFormat, wrongVersion, missingFile, checksumMismatch,
 * invalidRecord (file and field named), invalidJson, jsonTooDeep.
 */
export function readBundle(files: ArchiveFiles, options: ImportOptions): ImportedBundle {
  const manifestBytes = files.get(BUNDLE_MANIFEST_PATH);
  if (!manifestBytes) throw badRequest(BUNDLE_MESSAGES.missingFile(BUNDLE_MANIFEST_PATH));
  const raw = parseJsonBounded(BUNDLE_MANIFEST_PATH, manifestBytes, options.maxJsonDepth);
  const head = (typeof raw === 'object' && raw !== null ? raw : {}) as { format?: unknown; formatVersion?: unknown };
  if (head.format !== BUNDLE_FORMAT) throw badRequest(BUNDLE_MESSAGES.wrongFormat);
  if (head.formatVersion !== BUNDLE_FORMAT_VERSION) throw badRequest(BUNDLE_MESSAGES.wrongVersion(head.formatVersion));
  const manifest = BundleManifestSchema.safeParse(raw);
  if (!manifest.success) throw badRequest(BUNDLE_MESSAGES.invalidRecord(BUNDLE_MANIFEST_PATH, describeIssue(manifest.error)));

  for (const [path, { sha256: expected }] of Object.entries(manifest.data.files)) {
    const bytes = files.get(path);
    if (!bytes) throw badRequest(BUNDLE_MESSAGES.missingFile(path));
    if (sha256(bytes) !== expected) throw badRequest(BUNDLE_MESSAGES.checksumMismatch(path));
  }
  const world = readFile(files, BUNDLE_WORLD_PATH, BundleWorldSchema, options);
  const entities: BundleEntities = emptyBundleEntities();
  for (const type of BUNDLE_ENTITY_TYPES) {
    const path = BUNDLE_FILES[type];
    if (!files.has(path)) continue; // an entity type the bundle has none of may be left out
    const records = readFile(files, path, BUNDLE_RECORD_SCHEMAS[type].array(), options);
    (entities[type] as unknown[]) = records;
  }
  // Only the images maps name are kept, so the unpacked JSON can be freed once read.
  const images = new Map<string, Uint8Array>();
  for (const map of entities.maps) {
    const bytes = map.image ? files.get(map.image.path) : undefined;
    if (map.image && bytes) images.set(map.image.path, bytes);
  }
  return { bundle: { world, entities }, images, notMapped: [] };
}

/** The native format: an archive whose root holds manifest.json. */
export const bundleImporter: WorldImporter = {
  format: 'bundle',
  detect: (files) => files.has(BUNDLE_MANIFEST_PATH),
  toBundle: readBundle,
};
