/** Relationship schemas (SPEC §3 Relationship, §5 Relationship, §7 Relationships). */
import { z } from 'zod';
import { AccessFieldsSchema, AccessInputSchema } from './access.js';
import { LIMITS } from './limits.js';
import { COMMUNICATION_STYLES, RELATIONSHIP_TYPES } from './enums.js';
import { enumField, numberField, optionalText, uuidField } from './fields.js';
import { richTextField, richTextOutput } from './rich-text.js';

const score = (label: string) => numberField(label, LIMITS.relationshipScoreMin, LIMITS.relationshipScoreMax, true).default(0);

export const RelationshipCreateSchema = AccessInputSchema.extend({
  targetCharacterId: uuidField('Related Character'),
  relationshipType: enumField('Relationship Type', RELATIONSHIP_TYPES).default('Stranger'),
  description: optionalText('Description'),
  descriptionHtml: richTextField('Description'),
  affinity: score('Affinity'),
  powerBalance: score('Power Balance'),
  trustLevel: score('Trust Level'),
  communicationStyle: enumField('Communication Style', COMMUNICATION_STYLES)
    .nullish()
    .transform((v) => v ?? null),
  pastInteractions: optionalText('Past Interactions'),
  currentGoalAlignment: optionalText('Current Goal Alignment'),
  dependenceLevel: optionalText('Dependence Level'),
});
export type RelationshipCreateInput = z.input<typeof RelationshipCreateSchema>;
export const RelationshipUpdateSchema = RelationshipCreateSchema;

export const RelationshipSchema = AccessFieldsSchema.extend({
  relationshipId: z.string(),
  characterId: z.string(),
  targetCharacterId: z.string(),
  targetCharacterName: z.string(),
  relationshipType: z.enum(RELATIONSHIP_TYPES),
  description: z.string().nullable(),
  descriptionHtml: richTextOutput(),
  affinity: z.number().int(),
  powerBalance: z.number().int(),
  trustLevel: z.number().int(),
  communicationStyle: z.enum(COMMUNICATION_STYLES).nullable(),
  pastInteractions: z.string().nullable(),
  currentGoalAlignment: z.string().nullable(),
  dependenceLevel: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Relationship = z.infer<typeof RelationshipSchema>;
export const RELATIONSHIP_SORT_FIELDS = ['createdAt', 'updatedAt', 'affinity', 'trustLevel'] as const;
