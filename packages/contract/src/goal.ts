/** Goal schemas (SPEC §3 Goal, §4 statuses, §5 Goal, §7 Goals). */
import { z } from 'zod';
import { AccessFieldsSchema, AccessInputSchema } from './access.js';
import { LIMITS } from './limits.js';
import { GOAL_STATUSES, GOAL_TYPES } from './enums.js';
import { enumField, optionalDateTimeField, optionalText, requiredText } from './fields.js';
import { richTextField, richTextOutput } from './rich-text.js';

export const GoalCreateSchema = AccessInputSchema.extend({
  title: requiredText('Title', { min: LIMITS.goalTitleMin }),
  description: requiredText('Description', { max: LIMITS.textMax }),
  descriptionHtml: richTextField('Description'),
  goalType: enumField('Goal Type', GOAL_TYPES),
  status: enumField('Status', GOAL_STATUSES),
  targetDateTime: optionalDateTimeField('Target Date/Time'),
  notes: optionalText('Notes'),
});
export type GoalCreateInput = z.input<typeof GoalCreateSchema>;
export const GoalUpdateSchema = GoalCreateSchema;

export const GoalSchema = AccessFieldsSchema.extend({
  goalId: z.string(),
  worldId: z.string(),
  characterId: z.string().nullable().describe('The character pursuing it, or null for a world goal.'),
  title: z.string(),
  description: z.string(),
  descriptionHtml: richTextOutput(),
  goalType: z.enum(GOAL_TYPES),
  status: z.enum(GOAL_STATUSES),
  targetDateTime: z.string().nullable(),
  notes: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Goal = z.infer<typeof GoalSchema>;
export const GOAL_SORT_FIELDS = ['createdAt', 'updatedAt', 'title'] as const;
