/**
 * Trigram similarity as PostgreSQL's pg_trgm computes it, so the world search's typo tolerance means the same on
 * SQLite (where this runs as the SQL function `lf_word_similarity`) as on PostgreSQL (`word_similarity`).
 * A word is padded with two spaces before and one after ("  cat " → "  c", " ca", "cat", "at ").
 */

/**
 * Least word similarity for a name to count as a typo away from a query: pg_trgm's strict default (0.5), which
 * lets one wrong, missing or extra letter through in a word of six letters or more.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.5;

/** Words as pg_trgm sees them: runs of letters and digits, lower-cased. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The padded trigrams of every word of a text, in order (repeats kept). */
function trigramSequence(text: string): string[] {
  const sequence: string[] = [];
  for (const word of words(text)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i += 1) sequence.push(padded.slice(i, i + 3));
  }
  return sequence;
}

/**
 * pg_trgm's word_similarity(query, text): the best, over every run of consecutive trigrams of `text`, of
 * shared / (query trigrams + the run's trigrams the query lacks), all counted as distinct trigrams.
 * @returns a number from 0 (nothing shared, or an empty query) to 1 (the query's words appear whole).
 */
export function wordSimilarity(query: string, text: string): number {
  const wanted = new Set(trigramSequence(query));
  if (wanted.size === 0) return 0;
  const sequence = trigramSequence(text);
  let best = 0;
  for (let from = 0; from < sequence.length; from += 1) {
    if (!wanted.has(sequence[from] ?? '')) continue;
    const seen = new Set<string>();
    let shared = 0;
    let extra = 0;
    for (let to = from; to < sequence.length; to += 1) {
      const trigram = sequence[to] ?? '';
      if (seen.has(trigram)) continue;
      seen.add(trigram);
      if (wanted.has(trigram)) {
        shared += 1;
        best = Math.max(best, shared / (wanted.size + extra));
        if (shared === wanted.size) break;
      } else {
        extra += 1;
      }
    }
  }
  return best;
}

/**
 * The unpadded trigrams inside the query's words of three characters or more: what an FTS5 trigram index can
 * look up to find candidates for a fuzzy match.
 * @returns distinct trigrams, lower-cased; empty when no word is three characters long.
 */
export function innerTrigrams(query: string): string[] {
  const set = new Set<string>();
  for (const word of words(query)) for (let i = 0; i + 3 <= word.length; i += 1) set.add(word.slice(i, i + 3));
  return [...set];
}
