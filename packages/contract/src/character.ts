/** Character schemas (SPEC §3 Character, §5 Character, §7 Characters). */
import { z } from 'zod';
import { AccessFieldsSchema, AccessInputSchema } from './access.js';
import { MESSAGES } from './messages.js';
import { jsonObjectField, optionalText, optionalUuidField, requiredText, uuidField } from './fields.js';
import { richTextField, richTextOutput } from './rich-text.js';

export const CharacterCreateSchema = AccessInputSchema.extend({
  name: requiredText('Name'),
  description: optionalText('Description'),
  descriptionHtml: richTextField('Description'),
  attributes: jsonObjectField('Attributes', MESSAGES.attributesInvalidJson)
    .nullish()
    .transform((value) => value ?? {})
    .describe('JSON object: scalar values are core attributes, nested objects are groups.'),
  currentLocationId: optionalUuidField('Current Location').describe(
    'pointId of a map point in the same world where the character is, or null.',
  ),
  activeQuests: z
    .array(uuidField('Active Quest'), { error: () => 'Active Quests must be a list of quest ids.' })
    .max(1000)
    .nullish()
    .transform((value) => value ?? [])
    .describe('questIds of quests in the same world the character is pursuing.'),
  assignedTo: uuidField('Assigned To')
    .nullable()
    .optional()
    .describe('userId of the player who plays this character (they may then edit it), or null. Editors only; absent keeps it.'),
});
export type CharacterCreateInput = z.input<typeof CharacterCreateSchema>;
export const CharacterUpdateSchema = CharacterCreateSchema;

/** PATCH /characters/{characterId}: move to another of the caller's worlds. */
export const CharacterMoveSchema = z.object({ worldId: uuidField('World') });

export const CharacterSchema = AccessFieldsSchema.extend({
  characterId: z.string(),
  worldId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  descriptionHtml: richTextOutput(),
  attributes: z.record(z.string(), z.unknown()),
  currentLocationId: z.string().nullable(),
  activeQuests: z.array(z.string()),
  assignedTo: z.string().nullable().describe('userId of the player who plays this character, or null.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Character = z.infer<typeof CharacterSchema>;
export const CHARACTER_SORT_FIELDS = ['createdAt', 'updatedAt', 'name'] as const;
