/**
 * The Kanka campaign importer (issue 13): recognises a Kanka export by its `campaign.json`, reads every module
 * file, one at a time, with bounded JSON parsing and KankaModuleFileSchema, and maps it with kanka.mapping.ts.
 */
import { BUNDLE_MANIFEST_PATH } from '@loreforge/contract';
import type { z } from 'zod';
import { badRequest } from '../../../../errors/app-error.js';
import { parseJsonBounded } from '../../archive.js';
import type { ImportedBundle, ImportOptions, WorldImporter } from '../../transfer.formats.js';
import { rootPrefix } from '../shared/folder-root.js';
import { describeMentionsAsRichText } from '../shared/mentions.js';
import { mapKankaExport, type KankaFile } from './kanka.mapping.js';
import { KankaModuleFileSchema, KankaModuleListsSchema } from './kanka.source.js';

/** `campaign.json` at the archive's root marks a Kanka export. */
export const KANKA_CAMPAIGN_PATH = 'campaign.json';
/** A module file: `<module>/<name>.json` one folder deep (gallery and settings are not modules). */
const MODULE_FILE = /^([a-z][a-z0-9_]{0,80})\/[^/]+\.json$/;
const NOT_MODULES = new Set(['gallery', 'settings']);

/** The first problem of a zod failure as `field.path: message`. */
function describeIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return 'not a Kanka entity file';
  const where = issue.path.map(String).join('.');
  return where === '' ? issue.message : `${where}: ${issue.message}`;
}

/** The files of an archive by name, and a reader of one file at a time. */
interface KankaArchive {
  paths: ReadonlySet<string>;
  read: (path: string) => Promise<Uint8Array | undefined>;
}

/**
 * Reads a Kanka export into a bundle, one file of the archive at a time: each module file is inflated, parsed and
 * checked, and only its parsed record kept; images and settings are listed by name and never inflated.
 * @returns the bundle, no images (Kanka images are listed as not mapped), and what could not be mapped.
 * @throws AppError 400 when a file is not JSON, is nested too deep, or a module file lacks an entity
 *   (`characters/x.json: entity.id: …`).
 */
export async function readKankaExport(archive: KankaArchive, options: ImportOptions): Promise<ImportedBundle> {
  const prefix = rootPrefix(archive.paths, KANKA_CAMPAIGN_PATH) ?? '';
  const campaignBytes = await archive.read(`${prefix}${KANKA_CAMPAIGN_PATH}`);
  if (!campaignBytes) throw badRequest(`The Kanka export lacks ${KANKA_CAMPAIGN_PATH}.`);
  const campaign = parseJsonBounded(KANKA_CAMPAIGN_PATH, campaignBytes, options.maxJsonDepth);
  const modules: KankaFile[] = [];
  const others: string[] = [];
  for (const archivePath of archive.paths) {
    const path = archivePath.slice(prefix.length);
    if (path === KANKA_CAMPAIGN_PATH) continue;
    const match = MODULE_FILE.exec(path);
    const module = match?.[1];
    if (!module || NOT_MODULES.has(module)) {
      others.push(path);
      continue;
    }
    const raw = parseJsonBounded(path, (await archive.read(archivePath)) ?? new Uint8Array(), options.maxJsonDepth);
    const file = KankaModuleFileSchema.safeParse(raw);
    if (!file.success) throw badRequest(`${path}: ${describeIssue(file.error)} (not an entity of a Kanka export).`);
    const { characterFamilies, organisationMemberships, characterRaces, characterTraits, members, pivotMembers, elements } =
      KankaModuleListsSchema.parse(raw);
    const lists = { characterFamilies, organisationMemberships, characterRaces, characterTraits, members, pivotMembers, elements };
    modules.push({ path, module, record: { ...file.data, ...lists } });
  }
  // Export order is whatever the archive held; sort so ids, layout and the report read the same every time.
  modules.sort((a, b) => a.path.localeCompare(b.path));
  others.sort();
  const { bundle, notMapped } = mapKankaExport(campaign, modules, others);
  // Mentions become mention spans, so the new world's "Mentioned in" lists them.
  const { entities } = bundle;
  describeMentionsAsRichText([
    bundle.world,
    ...entities.characters,
    ...entities.items,
    ...entities.goals,
    ...entities.relationships,
    ...entities.timelines,
    ...entities.events,
    ...entities.maps,
    ...entities.mapPoints,
    ...entities.mapAreas,
    ...entities.quests,
    ...entities.connections,
  ]);
  return { bundle, images: new Map(), notMapped };
}

/** Registered in transfer.registry.ts. */
export const kankaImporter: WorldImporter = {
  format: 'kanka',
  detect: (files) => !files.has(BUNDLE_MANIFEST_PATH) && rootPrefix(new Set(files.keys()), KANKA_CAMPAIGN_PATH) !== undefined,
  toBundle: (files, options) =>
    readKankaExport({ paths: new Set(files.keys()), read: (path) => Promise.resolve(files.get(path)) }, options),
  fromArchive: readKankaExport,
};
