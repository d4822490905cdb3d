/**
 * The value a test needs, or an error naming what was missing: fails at the point of the mistake, instead of
 * as a property read of undefined further on.
 * @param value what a lookup gave (an array element, a row, a header).
 * @param what a few words for the message, e.g. "the first app".
 * @returns the value, now known to be neither null nor undefined.
 * @throws Error when the value is null or undefined.
 */
export function must<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Expected ${what}, but there was none.`);
  return value;
}
