/**
 * Narrows a value a test found to present, or fails the test naming what was missing (a non-null assertion would
 * fail later with a bare TypeError, or not at all).
 * @param what what the value is, for the failure message ("the first change event").
 * @throws Error `Expected <what>, found undefined` for undefined or null.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`Expected ${what}, found ${String(value)}`);
  return value;
}
