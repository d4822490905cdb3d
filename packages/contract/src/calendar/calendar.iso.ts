/**
 * The bridge between the spec's ISO 8601 `dateTime` fields and Gregorian instants (docs/calendars.md "Gregorian
 * and ISO 8601"): a Gregorian timeline keeps its `dateTime` strings and orders by the instant they name.
 */
import { compileCalendar, dateFromInstant } from './calendar.engine.js';
import { instantFromDate } from './calendar.date.js';
import { gregorianCalendar } from './calendar.presets.js';

const ISO_PATTERN = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/**
 * The Gregorian instant of a normalised UTC ISO date-time ('1900-05-14T10:30:00.000Z'); seconds are dropped.
 * @returns whole minutes since 0001-01-01T00:00Z, or null when the text is not such a date-time.
 */
export function instantFromIsoDateTime(iso: string): bigint | null {
  const match = ISO_PATTERN.exec(iso);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  try {
    return instantFromDate(gregorianCalendar(), { year, month, day, hour, minute });
  } catch {
    return null;
  }
}

/**
 * The UTC ISO 8601 date-time ('YYYY-MM-DDTHH:mm:00.000Z') of a Gregorian instant.
 * @returns null outside years 0001..9999, which ISO 8601's basic four-digit years cannot write.
 */
export function isoDateTimeFromInstant(instant: bigint): string | null {
  const date = dateFromInstant(compileCalendar(gregorianCalendar()), instant);
  if (date.absoluteYear < 1n || date.absoluteYear > 9999n) return null;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${String(date.absoluteYear).padStart(4, '0')}-${two(date.month)}-${two(date.day)}T${two(date.hour)}:${two(date.minute)}:00.000Z`;
}
