/** Date display helpers shared by lists, cards and detail pages. Text helpers live in `text.ts`. */
export { truncate } from './text';
import { parseISO } from 'date-fns';

/** English month abbreviations, as date-fns's `MMM` writes them in its default locale. */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** Formatted date-times by ISO string; emptied when full. Formatting depends only on the string and the time zone. */
const formatted = new Map<string, string>();
const FORMAT_CACHE_SIZE = 5000;

/**
 * Formats an ISO date-time for people, e.g. '14 Mar 2025, 09:30'. Unparseable input is returned unchanged.
 * @param iso an ISO 8601 string.
 */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const cached = formatted.get(iso);
  if (cached !== undefined) return cached;
  const date = parseISO(iso);
  // 'd MMM yyyy, HH:mm' in the local time zone, written by hand: date-fns's format() and its locale data weigh more
  // than the rest of the world page's date handling together.
  const text = Number.isNaN(date.getTime())
    ? iso
    : `${date.getDate()} ${MONTHS[date.getMonth()] ?? ''} ${pad(date.getFullYear(), 4)}, ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  // Long lists (a timeline of 10,000 events scrolled back and forth) format the same dates again and again.
  if (formatted.size >= FORMAT_CACHE_SIZE) formatted.clear();
  formatted.set(iso, text);
  return text;
}

/**
 * A date as the app shows it (issue 12): the ISO date-time formatted as before on a Gregorian timeline, or the
 * date in its own calendar's words (`formattedDate`) on a timeline with a calendar of its own (dateTime null).
 * @param iso the spec's ISO 8601 dateTime, or null; @param words the answer's formatted date.
 */
export function formatMoment(iso: string | null | undefined, words: string | null | undefined): string {
  return iso ? formatDateTime(iso) : (words ?? '');
}
