/** Splits a character's attributes for the Details tab (SPEC §3 Character). */

/** Core attributes and named groups. */
export interface AttributeSplit {
  /** Scalar values (text, numbers, true/false, null) and lists, in their original order. */
  core: Array<[string, unknown]>;
  /** Nested objects: each group's name and its own entries. */
  groups: Array<{ name: string; entries: Array<[string, unknown]> }>;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Scalar values are core attributes; nested objects are attribute groups (SPEC §3).
 * @param attributes the character's attributes object (null or undefined means none).
 * @returns core entries and groups; both empty means 'No attributes defined.'
 */
export function splitAttributes(attributes: Record<string, unknown> | null | undefined): AttributeSplit {
  const split: AttributeSplit = { core: [], groups: [] };
  for (const [name, value] of Object.entries(attributes ?? {})) {
    if (isPlainObject(value)) split.groups.push({ name, entries: Object.entries(value) });
    else split.core.push([name, value]);
  }
  return split;
}
