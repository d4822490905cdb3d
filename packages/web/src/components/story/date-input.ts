/**
 * Story dates in forms (SPEC §5 Event: "A trailing Z on a loaded date is stripped"). Dates are kept in UTC by
 * the API and shown as they are, without moving them to the viewer's zone, so a saved date reads back the same.
 */

/**
 * Turns a loaded ISO date-time into a `datetime-local` input value: the trailing Z is stripped, and zero
 * seconds and milliseconds are dropped so the input shows minutes, e.g. '2025-03-14T09:30:00.000Z' →
 * '2025-03-14T09:30'. Non-zero seconds are kept. Empty input gives ''.
 * @param iso the API's date-time (or null/undefined).
 */
export function toDateTimeLocal(iso: string | null | undefined): string {
  if (!iso) return '';
  return iso
    .replace(/Z$/, '')
    .replace(/\.0+$/, '')
    .replace(/^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}):00$/, '$1');
}
