import type { HighlightedText as HighlightedTextValue } from '@loreforge/contract';

/**
 * Splits text at its highlight ranges.
 * @param value plain text and [start, end) ranges (sorted, not overlapping; out-of-range parts are clipped).
 * @returns the runs in order, each marked or not.
 */
export function highlightSegments(value: HighlightedTextValue): Array<{ text: string; marked: boolean }> {
  const segments: Array<{ text: string; marked: boolean }> = [];
  let at = 0;
  for (const { start, end } of value.highlights) {
    const from = Math.max(at, Math.min(start, value.text.length));
    const to = Math.max(from, Math.min(end, value.text.length));
    if (from > at) segments.push({ text: value.text.slice(at, from), marked: false });
    if (to > from) segments.push({ text: value.text.slice(from, to), marked: true });
    at = to;
  }
  if (at < value.text.length) segments.push({ text: value.text.slice(at), marked: false });
  return segments;
}

/** Plain text with its matched runs in `<mark>`; the text is rendered as text, never as markup. */
export function HighlightedText({ value }: { value: HighlightedTextValue }) {
  return (
    <>
      {highlightSegments(value).map((segment, index) =>
        segment.marked ? (
          <mark key={index} className="lf-search-mark">
            {segment.text}
          </mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
