/** Connection schemas (SPEC §7 Connections; payload designed here). */
import { z } from 'zod';
import { AccessFieldsSchema, AccessInputSchema } from './access.js';
import { CONNECTABLE_TYPES } from './enums.js';
import { enumField, optionalText, requiredText, uuidField } from './fields.js';
import { richTextField, richTextOutput } from './rich-text.js';

export const ConnectionCreateSchema = AccessInputSchema.extend({
  sourceType: enumField('Source Type', CONNECTABLE_TYPES),
  sourceId: uuidField('Source'),
  targetType: enumField('Target Type', CONNECTABLE_TYPES),
  targetId: uuidField('Target'),
  connectionType: requiredText('Connection Type').describe("Free text, e.g. 'owns', 'located in', 'caused'."),
  description: optionalText('Description'),
  descriptionHtml: richTextField('Description'),
});
export type ConnectionCreateInput = z.input<typeof ConnectionCreateSchema>;
export const ConnectionUpdateSchema = ConnectionCreateSchema;

export const ConnectionSchema = AccessFieldsSchema.extend({
  connectionId: z.string(),
  worldId: z.string(),
  sourceType: z.enum(CONNECTABLE_TYPES),
  sourceId: z.string(),
  sourceName: z.string().nullable(),
  targetType: z.enum(CONNECTABLE_TYPES),
  targetId: z.string(),
  targetName: z.string().nullable(),
  connectionType: z.string(),
  description: z.string().nullable(),
  descriptionHtml: richTextOutput(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Connection = z.infer<typeof ConnectionSchema>;
export const CONNECTION_SORT_FIELDS = ['createdAt', 'updatedAt', 'connectionType'] as const;
