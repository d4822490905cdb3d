/** What the inventory forms validate and send (SPEC §5 Inventory). */
import { z } from 'zod';
import { InventoryCreateSchema, LIMITS, numberField, required } from '@loreforge/contract';

/**
 * InventoryCreateSchema as the form checks it: an unchosen item reads 'Item is required.' rather than a UUID
 * message, and an emptied quantity reads 'Quantity is required.' instead of being saved as the API's default 1
 * (the form starts at 1, so an empty box is a person's doing, not an omission).
 */
export const InventoryFormSchema = InventoryCreateSchema.extend({
  itemId: z
    .string({ error: () => required('Item') })
    .min(1, required('Item'))
    .pipe(InventoryCreateSchema.shape.itemId),
  quantity: numberField('Quantity', LIMITS.inventoryQuantityMin, LIMITS.quantityMax, true),
});

/** A new entry starts with quantity 1, not equipped (SPEC §5, §9). */
export const NEW_ENTRY_VALUES = {
  itemId: '',
  quantity: String(LIMITS.inventoryQuantityDefault),
  equipped: false,
  notes: '',
};
