/**
 * The Loreforge bundle (issue 13): a versioned zip archive holding one world with every field, as
 * `GET /worlds/{worldId}/export?format=bundle` writes it and `POST /worlds/import` reads it. Documented in
 * docs/export-format.md; docs/export-format.schema.json is generated from these schemas.
 *
 * Layout of the archive:
 * - `manifest.json`: BundleManifestSchema (format, version, counts, a sha256 per file);
 * - `world.json`: BundleWorldSchema;
 * - one JSON array per entity type, named by BUNDLE_FILES (`characters.json`, `map-points.json`, …);
 * - `maps/<mapId>.<png|jpg|webp>`: map images, named by each map record's `image.path`.
 *
 * Ids are those of the exporting world; an import gives every entity a new id and rewrites every reference
 * (and every old id found in text) to it. Records reuse the API's field names (SPEC §3) without the answers'
 * derived fields (names of linked entities, image URLs, formatted dates).
 */
import { z } from 'zod';
import { VISIBILITIES } from './world-roles.js';
import { BUNDLE_ENTITY_TYPES, type BundleEntityType } from './enums.js';
import { CalendarDefinitionSchema } from './calendar/calendar.model.js';
import {
  COMMUNICATION_STYLES,
  CONNECTABLE_TYPES,
  GOAL_STATUSES,
  GOAL_TYPES,
  POINT_ENTITY_TYPES,
  QUEST_STATUSES,
  RELATIONSHIP_TYPES,
} from './enums.js';
import { LIMITS } from './limits.js';
import { RICH_TEXT_MAX } from './rich-text.js';
import { WorldSchema } from './world.js';
import { TAGGABLE_TYPES, TAG_MAX, TAGS_PER_ENTITY_MAX } from './tag.js';

/** The `format` value of every Loreforge bundle's manifest. */
export const BUNDLE_FORMAT = 'loreforge-bundle';
/** The version this release writes and reads; a bundle of another version is refused with BUNDLE_MESSAGES.wrongVersion. */
export const BUNDLE_FORMAT_VERSION = 1;
/** Name of the manifest inside the archive. */
export const BUNDLE_MANIFEST_PATH = 'manifest.json';
/** Name of the world record inside the archive. */
export const BUNDLE_WORLD_PATH = 'world.json';
/** Folder of map images inside the archive. */
export const BUNDLE_MAP_IMAGE_FOLDER = 'maps';

/** File of each entity type inside the archive (a JSON array of its records). */
export const BUNDLE_FILES: Readonly<Record<BundleEntityType, string>> = {
  calendars: 'calendars.json',
  characters: 'characters.json',
  items: 'items.json',
  inventory: 'inventory.json',
  goals: 'goals.json',
  relationships: 'relationships.json',
  timelines: 'timelines.json',
  events: 'events.json',
  maps: 'maps.json',
  mapPoints: 'map-points.json',
  mapAreas: 'map-areas.json',
  quests: 'quests.json',
  objectives: 'objectives.json',
  connections: 'connections.json',
  tags: 'tags.json',
};

