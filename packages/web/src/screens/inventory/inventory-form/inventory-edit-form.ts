import { LIMITS } from '@loreforge/contract';
import { readQuantity } from '../../../api/inventory';
import type { FieldConfig } from '../../../components/form/types';

/** The fields of an inventory entry's edit form, shared by the inventory and item instance screens (SPEC §5). */
export const INVENTORY_EDIT_FIELDS: readonly FieldConfig[] = [
  { name: 'quantity', label: 'Quantity', type: 'number', required: true, min: LIMITS.inventoryQuantityMin },
  { name: 'equipped', label: 'Equipped', type: 'checkbox' },
  { name: 'notes', label: 'Notes', type: 'textarea' },
];

/**
 * The edit form's starting values from a loaded entry (or instance): quantity as text (1 when missing or not
 * positive), equipped and notes.
 */
export function inventoryEditDefaults(entry: { quantity?: unknown; equipped?: boolean; notes?: string | null } | undefined) {
  return {
    quantity: String(readQuantity(entry?.quantity) || LIMITS.inventoryQuantityDefault),
    equipped: entry?.equipped ?? false,
    notes: entry?.notes ?? '',
  };
}
