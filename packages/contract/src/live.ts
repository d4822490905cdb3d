/**
 * The live feed of a world (issue 15, docs/live-updates.md): committed changes as a page read from a sequence
 * number or as a Server-Sent Events stream, and presence (who is in the world, who edits what).
 */
import { z } from 'zod';
import { uuidField } from './fields.js';

/** Entity types a change names (the spec's names; `member` is a world member, its id the userId). */
export const CHANGE_ENTITY_TYPES = [
  'world',
  'member',
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
] as const;
export type ChangeEntityType = (typeof CHANGE_ENTITY_TYPES)[number];

export const CHANGE_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type ChangeAction = (typeof CHANGE_ACTIONS)[number];

/** Most changes one page answers; the default is 100. */
export const CHANGES_PAGE_MAX = 1000;

/** Messages of the live feed. */
export const LIVE_MESSAGES = {
  afterInvalid: 'after must be a whole number of 0 or more (the last sequence you have seen).',
  afterUnknown:
    'after is not a position of your feed in this world: pass back a sequence or nextAfter this feed gave you (0 reads from the start).',
  limitInvalid: `limit must be a whole number from 1 to ${CHANGES_PAGE_MAX}.`,
  lastEventIdInvalid: 'Last-Event-ID must be a whole number of 0 or more (the id of the last event you received).',
  lastEventIdUnknown:
    'Last-Event-ID is not a position of your feed in this world: send the id of the last event this stream gave you, or none to start from now.',
  tooManyStreams: (limit: number) =>
    `You already have ${limit} live connections open; close a tab or window showing Loreforge and try again.`,
  entityPair: 'entityType and entityId go together: send both or neither.',
} as const;

const sequenceParam = (message: string) =>
  z.coerce
    .number({ error: () => message })
    .int(message)
    .min(0, message)
    .max(Number.MAX_SAFE_INTEGER, message);

/** Query of `GET /api/worlds/{worldId}/changes`. */
export const ChangesQuerySchema = z.object({
  after: sequenceParam(LIVE_MESSAGES.afterInvalid)
    .default(0)
    .describe(
      'Answer the changes after this position: a `sequence` or `nextAfter` this feed gave you (0, the default, reads from the start). ' +
        "Positions are your own: another member's, or a made-up number, is a 400.",
    ),
  limit: z.coerce
    .number({ error: () => LIVE_MESSAGES.limitInvalid })
    .int(LIVE_MESSAGES.limitInvalid)
    .min(1, LIVE_MESSAGES.limitInvalid)
    .max(CHANGES_PAGE_MAX, LIVE_MESSAGES.limitInvalid)
    .default(100)
    .describe(`Most changes to answer, 1 to ${CHANGES_PAGE_MAX}; default 100.`),
});
export type ChangesQuery = z.infer<typeof ChangesQuerySchema>;

/** One committed write of a world. */
export const WorldChangeSchema = z.object({
  sequence: z
    .number()
    .int()
    .describe(
      "The change's position in your feed, to pass back as `after` or `Last-Event-ID`. Editors and the owner get the world's own " +
        'numbers (1, 2, 3 … in commit order); players and viewers get an opaque number per member and world, not ordered and not ' +
        'comparable, so it says nothing about changes they may not see. Entries always come in commit order.',
    ),
  entityType: z.enum(CHANGE_ENTITY_TYPES).describe('Which kind of entity changed.'),
  entityId: z.string().describe("The entity's id (a member's userId)."),
  action: z.enum(CHANGE_ACTIONS),
  by: z.string().nullable().describe('userId of who made the change; null when it was made outside a request.'),
  at: z.string().describe('When it was committed, ISO 8601 UTC.'),
});
export type WorldChange = z.infer<typeof WorldChangeSchema>;

/** A page of the change feed. */
export const WorldChangePageSchema = z.object({
  data: z.array(WorldChangeSchema),
  nextAfter: z
    .number()
    .int()
    .describe('Pass as `after` to read on: the position of the last change of this page (`after` itself when the page is empty).'),
  hasMore: z.boolean().describe('Whether more changes you may see follow now.'),
});
export type WorldChangePage = z.infer<typeof WorldChangePageSchema>;

/** Body of `PUT /api/worlds/{worldId}/presence`: a heartbeat of the signed-in member's open page. */
export const PresenceUpdateSchema = z
  .object({
    entityType: z
      .enum(CHANGE_ENTITY_TYPES, { error: () => `entityType must be one of: ${CHANGE_ENTITY_TYPES.join(', ')}.` })
      .optional()
      .describe('The entity the page shows, if any.'),
    entityId: uuidField('entityId').optional(),
    editing: z
      .boolean({ error: () => 'editing must be true or false.' })
      .default(false)
      .describe('Whether a form of that entity is open.'),
  })
  .refine((body) => (body.entityType === undefined) === (body.entityId === undefined), {
    message: LIVE_MESSAGES.entityPair,
    path: ['entityId'],
  });
export type PresenceUpdate = z.infer<typeof PresenceUpdateSchema>;

/** One member present in a world now. */
export const PresenceSchema = z.object({
  userId: z.string(),
  username: z.string(),
  entityType: z.enum(CHANGE_ENTITY_TYPES).nullable(),
  entityId: z.string().nullable(),
  editing: z.boolean(),
  at: z.string().describe('Their last heartbeat, ISO 8601 UTC.'),
});
export type Presence = z.infer<typeof PresenceSchema>;

/** Everyone present in a world (the `presence` event's data and the presence route's answer). */
export const PresenceListSchema = z.object({ data: z.array(PresenceSchema) });
export type PresenceList = z.infer<typeof PresenceListSchema>;

/** Seconds a presence lasts without a heartbeat. */
export const PRESENCE_TTL_SECONDS = 30;
