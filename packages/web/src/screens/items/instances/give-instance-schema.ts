/** The rules of giving an item instance to a character (SPEC §5). */
import { z } from 'zod';
import { ItemInstanceCreateSchema, LIMITS, numberField } from '@loreforge/contract';

/**
 * The quantity to send: a number is kept (and checked against the minimum of 1 by the schema); an empty or
 * unreadable entry falls back to 1 (SPEC §5: 'quantity minimum 1, falls back to 1').
 */
export function quantityOrDefault(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : LIMITS.inventoryQuantityDefault;
}

/** ItemInstanceCreateSchema with the quantity fallback; no character gives 'Please select a character.' */
export const GiveInstanceSchema = ItemInstanceCreateSchema.extend({
  quantity: z.preprocess(quantityOrDefault, numberField('Quantity', LIMITS.inventoryQuantityMin, LIMITS.quantityMax, true)),
});
