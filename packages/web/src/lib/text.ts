/** Text helpers with no dependencies, safe for the first-loaded chunk (SPEC §9 truncation). */

/**
 * Shortens text to at most `max` characters, ending with '…' when cut.
 * @param text the text (null/undefined become '').
 * @param max limit in characters, e.g. LIMITS.truncateName (50) or LIMITS.truncateDescription (100).
 */
export function truncate(text: string | null | undefined, max: number): string {
  const value = text ?? '';
  if (value.length <= max) return value;
  return `${value.slice(0, Math.max(0, max - 1)).trimEnd()}…`;
}

/**
 * The noun that reads right after a count: '1 Character', '2 Characters', '0 Characters'.
 * @param count how many; @param singular the noun for one; @param plural for any other count (default `singular` + 's').
 */
export function pluralize(count: number, singular: string, plural = `${singular}s`): string {
  return count === 1 ? singular : plural;
}

/** The text with its first letter in upper case: 'character' → 'Character' ('' stays ''). */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
