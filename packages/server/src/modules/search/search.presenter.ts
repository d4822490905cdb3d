/**
 * Turns the world search's rows into hits: the name and a short piece of the description, each as plain text
 * with the character ranges that matched (never markup, so no client has to trust stored text as HTML).
 */
import { SEARCH_MATCH_KINDS, type HighlightedText, type SearchHit, type SearchMatchKind, type TextRange } from '@loreforge/contract';
import type { SearchRow } from './search.repository.js';

/** Characters of context kept before and after the first match in a snippet. */
const BEFORE = 40;
const AFTER = 100;

/**
 * Every case-insensitive occurrence of `term` in `text`.
 * @returns ranges in `text`'s own offsets; none when lower-casing changes the text's length (offsets would lie).
 */
function findRanges(text: string, term: string): TextRange[] {
  const haystack = text.toLowerCase();
  const needle = term.toLowerCase();
  if (needle.length === 0 || haystack.length !== text.length) return [];
  const ranges: TextRange[] = [];
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    ranges.push({ start: at, end: at + needle.length });
  }
  return ranges;
}

/**
 * A piece of a description around the first occurrence of `term`, cut at spaces, with '…' where text was left
 * out, and the occurrences inside it.
 * @returns null when the term does not occur in the description.
 */
function snippetOf(description: string | null, term: string): HighlightedText | null {
  if (!description) return null;
  const first = findRanges(description, term)[0];
  if (!first) return null;
  let start = Math.max(0, first.start - BEFORE);
  let end = Math.min(description.length, first.end + AFTER);
  if (start > 0) {
    const space = description.indexOf(' ', start);
    if (space !== -1 && space < first.start) start = space + 1;
  }
  if (end < description.length) {
    const space = description.lastIndexOf(' ', end);
    if (space > first.end) end = space;
  }
  const prefix = start > 0 ? '…' : '';
  const text = `${prefix}${description.slice(start, end).replace(/\s+/g, ' ')}${end < description.length ? '…' : ''}`;
  return { text, highlights: findRanges(text, term) };
}

/**
 * Presents one row as a hit.
 * @param term the query as searched (trimmed).
 */
export function presentSearchHit(row: SearchRow, term: string): SearchHit {
  const match: SearchMatchKind = SEARCH_MATCH_KINDS[Number(row.tier)] ?? 'text';
  return {
    type: row.type,
    id: row.id,
    parentId: row.parent_id,
    parentType: row.parent_id === null ? null : row.parent_type,
    match,
    name: { text: row.name, highlights: match === 'fuzzy' || match === 'text' ? [] : findRanges(row.name, term) },
    snippet: snippetOf(row.description, term),
  };
}
