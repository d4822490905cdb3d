/**
 * An entity's history and "since you last looked" (issue 15 "History"): every committed change of an entity
 * with who, when, the action and, for updates, each changed field's old and new value, as the reader may see
 * them (GM notes, reveals and other editors-only fields only for editors; references to entities the reader may
 * not see read as null). Restore writes an earlier version back as a new change.
 */
import { z } from 'zod';
import { CHANGE_ACTIONS, CHANGE_ENTITY_TYPES } from './live.js';
import { mustBeOneOf } from './messages.js';

/**
 * Entity types an earlier version can be restored of: those whose fields are plain columns written through a PUT
 * route of their own (a calendar's definition is one structured document, restored by editing it).
 */
export const RESTORABLE_ENTITY_TYPES = [
  'character',
  'item',
  'inventoryEntry',
  'goal',
  'relationship',
  'timeline',
  'event',
  'map',
  'mapPoint',
  'mapArea',
  'connection',
  'quest',
  'objective',
] as const;
export type RestorableEntityType = (typeof RESTORABLE_ENTITY_TYPES)[number];

/** Entity types with a history of their own (every type of the change log but members). */
export const HISTORY_ENTITY_TYPES = [
  'world',
  'character',
  'item',
  'inventoryEntry',
  'goal',
  'relationship',
  'timeline',
  'event',
  'map',
  'mapPoint',
  'mapArea',
  'quest',
  'objective',
  'connection',
  'calendar',
] as const satisfies ReadonlyArray<(typeof CHANGE_ENTITY_TYPES)[number]>;
export type HistoryEntityType = (typeof HISTORY_ENTITY_TYPES)[number];

/** The `entityType` path parameter of the history routes. */
export const HistoryEntityTypeSchema = z
  .enum(HISTORY_ENTITY_TYPES, {
    error: () => mustBeOneOf('entityType', HISTORY_ENTITY_TYPES),
  })
  .describe(`One of ${HISTORY_ENTITY_TYPES.join(', ')}.`);

/** One field an update changed. `plain` is false for structured values (objects, lists). */
export const FieldChangeSchema = z.object({
  field: z.string().describe("The field's name as the entity's answer spells it (name, description, gmNotes, …)."),
  oldValue: z.unknown().describe('The value before (null when none).'),
  newValue: z.unknown().describe('The value after (null when none).'),
  plain: z.boolean().describe('Text, number, true/false or none; false for objects and lists (attributes, …).'),
});
export type FieldChange = z.infer<typeof FieldChangeSchema>;

/** One entry of an entity's history. */
export const HistoryEntrySchema = z.object({
  sequence: z
    .number()
    .int()
    .describe(
      "The change's place in the world's change feed as you are shown it there: the world's own number for editors and the owner " +
        '(restore names it), an opaque position for players and viewers.',
    ),
  action: z.enum(CHANGE_ACTIONS),
  by: z.string().nullable().describe('userId of who made the change.'),
  byUsername: z.string().nullable(),
  at: z.string(),
  changes: z
    .array(FieldChangeSchema)
    .describe('For updates: the fields that changed; for create and delete: every field the reader may see, from or to none.'),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

/** GET /worlds/{worldId}/history/{entityType}/{entityId}: newest first, paged. */
export const HistoryPageSchema = z.object({
  entityType: z.string(),
  entityId: z.string(),
  name: z.string().nullable().describe("The entity's name or title now (or when it was deleted)."),
  deleted: z.boolean(),
  restorable: z
    .boolean()
    .describe('Whether an earlier version of this entity, or the entity once deleted, can be restored (by editors and the owner).'),
  data: z.array(HistoryEntrySchema),
  pagination: z.object({
    currentPage: z.number().int(),
    totalPages: z.number().int(),
    totalItems: z.number().int(),
    limit: z.number().int(),
  }),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

/** One changed entity since the member's previous visit. */
export const VisitChangeSchema = z.object({
  entityType: z.string(),
  entityId: z.string(),
  name: z.string().nullable(),
  actions: z.array(z.enum(CHANGE_ACTIONS)).describe('What happened to it, in order, each once (e.g. create, update).'),
  changeCount: z.number().int(),
  deleted: z.boolean(),
  lastAt: z.string(),
  lastBy: z.string().nullable(),
  lastByUsername: z.string().nullable(),
});
export type VisitChange = z.infer<typeof VisitChangeSchema>;

/** GET /worlds/{worldId}/since-last-visit. */
export const SinceLastVisitSchema = z.object({
  previousVisitAt: z.string().nullable().describe('When the member last opened the world (null on a first visit).'),
  totalEntities: z.number().int().describe('Changed entities the reader may see (the list holds at most 50, newest first).'),
  groups: z.array(z.object({ entityType: z.string(), entities: z.array(VisitChangeSchema) })).describe('Grouped by entity type.'),
});
export type SinceLastVisit = z.infer<typeof SinceLastVisitSchema>;

/**
 * POST /worlds/{worldId}/visit: the visit recorded. (No sequence numbers are answered: the world's count of
 * changes includes secret ones, which a player must not be able to count.)
 */
export const VisitRecordSchema = z.object({
  visitedAt: z.string(),
});
export type VisitRecord = z.infer<typeof VisitRecordSchema>;

/** One entity deleted and not restored since, as editors see it in "Recently deleted". */
export const DeletedEntitySchema = z.object({
  entityType: z.enum(RESTORABLE_ENTITY_TYPES),
  entityId: z.string(),
  name: z.string().nullable().describe('Its name or title when it was deleted.'),
  sequence: z.number().int().describe('The deletion in the change log: restore this to bring the entity back.'),
  deletedAt: z.string(),
  deletedBy: z.string().nullable(),
  deletedByUsername: z.string().nullable(),
});
export type DeletedEntity = z.infer<typeof DeletedEntitySchema>;

/** GET /worlds/{worldId}/history/deleted: newest first. */
export const DeletedEntityListSchema = z.object({ data: z.array(DeletedEntitySchema) });
export type DeletedEntityList = z.infer<typeof DeletedEntityListSchema>;

/** Most entities "Recently deleted" lists. */
export const DELETED_ENTITIES_MAX = 50;

/** Messages of history and restore. */
export const HISTORY_MESSAGES = {
  notFound: 'No history of that entity in this world.',
  notRestorable:
    'Only characters, items, inventory entries, goals, relationships, timelines, events, maps, map points and areas, connections, quests and objectives can be restored.',
  deletedEntity: 'This entity was deleted; restoring a deleted entity is not supported. Create it again instead.',
  /** A deleted entity cannot come back while what it belongs to is gone. */
  parentMissing: (what: string, name: string | null, type: string) =>
    `This ${type} belongs to the ${what}${name ? ` "${name}"` : ''}, which was deleted: restore the ${what} first.`,
  restoreClash: (type: string) =>
    `This ${type} cannot be restored as it was: it refers to something that no longer exists, or clashes with something made since.`,
  noSuchVersion: "No version with that sequence in this entity's history.",
  deleteVersion: 'That change deleted the entity; choose a version from before it.',
} as const;
