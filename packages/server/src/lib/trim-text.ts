/**
 * Trimming by loops rather than regular expressions that strip runs of characters before a line break or at the
 * end of text, which a regular expression engine matches in quadratic time on long runs of those characters
 * (test/resilience/regex-safety.test.ts).
 */

/**
 * Removes the characters `strip` accepts from both ends (or one end) of text.
 * @param strip whether a character is to be removed.
 * @param ends which ends: 'both' (default), 'start' or 'end'.
 * @returns the trimmed text.
 */
export function trimWhere(text: string, strip: (char: string) => boolean, ends: 'both' | 'start' | 'end' = 'both'): string {
  let start = 0;
  let end = text.length;
  if (ends !== 'end') while (start < end && strip(text[start] ?? '')) start += 1;
  if (ends !== 'start') while (end > start && strip(text[end - 1] ?? '')) end -= 1;
  return text.slice(start, end);
}

const isSpaceOrTab = (char: string) => char === ' ' || char === '\t';

/**
 * Removes the spaces and tabs on either side of every line break, keeping the breaks.
 * @returns the text with each line's inner ends trimmed of spaces and tabs.
 */
export function trimAroundLineBreaks(text: string): string {
  const lines = text.split('\n');
  return lines
    .map((line, index) => {
      const ends = index === 0 ? 'end' : index === lines.length - 1 ? 'start' : 'both';
      return lines.length === 1 ? line : trimWhere(line, isSpaceOrTab, ends);
    })
    .join('\n');
}
