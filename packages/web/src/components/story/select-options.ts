/** Options of entity selects in story forms (SPEC §9 "Timeline select fallback label"). */
import { LIMITS } from '@loreforge/contract';

/** One option of a select. */
export interface SelectOption {
  value: string;
  label: string;
}

/**
 * Adds an option for each current value that the loaded rows do not hold (beyond the lookup limit, or a
 * lookup that failed), labelled with the first 8 characters of its id, so an edit form never drops a link.
 * @param options the loaded options; @param values the form's current ids (empty ones are ignored).
 * @returns a new list with the missing ids appended.
 */
export function withFallbackOptions(options: readonly SelectOption[], values: ReadonlyArray<string | null | undefined>): SelectOption[] {
  const out = [...options];
  for (const value of values) {
    if (value && !out.some((option) => option.value === value)) {
      out.push({ value, label: value.slice(0, LIMITS.timelineSelectFallbackChars) });
    }
  }
  return out;
}

/**
 * Drops the keys whose value is null, undefined or '' (SPEC §5 Timeline: "empty optional ids are omitted on save").
 * @param values the form's output; @param keys the optional id fields.
 */
export function omitEmpty<T extends Record<string, unknown>, K extends keyof T>(
  values: T,
  keys: readonly K[],
): Omit<T, K> & Partial<Pick<T, K>> {
  const omitted = new Set<PropertyKey>(keys.filter((key) => values[key] === null || values[key] === undefined || values[key] === ''));
  return Object.fromEntries(Object.entries(values).filter(([key]) => !omitted.has(key))) as Omit<T, K> & Partial<Pick<T, K>>;
}
