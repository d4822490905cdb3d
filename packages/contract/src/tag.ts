/**
 * Tags (issue "Linked lore"): any character, item, quest, event, timeline, map, goal, map point, map area,
 * relationship or connection can carry tags; lists filter by one (`?tag=`), and the world search finds entities by
 * their tags.
 */
import { z } from 'zod';

/**
 * Entity types that carry tags; the path segment of GET/PUT /worlds/{worldId}/tags/{entityType}/{entityId}. Each is
 * the name of the entity's table (`map_point`, `map_area` for map points and areas).
 */
export const TAGGABLE_TYPES = [
  'character',
  'item',
  'quest',
  'event',
  'timeline',
  'map',
  'goal',
  'map_point',
  'map_area',
  'relationship',
  'connection',
] as const;
export type TaggableType = (typeof TAGGABLE_TYPES)[number];

/** Longest tag, in characters. */
export const TAG_MAX = 40;
/** Most tags one entity carries. */
export const TAGS_PER_ENTITY_MAX = 20;

/** One tag: trimmed text of 1–40 characters, compared without regard to case. */
export const tagField = z
  .string({ error: () => 'Each tag must be text.' })
  .trim()
  .min(1, 'A tag cannot be empty.')
  .max(TAG_MAX, `A tag must be no more than ${TAG_MAX} characters.`);

/** PUT …/tags/{entityType}/{entityId}: the entity's whole set of tags (duplicates in another case are merged). */
export const TagsUpdateSchema = z.object({
  tags: z
    .array(tagField, { error: () => 'Tags must be a list of text.' })
    .max(TAGS_PER_ENTITY_MAX, `An entity can carry no more than ${TAGS_PER_ENTITY_MAX} tags.`)
    .describe('Every tag of the entity, replacing those it had.'),
});
export type TagsUpdateInput = z.input<typeof TagsUpdateSchema>;

/** An entity's tags, sorted without regard to case. */
export const EntityTagsSchema = z.object({
  entityType: z.enum(TAGGABLE_TYPES),
  entityId: z.string(),
  tags: z.array(z.string()),
});
export type EntityTags = z.infer<typeof EntityTagsSchema>;

/** GET /worlds/{worldId}/tags: every tag used in the world and how many entities carry it. */
export const WorldTagsSchema = z.object({
  data: z.array(z.object({ tag: z.string(), count: z.number().int() })),
});
export type WorldTags = z.infer<typeof WorldTagsSchema>;
