/** Date display helpers shared by lists, cards and detail pages. Text helpers live in `text.ts`. */
export { truncate } from './text';
import { format, isValid, parseISO } from 'date-fns';

/**
 * Formats an ISO date-time for people, e.g. '14 Mar 2025, 09:30'. Unparseable input is returned unchanged.
 * @param iso an ISO 8601 string.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = parseISO(iso);
  return isValid(date) ? format(date, 'd MMM yyyy, HH:mm') : iso;
}
