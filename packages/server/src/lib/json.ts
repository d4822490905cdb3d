/** JSON column helpers: the database keeps JSON as text in both dialects. */

/** Serialises a value for a JSON text column; null stays SQL NULL. */
export const toJsonText = (value: unknown): string | null => (value === null || value === undefined ? null : JSON.stringify(value));

/** Parses a JSON text column; null or unparsable text gives the fallback. */
export function fromJsonText<T>(text: string | null, fallback: T): T {
  if (text === null) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

/** Parses a JSON object column (attributes, properties); anything else gives {}. */
export function fromJsonObject(text: string | null): Record<string, unknown> {
  const value = fromJsonText<unknown>(text, {});
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
