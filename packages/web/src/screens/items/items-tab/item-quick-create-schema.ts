/** The item quick-create's rules (SPEC §5 Item): like the full form, but bad properties JSON is forgiven. */
import { z } from 'zod';
import { ItemCreateSchema } from '@loreforge/contract';

/**
 * Reads properties text for the quick-create: a JSON object is kept; blank text, invalid JSON or any other
 * JSON value silently becomes {} (SPEC §5: the quick-create falls back to an empty object).
 */
export function parsePropertiesOrEmpty(text: string | null | undefined): Record<string, unknown> {
  if (!text || text.trim() === '') return {};
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** ItemCreateSchema with properties read from text by {@link parsePropertiesOrEmpty}. */
export const ItemQuickCreateSchema = ItemCreateSchema.extend({
  properties: z.string().nullish().transform(parsePropertiesOrEmpty),
});
