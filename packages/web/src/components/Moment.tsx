import { formatMoment } from '../lib/format';

/** Props of {@link Moment}: the two ways an answer gives a moment (issue 12). */
export interface MomentProps {
  /** The spec's ISO 8601 dateTime on a Gregorian timeline; null on a timeline with a calendar of its own. */
  dateTime: string | null | undefined;
  /** The answer's date in its calendar's words (`formattedDate`, `currentDateFormatted`), shown when there is no ISO date. */
  formatted: string | null | undefined;
  className?: string;
}

/**
 * A moment of a timeline as the app shows it: a `<time datetime>` element when the answer has an ISO date, so
 * assistive technology and scripts read the machine date; otherwise a `<span>` with the calendar's own words, since
 * a date such as "10th of Gillikin, 40 YW" is not a valid HTML date string (HTML §4.5.14, the time element).
 * Renders nothing visible when the answer has neither.
 */
export function Moment({ dateTime, formatted, className }: MomentProps) {
  const text = formatMoment(dateTime, formatted);
  return dateTime ? (
    <time dateTime={dateTime} className={className}>
      {text}
    </time>
  ) : (
    <span className={className}>{text}</span>
  );
}
