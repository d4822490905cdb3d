/** Item, inventory entry and item instance schemas (SPEC §3, §5 Item and Inventory, §7 Items and Inventory). */
import { z } from 'zod';
import { AccessFieldsSchema, AccessInputSchema } from './access.js';
import { LIMITS } from './limits.js';
import { MESSAGES } from './messages.js';
import { booleanField, jsonObjectField, numberField, optionalText, requiredText, uuidField } from './fields.js';
import { richTextField, richTextOutput } from './rich-text.js';

export const ItemCreateSchema = AccessInputSchema.extend({
  name: requiredText('Name', { min: LIMITS.itemNameMin }),
  description: optionalText('Description'),
  descriptionHtml: richTextField('Description'),
  properties: jsonObjectField('Properties', MESSAGES.propertiesInvalidJson)
    .nullish()
    .transform((v) => v ?? {}),
  attributes: jsonObjectField('Attributes')
    .nullish()
    .transform((v) => v ?? {}),
});
export type ItemCreateInput = z.input<typeof ItemCreateSchema>;
export const ItemUpdateSchema = ItemCreateSchema;

export const ItemSchema = AccessFieldsSchema.extend({
  itemId: z.string(),
  worldId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  descriptionHtml: richTextOutput(),
  properties: z.record(z.string(), z.unknown()),
  attributes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Item = z.infer<typeof ItemSchema>;
export const ITEM_SORT_FIELDS = ['createdAt', 'updatedAt', 'name'] as const;

const quantity = numberField('Quantity', LIMITS.inventoryQuantityMin, LIMITS.quantityMax, true);

export const InventoryCreateSchema = AccessInputSchema.extend({
  itemId: uuidField('Item'),
  quantity: quantity.default(LIMITS.inventoryQuantityDefault),
  equipped: booleanField('Equipped').default(false),
  notes: optionalText('Notes'),
  attributes: jsonObjectField('Attributes')
    .nullish()
    .transform((v) => v ?? {}),
});
export type InventoryCreateInput = z.input<typeof InventoryCreateSchema>;
/** PUT keeps the item; quantity and equipped are required, notes and attributes optional. */
export const InventoryUpdateSchema = AccessInputSchema.extend({
  quantity,
  equipped: booleanField('Equipped').default(false),
  notes: optionalText('Notes'),
  attributes: jsonObjectField('Attributes')
    .nullish()
    .transform((v) => v ?? {}),
});
export type InventoryUpdateInput = z.input<typeof InventoryUpdateSchema>;

export const InventoryEntrySchema = AccessFieldsSchema.extend({
  inventoryItemId: z.string(),
  characterId: z.string(),
  itemId: z.string(),
  itemName: z.string(),
  quantity: z.number().int(),
  equipped: z.boolean(),
  notes: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InventoryEntry = z.infer<typeof InventoryEntrySchema>;
export const INVENTORY_SORT_FIELDS = ['createdAt', 'updatedAt', 'quantity'] as const;

/** An item instance: an inventory entry seen from its item (SPEC §3 Item instance). */
export const ItemInstanceSchema = AccessFieldsSchema.extend({
  inventoryItemId: z.string(),
  itemId: z.string(),
  quantity: z.number().int(),
  equipped: z.boolean(),
  notes: z.string().nullable(),
  attributes: z.record(z.string(), z.unknown()),
  owner: z.object({ type: z.literal('character'), id: z.string(), name: z.string() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ItemInstance = z.infer<typeof ItemInstanceSchema>;

/** POST .../items/{itemId}/instances: give an instance to a character (SPEC §5 'Please select a character.'). */
export const ItemInstanceCreateSchema = AccessInputSchema.extend({
  characterId: z
    .string({ error: () => MESSAGES.selectCharacter })
    .min(1, MESSAGES.selectCharacter)
    .regex(/^[0-9a-f-]{36}$/i, MESSAGES.selectCharacter),
  quantity: quantity.default(LIMITS.inventoryQuantityDefault),
  equipped: booleanField('Equipped').default(false),
  notes: optionalText('Notes'),
  attributes: jsonObjectField('Attributes')
    .nullish()
    .transform((v) => v ?? {}),
});
export type ItemInstanceCreateInput = z.input<typeof ItemInstanceCreateSchema>;
