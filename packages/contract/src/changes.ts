/**
 * The versioned format of an event's three change fields (the timeline engine's input).
 * Each field is `{ "version": 1, "changes": [ … ] }`. Ids reference entities of the event's world.
 *
 * - characterAttributeChanges: set, unset or increment one attribute of a character by dotted path
 *   (`{ op: 'set', characterId, path: 'magic.mana', value: 10 }`).
 * - inventoryChanges: a character gains or loses a quantity of an item and/or equips or unequips it
 *   (`{ characterId, itemId, quantity: -1 }`); a transfer is two entries in one event.
 * - relationshipChanges: a relationship from one character to another is created, changed (set values or
 *   add deltas to the scores) or ended.
 */
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { COMMUNICATION_STYLES, RELATIONSHIP_TYPES } from './enums.js';
import { uuidField } from './fields.js';

export const CHANGE_FORMAT_VERSION = 1;

const path = z
  .string({ error: () => 'path must be text such as "health" or "magic.mana".' })
  .regex(/^[^.\s][^.]*(\.[^.\s][^.]*)*$/, 'path must be attribute names joined by dots, such as "magic.mana".')
  .max(200, 'path must be no more than 200 characters.');

export const AttributeChangeSchema = z.discriminatedUnion(
  'op',
  [
    z.object({ op: z.literal('set'), characterId: uuidField('characterId'), path, value: z.json() }),
    z.object({ op: z.literal('unset'), characterId: uuidField('characterId'), path }),
    z.object({
      op: z.literal('increment'),
      characterId: uuidField('characterId'),
      path,
      by: z.number({ error: () => 'by must be a number.' }),
    }),
  ],
  { error: () => 'op must be one of: set, unset, increment.' },
);
export type AttributeChange = z.infer<typeof AttributeChangeSchema>;

export const InventoryChangeSchema = z
  .object(
    {
      characterId: uuidField('characterId'),
      itemId: uuidField('itemId'),
      quantity: z
        .number({ error: () => 'quantity must be a whole number (negative to lose).' })
        .int('quantity must be a whole number (negative to lose).')
        .min(-LIMITS.quantityMax)
        .max(LIMITS.quantityMax)
        .default(0),
      equipped: z.boolean({ error: () => 'equipped must be true or false.' }).optional(),
    },
    { error: () => 'An inventory change must be an object {characterId, itemId, quantity, equipped}.' },
  )
  .refine((change) => change.quantity !== 0 || change.equipped !== undefined, {
    message: 'An inventory change needs a quantity other than 0, or equipped.',
  });
export type InventoryChange = z.infer<typeof InventoryChangeSchema>;

const score = z.number().int().min(LIMITS.relationshipScoreMin).max(LIMITS.relationshipScoreMax);
const scoreDelta = z.number().int().min(-200).max(200);

/** Relationship fields an event may set. */
export const RelationshipValuesSchema = z
  .object({
    relationshipType: z.enum(RELATIONSHIP_TYPES),
    description: z.string().max(LIMITS.textMax).nullable(),
    affinity: score,
    powerBalance: score,
    trustLevel: score,
    communicationStyle: z.enum(COMMUNICATION_STYLES).nullable(),
    pastInteractions: z.string().max(LIMITS.textMax).nullable(),
    currentGoalAlignment: z.string().max(LIMITS.textMax).nullable(),
    dependenceLevel: z.string().max(LIMITS.textMax).nullable(),
  })
  .partial()
  .strict();

export const RelationshipChangeSchema = z.discriminatedUnion(
  'op',
  [
    z.object({
      op: z.literal('create'),
      characterId: uuidField('characterId'),
      targetCharacterId: uuidField('targetCharacterId'),
      set: RelationshipValuesSchema.default({}),
    }),
    z.object({
      op: z.literal('update'),
      characterId: uuidField('characterId'),
      targetCharacterId: uuidField('targetCharacterId'),
      set: RelationshipValuesSchema.optional(),
      delta: z.object({ affinity: scoreDelta, powerBalance: scoreDelta, trustLevel: scoreDelta }).partial().strict().optional(),
    }),
    z.object({ op: z.literal('end'), characterId: uuidField('characterId'), targetCharacterId: uuidField('targetCharacterId') }),
  ],
  { error: () => 'op must be one of: create, update, end.' },
);
export type RelationshipChange = z.infer<typeof RelationshipChangeSchema>;

/** Wraps a change schema into the versioned document `{ version: 1, changes: [...] }`. */
function changeDocument<T extends z.ZodType>(change: T) {
  return z.object(
    {
      version: z.literal(CHANGE_FORMAT_VERSION, { error: () => `version must be ${CHANGE_FORMAT_VERSION}.` }),
      changes: z
        .array(change, { error: () => 'changes must be a list of changes.' })
        .max(LIMITS.eventChangesMax, `An event may hold at most ${LIMITS.eventChangesMax} changes per field.`),
    },
    { error: () => `A change field must be an object {"version": ${CHANGE_FORMAT_VERSION}, "changes": [...]}.` },
  );
}

export const AttributeChangesDocumentSchema = changeDocument(AttributeChangeSchema);
export const InventoryChangesDocumentSchema = changeDocument(InventoryChangeSchema);
export const RelationshipChangesDocumentSchema = changeDocument(RelationshipChangeSchema);
export type AttributeChangesDocument = z.infer<typeof AttributeChangesDocumentSchema>;
export type InventoryChangesDocument = z.infer<typeof InventoryChangesDocumentSchema>;
export type RelationshipChangesDocument = z.infer<typeof RelationshipChangesDocumentSchema>;
