/**
 * The OnlyWorlds Folder Format (the at-rest twin of its v2 API; schema in OnlyWorlds/OnlyWorlds `schema/*.yaml`):
 * one world is `world.json` plus one JSON file per element at `elements/<type>/<slug>--<id>.json`, where
 * `<type>` is the element type's lowercase singular name. The id inside the file is the element's identity;
 * the file name is only presentation. Every element carries the base fields (id, name, description, supertype,
 * subtype, image_url, world, created_at, updated_at); links are UUIDs (a single link) or lists of UUIDs
 * (a multi-link) under the field's bare name (`location`, `characters`). Fields named `x_*` are extensions
 * other tools keep verbatim: Loreforge writes its own as `x_loreforge_*` so its exports import back losslessly.
 */
import { z } from 'zod';
import { LIMITS } from '@loreforge/contract';

/** The 22 element types of the standard, as their folder names. */
export const ONLYWORLDS_TYPES = [
  'ability',
  'character',
  'collective',
  'construct',
  'creature',
  'event',
  'family',
  'institution',
  'language',
  'law',
  'location',
  'map',
  'marker',
  'narrative',
  'object',
  'phenomenon',
  'pin',
  'relation',
  'species',
  'title',
  'trait',
  'zone',
] as const;
export type OnlyWorldsType = (typeof ONLYWORLDS_TYPES)[number];

/** The version of the standard this exporter writes (OnlyWorlds `VERSION`). */
export const ONLYWORLDS_VERSION = '00.30.01';
/** The world file at the folder's root. */
export const ONLYWORLDS_WORLD_PATH = 'world.json';
/** Where elements live. */
export const ONLYWORLDS_ELEMENTS_FOLDER = 'elements';
/** Base fields every element has; everything else is a field of its type or an extension. */
export const ONLYWORLDS_BASE_FIELDS = new Set([
  'id',
  'type',
  'name',
  'description',
  'supertype',
  'subtype',
  'image_url',
  'world',
  'created_at',
  'updated_at',
  'change_seq',
]);
/** Prefix of Loreforge's own extension fields. */
export const LOREFORGE_EXTENSION = 'x_loreforge_';

const text = (max: number) => z.string().max(max).nullish().catch(null);

/** An element file: the base fields checked, every other field kept for the mapping. */
export const OnlyWorldsElementSchema = z.looseObject({
  id: z
    .string({ error: () => 'id is missing: every OnlyWorlds element has one' })
    .min(1)
    .max(100),
  name: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : String(value)))
    .pipe(z.string().max(LIMITS.nameMax * 5)),
  description: text(LIMITS.textMax * 5),
  supertype: text(LIMITS.nameMax),
  subtype: text(LIMITS.nameMax),
  image_url: text(2000),
});
export type OnlyWorldsElement = z.infer<typeof OnlyWorldsElementSchema>;

/** `world.json`. */
export const OnlyWorldsWorldSchema = z.looseObject({
  id: z.string().max(100).nullish(),
  name: z
    .union([z.string(), z.number()])
    .nullish()
    .transform((value) => (value === null || value === undefined ? '' : String(value))),
  description: text(LIMITS.textMax * 5),
  time_basic_unit: text(100),
});

/** A link field's value: one UUID or a list of them. */
export function linkIds(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.filter((item): item is string => typeof item === 'string');
  return [];
}
