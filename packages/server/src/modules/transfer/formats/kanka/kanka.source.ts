/**
 * The parts of a Kanka campaign export Loreforge reads (Kanka's `ExportService`: `campaign.json`, then one JSON
 * file per entity at `<module>/<slug>_<entityId>.json`, and `gallery/`). Each module file holds the module's
 * record (`id`, `name`, `is_private`, module fields such as a character's `title`) with its `entity`: the entity
 * id mentions and relations use, `entry` (HTML), `relationships`, `inventories`, `entityAttributes`,
 * `entityTags`, `entityLocations`. Older exports kept `entry` on the record and `location_id` for places; both
 * are read. Unknown fields are kept for the mapping to list; every text and list is bounded.
 */
import { z } from 'zod';
import { LIMITS } from '@loreforge/contract';

const LIST_MAX = 10_000;
const id = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\d{1,18}$/)
    .transform(Number),
]);
const optionalId = id.nullish().catch(null);
const SHORT_MAX = LIMITS.nameMax * 5;
const RICH_MAX = LIMITS.textMax * 25;
const shortText = z
  .string({ error: () => 'must be text' })
  .max(SHORT_MAX, `must be no more than ${SHORT_MAX} characters`)
  .nullish();
/** Rich text: bounded by the archive's entry size already; bounded again here so one field cannot hold it all. */
const richText = z
  .string({ error: () => 'must be text' })
  .max(RICH_MAX, `must be no more than ${RICH_MAX} characters`)
  .nullish();
const flag = z
  .union([z.boolean(), z.number(), z.string()])
  .nullish()
  .transform((value) => value === true || value === 1 || value === '1' || value === 'true');
const list = <T extends z.ZodType>(item: T) =>
  z
    .array(item)
    .max(LIST_MAX)
    .nullish()
    .transform((value) => value ?? []);

/** A relation between two entities (entity ids). `attitude` runs −100…100. */
export const KankaRelationSchema = z.looseObject({
  id: optionalId,
  owner_id: optionalId,
  target_id: id,
  relation: shortText,
  attitude: z.union([z.number(), z.string()]).nullish().catch(null),
  visibility_id: z.union([z.number(), z.string()]).nullish().catch(null),
  is_pinned: flag,
});

/** One inventory line: an item (item model id) or a free name, an amount, whether it is equipped. */
export const KankaInventorySchema = z.looseObject({
  item_id: optionalId,
  name: shortText,
  amount: z.union([z.number(), z.string()]).nullish().catch(null),
  position: shortText,
  description: richText,
  visibility_id: z.union([z.number(), z.string()]).nullish().catch(null),
  is_equipped: flag,
});

/** One attribute. `type_id` 4 is a section heading; `is_private` ones are for the campaign's admins. */
export const KankaAttributeSchema = z.looseObject({
  name: shortText,
  value: z
    .union([z.string().max(LIMITS.textMax), z.number(), z.boolean()])
    .nullish()
    .catch(null),
  type_id: z.union([z.number(), z.string()]).nullish().catch(null),
  is_private: flag,
});

/** A calendar reminder ("entity event"): the entity dated on a calendar. */
export const KankaReminderSchema = z.looseObject({
  calendar_id: optionalId,
  day: z.union([z.number(), z.string()]).nullish().catch(null),
  month: z.union([z.number(), z.string()]).nullish().catch(null),
  year: z.union([z.number(), z.string()]).nullish().catch(null),
  comment: shortText,
});

/** The entity part of a module file. */
export const KankaEntitySchema = z.looseObject({
  id,
  name: shortText,
  type: shortText,
  entry: richText,
  is_private: flag,
  parent_id: optionalId,
  status_id: optionalId,
  image_path: shortText,
  image_uuid: shortText,
  relationships: list(KankaRelationSchema),
  inventories: list(KankaInventorySchema),
  entityAttributes: list(KankaAttributeSchema),
  entityTags: list(z.looseObject({ tag_id: optionalId })),
  entityLocations: list(z.looseObject({ location_id: optionalId })),
  reminders: list(KankaReminderSchema),
  events: list(KankaReminderSchema),
  posts: list(z.looseObject({ name: shortText })),
  abilities: list(z.unknown()),
  assets: list(z.unknown()),
});
export type KankaEntity = z.infer<typeof KankaEntitySchema>;

/** A module file: the module record and its entity. */
export const KankaModuleFileSchema = z.looseObject({
  id,
  name: shortText,
  entry: richText,
  is_private: flag,
  entity: KankaEntitySchema,
});
export type KankaModuleFile = z.infer<typeof KankaModuleFileSchema>;

/** `campaign.json`. */
export const KankaCampaignSchema = z.looseObject({
  name: shortText,
  entry: richText,
  excerpt: richText,
});

/** Membership lines of families and organisations, on either side. */
export const KankaMembershipSchema = z.looseObject({
  character_id: optionalId,
  family_id: optionalId,
  organisation_id: optionalId,
  role: shortText,
  is_private: flag,
});

/** Quest elements: an entity (entity id) taking part with a role. */
export const KankaQuestElementSchema = z.looseObject({
  entity_id: optionalId,
  name: shortText,
  role: shortText,
  entry: richText,
  visibility_id: z.union([z.number(), z.string()]).nullish().catch(null),
});

/** Character traits (appearance and personality lines). */
export const KankaTraitSchema = z.looseObject({
  name: shortText,
  entry: richText,
  is_private: flag,
  section_id: z.union([z.number(), z.string()]).nullish().catch(null),
});

/** Module-specific lists the mapping reads. */
export const KankaModuleListsSchema = z.looseObject({
  characterFamilies: list(KankaMembershipSchema),
  organisationMemberships: list(KankaMembershipSchema),
  characterRaces: list(z.looseObject({ race_id: optionalId })),
  characterTraits: list(KankaTraitSchema),
  members: list(KankaMembershipSchema),
  pivotMembers: list(KankaMembershipSchema),
  elements: list(KankaQuestElementSchema),
});
export type KankaModuleLists = z.infer<typeof KankaModuleListsSchema>;

/**
 * Kanka's visibility ids: 1 everyone, 5 the campaign's members (both: every member of the world); 2 admins,
 * 3 the author only, 4 admins and the author become a secret for editors.
 */
export const isKankaPublic = (visibilityId: unknown): boolean =>
  visibilityId === null || visibilityId === undefined || Number(visibilityId) === 1 || Number(visibilityId) === 5;
