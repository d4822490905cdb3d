/** World schemas (SPEC §3 World, §5 World, §7 Worlds). */
import { z } from 'zod';
import { WORLD_ROLES } from './world-roles.js';
import { optionalText, requiredText } from './fields.js';
import { richTextField, richTextOutput } from './rich-text.js';

export const WorldCreateSchema = z.object({
  name: requiredText('Name'),
  description: optionalText('Description'),
  descriptionHtml: richTextField('Description'),
});
export type WorldCreateInput = z.input<typeof WorldCreateSchema>;
export const WorldUpdateSchema = WorldCreateSchema;
export type WorldUpdateInput = z.input<typeof WorldUpdateSchema>;

export const WorldCountsSchema = z.object({
  characters: z.number().int(),
  timelines: z.number().int(),
  maps: z.number().int(),
  events: z.number().int(),
  items: z.number().int(),
});
export type WorldCounts = z.infer<typeof WorldCountsSchema>;

export const WorldSchema = z.object({
  worldId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  descriptionHtml: richTextOutput(),
  createdBy: z.string().describe('userId of the creator (from the token, never the body).'),
  role: z.enum(WORLD_ROLES).describe("The caller's role in this world."),
  counts: WorldCountsSchema.describe('What the caller can see: a player or viewer never counts a secret.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type World = z.infer<typeof WorldSchema>;
export const WORLD_SORT_FIELDS = ['createdAt', 'updatedAt', 'name'] as const;
