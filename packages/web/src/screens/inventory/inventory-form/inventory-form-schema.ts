/** What the inventory forms validate and send (SPEC §5 Inventory). */
import { z } from 'zod';
import { InventoryCreateSchema, LIMITS, required } from '@loreforge/contract';

/** InventoryCreateSchema with an unchosen item reading 'Item is required.' rather than a UUID message. */
export const InventoryFormSchema = InventoryCreateSchema.extend({
  itemId: z
    .string({ error: () => required('Item') })
    .min(1, required('Item'))
    .pipe(InventoryCreateSchema.shape.itemId),
});

/** A new entry starts with quantity 1, not equipped (SPEC §5, §9). */
export const NEW_ENTRY_VALUES = {
  itemId: '',
  quantity: String(LIMITS.inventoryQuantityDefault),
  equipped: false,
  notes: '',
};