/** Export formats the API knows by name (`?format=`); other names may be registered by the server. */
export const EXPORT_FORMATS = ['bundle', 'onlyworlds', 'markdown'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Messages of export and import (a person reads them; each says what to do). */
export const BUNDLE_MESSAGES = {
  notAnArchive: 'The file is not a zip archive. Choose a Loreforge bundle or another supported export (.zip).',
  archiveTooLarge: (maxBytes: number) => `The archive is larger than ${maxBytes} bytes, the most an import accepts.`,
  tooManyEntries: (max: number) => `The archive holds more than ${max} files, the most an import accepts.`,
  tooLargeUnpacked: (maxBytes: number) => `The archive unpacks to more than ${maxBytes} bytes, the most an import accepts.`,
  sizeMismatch: (path: string) =>
    `The file ${path} in the archive unpacks to more bytes than it declares (a zip bomb?); the archive is refused.`,
  unsafePath: (path: string) =>
    `The archive holds a file with an unsafe name (${path}): names must be relative paths without '..' or '\\'.`,
  notAFile: (path: string) => `The archive holds a link or special file (${path}); only plain files and folders are accepted.`,
  duplicatePath: (path: string) => `The archive holds ${path} twice.`,
  encrypted: (path: string) => `The file ${path} in the archive is encrypted; export it again without a password.`,
  corrupt: (detail: string) => `The archive is damaged and cannot be read (${detail}).`,
  invalidJson: (path: string) => `${path} is not valid JSON.`,
  jsonTooDeep: (path: string, max: number) => `${path} is nested more than ${max} levels deep.`,
  nulCharacter: (path: string) => `${path} holds a NUL character (\\u0000), which Loreforge cannot store in text.`,
  unknownFormat:
    'The archive is not a format Loreforge can import: expected a Loreforge bundle (manifest.json), a Kanka campaign export or an OnlyWorlds folder.',
  wrongFormat: `manifest.json does not describe a Loreforge bundle (its "format" must be "${BUNDLE_FORMAT}").`,
  wrongVersion: (version: unknown) =>
    `This bundle has format version ${JSON.stringify(version)}; this Loreforge reads version ${BUNDLE_FORMAT_VERSION}. Export it again from a matching release.`,
  missingFile: (path: string) => `The bundle lacks ${path}, which its manifest lists.`,
  checksumMismatch: (path: string) => `${path} does not match the checksum in manifest.json: the bundle is damaged or was edited.`,
  invalidRecord: (path: string, detail: string) => `${path}: ${detail}`,
  duplicateId: (path: string, id: string) => `${path}: the id ${id} appears twice.`,
  danglingReference: (path: string, field: string, id: string) => `${path}: ${field} names ${id}, which the bundle does not hold.`,
  unknownExportFormat: (formats: readonly string[]) => `format must be one of: ${formats.join(', ')}.`,
  noBody: 'Send the archive as the request body (Content-Type application/zip or application/octet-stream).',
} as const;

const id = () => z.string().min(1).max(200);
const name = () => z.string().min(1).max(LIMITS.nameMax);
const text = () => z.string().max(LIMITS.textMax).nullable();
const timestamp = () => z.string().max(64).describe('ISO 8601 UTC, as the exporting world stored it.');
/**
 * The rich text of a description (docs/rich-text.md): sanitised HTML with mention spans, as the exporting reader
 * could see it. Optional so bundles written before rich text stay importable; an import sanitises it again.
 */
const richText = () =>
  z
    .string()
    .max(RICH_TEXT_MAX)
    .nullable()
    .optional()
    .describe('Sanitised HTML of the description with its mentions (docs/rich-text.md); absent in bundles written before rich text.');
const jsonObject = () => z.record(z.string(), z.unknown());
const score = () => z.number().int().min(LIMITS.relationshipScoreMin).max(LIMITS.relationshipScoreMax);

/**
 * Access fields of every secret-capable record. A player's or viewer's export has no secrets, `revealedTo: []`,
 * `gmNotes: null` and `gmNotesHtml: null`.
 */
const BundleAccessSchema = z.object({
  visibility: z.enum(VISIBILITIES),
  revealedTo: z.array(id()).max(LIMITS.revealedToMax).describe('userIds of the exporting world; an import into a new world drops them.'),
  gmNotes: text(),
  gmNotesHtml: z
    .string()
    .max(RICH_TEXT_MAX)
    .nullable()
    .optional()
    .describe(
      'Sanitised HTML of the GM notes with their mentions (docs/rich-text.md); null in an export by a player or viewer, absent in bundles written before rich GM notes.',
    ),
  createdBy: id().nullable(),
  updatedBy: id().nullable(),
});

/** `world.json`: the world itself (counts are derived, so not stored). */
export const BundleWorldSchema = z.object({
  worldId: id(),
  name: name(),
  description: text(),
  descriptionHtml: richText(),
  createdBy: id().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});
export type BundleWorld = z.infer<typeof BundleWorldSchema>;

/** `calendars.json`: a world calendar and its definition (docs/calendars.md). */
export const BundleCalendarSchema = z.object({
  calendarId: id(),
  name: name(),
  description: text(),
  definition: CalendarDefinitionSchema,
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `characters.json`. */
export const BundleCharacterSchema = BundleAccessSchema.extend({
  characterId: id(),
  name: name(),
  description: text(),
  descriptionHtml: richText(),
  attributes: jsonObject(),
  currentLocationId: id().nullable().describe('pointId of a map point of the bundle.'),
  activeQuests: z.array(id()).max(1000).describe('questIds of the bundle.'),
  assignedTo: id().nullable().describe('userId of the exporting world; an import into a new world drops it.'),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `items.json`. */
export const BundleItemSchema = BundleAccessSchema.extend({
  itemId: id(),
  name: name(),
  description: text(),
  descriptionHtml: richText(),
  properties: jsonObject(),
  attributes: jsonObject(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `inventory.json`: inventory entries, which are also the item instances (an entry seen from its item). */
export const BundleInventoryEntrySchema = BundleAccessSchema.extend({
  inventoryItemId: id(),
  characterId: id(),
  itemId: id(),
  quantity: z.number().int().min(LIMITS.inventoryQuantityMin).max(LIMITS.quantityMax),
  equipped: z.boolean(),
  notes: text(),
  attributes: jsonObject(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `goals.json`: world goals (characterId null) and characters' goals. */
export const BundleGoalSchema = BundleAccessSchema.extend({
  goalId: id(),
  characterId: id().nullable(),
  title: name(),
  description: z.string().max(LIMITS.textMax),
  descriptionHtml: richText(),
  goalType: z.enum(GOAL_TYPES),
  status: z.enum(GOAL_STATUSES),
  targetDateTime: z.string().max(64).nullable(),
  notes: text(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `relationships.json`: directed, from characterId to targetCharacterId. */
export const BundleRelationshipSchema = BundleAccessSchema.extend({
  relationshipId: id(),
  characterId: id(),
  targetCharacterId: id(),
  relationshipType: z.enum(RELATIONSHIP_TYPES),
  description: text(),
  descriptionHtml: richText(),
  affinity: score(),
  powerBalance: score(),
  trustLevel: score(),
  communicationStyle: z.enum(COMMUNICATION_STYLES).nullable(),
  pastInteractions: text(),
  currentGoalAlignment: text(),
  dependenceLevel: text(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

const instant = () =>
  z
    .string()
    .regex(/^-?\d{1,20}$/)
    .nullable()
    .describe("Whole minutes since the calendar's epoch (decimal digits); null on data written before calendars.");

/** `timelines.json`. */
export const BundleTimelineSchema = BundleAccessSchema.extend({
  timelineId: id(),
  name: name(),
  description: text(),
  descriptionHtml: richText(),
  calendarId: id().nullable().describe('calendarId of the bundle, or null for the built-in Gregorian calendar.'),
  currentDateTime: z.string().max(64).nullable().describe("ISO 8601 'now' on a Gregorian timeline; null on one with its own calendar."),
  currentInstant: instant(),
  genesisEvent: id().nullable(),
  initialStates: id().nullable(),
  branchingEnabled: z.boolean(),
  parentTimelineId: id().nullable(),
  branchingEvent: id().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

const changes = () =>
  z
    .union([jsonObject(), z.array(z.unknown())])
    .nullable()
    .describe('The changes as saved: `{ "version": 1, "changes": [...] }` (see changes.ts), or null.');

/** `events.json`: with their three change documents (ids in them name characters and items of the bundle). */
export const BundleEventSchema = BundleAccessSchema.extend({
  eventId: id(),
  timelineId: id().nullable(),
  name: name(),
  description: text(),
  descriptionHtml: richText(),
  dateTime: z
    .string()
    .max(64)
    .nullable()
    .describe('ISO 8601 on a Gregorian timeline (or without timeline); null on one with its own calendar.'),
  instant: instant(),
  characterAttributeChanges: changes(),
  inventoryChanges: changes(),
  relationshipChanges: changes(),
  isBranchingEvent: z.boolean(),
  childTimelineId: id().nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** A map's image inside the archive. */
export const BundleMapImageSchema = z.object({
  path: z.string().max(300).describe('Path of the image file in the archive, e.g. maps/<mapId>.png.'),
  contentType: z.enum(['image/png', 'image/jpeg', 'image/webp']),
  size: z.number().int().min(0).max(LIMITS.mapImageMaxBytes).describe('Bytes.'),
});

/** `maps.json`. */
export const BundleMapSchema = BundleAccessSchema.extend({
  mapId: id(),
  name: name(),
  description: text(),
  descriptionHtml: richText(),
  image: BundleMapImageSchema.nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

const coordinate = () => z.number().min(0).max(LIMITS.mapCoordinateMax);

/** `map-points.json`: x, y in image pixels; entity links a character or item of the bundle. */
export const BundleMapPointSchema = BundleAccessSchema.extend({
  pointId: id(),
  mapId: id(),
  name: name(),
  description: text(),
  descriptionHtml: richText(),
  x: coordinate(),
  y: coordinate(),
  entity: z.object({ type: z.enum(POINT_ENTITY_TYPES), id: id() }).nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `map-areas.json`: a polygon in image pixels. */
export const BundleMapAreaSchema = BundleAccessSchema.extend({
  areaId: id(),
  mapId: id(),
  name: name(),
  description: text(),
  descriptionHtml: richText(),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  polygon: z
    .array(z.tuple([coordinate(), coordinate()]))
    .min(LIMITS.areaPolygonMinPoints)
    .max(LIMITS.areaPolygonMaxPoints),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `quests.json`. */
export const BundleQuestSchema = BundleAccessSchema.extend({
  questId: id(),
  name: name(),
  description: text(),
  descriptionHtml: richText(),
  status: z.enum(QUEST_STATUSES),
  isOptional: z.boolean(),
  difficulty: z.number().int().min(LIMITS.questDifficultyMin).max(LIMITS.questDifficultyMax).nullable(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `objectives.json`: a quest's objectives with their progress. */
export const BundleObjectiveSchema = BundleAccessSchema.extend({
  objectiveId: id(),
  questId: id(),
  description: z.string().max(LIMITS.textMax),
  target: z.number().int().min(LIMITS.objectiveTargetMin).max(LIMITS.quantityMax),
  progress: z.number().int().min(0).max(LIMITS.quantityMax),
  isOptional: z.boolean(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `connections.json`: a typed link between two entities of the bundle. */
export const BundleConnectionSchema = BundleAccessSchema.extend({
  connectionId: id(),
  sourceType: z.enum(CONNECTABLE_TYPES),
  sourceId: id(),
  targetType: z.enum(CONNECTABLE_TYPES),
  targetId: id(),
  connectionType: name(),
  description: text(),
  descriptionHtml: richText(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** `tags.json`: the tags of one entity. */
export const BundleTagsSchema = z.object({
  entityType: z.enum(TAGGABLE_TYPES),
  entityId: id(),
  tags: z.array(z.string().trim().min(1).max(TAG_MAX)).max(TAGS_PER_ENTITY_MAX),
});

/** The record schema of each entity type. */
export const BUNDLE_RECORD_SCHEMAS = {
  calendars: BundleCalendarSchema,
  characters: BundleCharacterSchema,
  items: BundleItemSchema,
  inventory: BundleInventoryEntrySchema,
  goals: BundleGoalSchema,
  relationships: BundleRelationshipSchema,
  timelines: BundleTimelineSchema,
  events: BundleEventSchema,
  maps: BundleMapSchema,
  mapPoints: BundleMapPointSchema,
  mapAreas: BundleMapAreaSchema,
  quests: BundleQuestSchema,
  objectives: BundleObjectiveSchema,
  connections: BundleConnectionSchema,
  tags: BundleTagsSchema,
} as const satisfies Record<BundleEntityType, z.ZodType>;

/** The records of one entity type, as read (output of its schema). */
export type BundleRecord<T extends BundleEntityType> = z.infer<(typeof BUNDLE_RECORD_SCHEMAS)[T]>;
/** Every record of a bundle, by type (what importers produce and exporters read). */
export type BundleEntities = { [T in BundleEntityType]: Array<BundleRecord<T>> };

/** `manifest.json`. */
export const BundleManifestSchema = z.object({
  format: z.literal(BUNDLE_FORMAT),
  formatVersion: z.literal(BUNDLE_FORMAT_VERSION),
  exportedAt: timestamp(),
  generator: z.string().max(200).describe("What wrote the bundle ('Loreforge <version>' or an importer's name)."),
  world: z.object({ name: name() }),
  includesSecrets: z.boolean().describe('Whether the exporter saw secrets and GM notes (an editor or the owner).'),
  counts: z
    .object(Object.fromEntries(BUNDLE_ENTITY_TYPES.map((type) => [type, z.number().int().min(0)])) as Record<BundleEntityType, z.ZodNumber>)
    .describe('Records in each entity file.'),
  files: z
    .record(z.string().max(300), z.object({ size: z.number().int().min(0).describe('Bytes.'), sha256: z.string().regex(/^[0-9a-f]{64}$/) }))
    .describe('Every other file of the archive (world, entity files, images) with its size and SHA-256 (hex).'),
});
export type BundleManifest = z.infer<typeof BundleManifestSchema>;

/** A whole bundle once read: its world record and every entity (map images stay in the archive's files). */
export interface Bundle {
  world: BundleWorld;
  entities: BundleEntities;
}

/** An empty set of entities (importers fill it). */
export const emptyBundleEntities = (): BundleEntities => ({
  calendars: [],
  characters: [],
  items: [],
  inventory: [],
  goals: [],
  relationships: [],
  timelines: [],
  events: [],
  maps: [],
  mapPoints: [],
  mapAreas: [],
  quests: [],
  objectives: [],
  connections: [],
  tags: [],
});

/** Something an importer could not carry over, and why (listed in the import's answer, never dropped silently). */
export const NotMappedSchema = z.object({
  path: z.string().describe('Where it was in the archive, e.g. characters/12.json or characters.json#3.'),
  reason: z.string(),
});
export type NotMapped = z.infer<typeof NotMappedSchema>;

/** Answer of POST /worlds/import. */
export const ImportResultSchema = z.object({
  world: WorldSchema.describe('The new world, owned by the caller.'),
  format: z.string().describe('The format recognised (bundle, kanka, onlyworlds…).'),
  created: z
    .object(Object.fromEntries(BUNDLE_ENTITY_TYPES.map((type) => [type, z.number().int()])) as Record<BundleEntityType, z.ZodNumber>)
    .describe('Records created per entity type (tags: entities tagged).'),
  notMapped: z.array(NotMappedSchema),
});
export type ImportResult = z.infer<typeof ImportResultSchema>;

/** Query of GET /worlds/{worldId}/export. */
export const ExportQuerySchema = z.object({
  format: z
    .string()
    .max(40)
    .default('bundle')
    .describe(`One of ${EXPORT_FORMATS.join(', ')} (bundle by default).`),
});

/**
 * The JSON Schema (draft 2020-12) of a bundle's JSON files, generated from the zod schemas above: `manifest`,
 * `world` and one `$defs` entry per entity file (each file is an array of that record). Checked in at
 * docs/export-format.schema.json (`npm run export-schema --workspace packages/server` writes it).
 * @returns a plain JSON object.
 */
export function bundleJsonSchema(): Record<string, unknown> {
  const files = Object.fromEntries(BUNDLE_ENTITY_TYPES.map((type) => [BUNDLE_FILES[type], BUNDLE_RECORD_SCHEMAS[type].array()]));
  const schema = z.toJSONSchema(
    z.object({ [BUNDLE_MANIFEST_PATH]: BundleManifestSchema, [BUNDLE_WORLD_PATH]: BundleWorldSchema, ...files }),
    {
      io: 'input',
      unrepresentable: 'any',
    },
  );
  return {
    ...schema,
    $id: 'https://loreforge.app/schemas/export-format.schema.json',
    title: `Loreforge bundle, format version ${BUNDLE_FORMAT_VERSION}`,
    description: 'Each property is one JSON file of the zip archive (docs/export-format.md); map images sit beside them under maps/.',
  };
}
