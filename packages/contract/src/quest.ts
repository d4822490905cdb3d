/** Quest and objective schemas (SPEC §3 Quest, §4 quest status, §5 Quest, §7 Quests; objectives designed here). */
import { z } from 'zod';
import { AccessFieldsSchema, AccessInputSchema } from './access.js';
import { LIMITS } from './limits.js';
import { QUEST_STATUSES } from './enums.js';
import { booleanField, enumField, numberField, optionalText, requiredText, uuidField } from './fields.js';
import { richTextField, richTextOutput } from './rich-text.js';

export const QuestCreateSchema = AccessInputSchema.extend({
  name: requiredText('Name'),
  description: optionalText('Description'),
  descriptionHtml: richTextField('Description'),
  status: enumField('Status', QUEST_STATUSES).default('pending'),
  isOptional: booleanField('Optional Quest').default(false),
  difficulty: numberField('Difficulty', LIMITS.questDifficultyMin, LIMITS.questDifficultyMax, true)
    .nullish()
    .transform((v) => v ?? null),
});
export type QuestCreateInput = z.input<typeof QuestCreateSchema>;
/**
 * PUT validates like create, but the quest form of SPEC §2 sends only name, description and status:
 * an absent isOptional or difficulty keeps its stored value (null clears the difficulty).
 */
export const QuestUpdateSchema = QuestCreateSchema.extend({
  isOptional: booleanField('Optional Quest').optional().describe('Kept when absent.'),
  difficulty: numberField('Difficulty', LIMITS.questDifficultyMin, LIMITS.questDifficultyMax, true)
    .nullable()
    .optional()
    .describe('Kept when absent; null clears it.'),
});

const target = numberField('Target', LIMITS.objectiveTargetMin, LIMITS.quantityMax, true);

export const ObjectiveCreateSchema = AccessInputSchema.extend({
  description: requiredText('Description', { max: LIMITS.textMax }),
  target: target.default(1).describe('How many steps complete the objective (integer ≥ 1).'),
  progress: numberField('Progress', 0, LIMITS.quantityMax, true).default(0),
  isOptional: booleanField('Optional').default(false),
}).refine((value) => value.progress <= value.target, {
  message: 'Progress must be no more than the target.',
  path: ['progress'],
});
export type ObjectiveCreateInput = z.input<typeof ObjectiveCreateSchema>;
export const ObjectiveUpdateSchema = ObjectiveCreateSchema;

/** POST …/objectives/{objectiveId}/progress: exactly one of progress (absolute) or increment (may be negative). */
export const ObjectiveProgressSchema = z
  .object({
    progress: numberField('Progress', 0, LIMITS.quantityMax, true).optional(),
    increment: numberField('Increment', -LIMITS.quantityMax, LIMITS.quantityMax, true).optional(),
  })
  .refine((value) => (value.progress === undefined) !== (value.increment === undefined), {
    message: 'Send either progress or increment.',
    path: ['progress'],
  });
export type ObjectiveProgressInput = z.input<typeof ObjectiveProgressSchema>;

/** POST …/accept and DELETE …/abandon: optionally the character taking up or dropping the quest. */
export const QuestCharacterSchema = z.object({ characterId: uuidField('Character').optional() });

export const ObjectiveSchema = AccessFieldsSchema.extend({
  objectiveId: z.string(),
  questId: z.string(),
  description: z.string(),
  target: z.number().int(),
  progress: z.number().int(),
  isOptional: z.boolean(),
  completed: z.boolean().describe('Derived: progress ≥ target.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Objective = z.infer<typeof ObjectiveSchema>;

export const QuestSchema = AccessFieldsSchema.extend({
  questId: z.string(),
  worldId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  descriptionHtml: richTextOutput(),
  status: z.enum(QUEST_STATUSES),
  isOptional: z.boolean(),
  difficulty: z.number().int().nullable(),
  objectives: z.array(ObjectiveSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Quest = z.infer<typeof QuestSchema>;
export const QUEST_SORT_FIELDS = ['createdAt', 'updatedAt', 'name', 'status'] as const;
