/**
 * The search condition of lists (SPEC §8 search): a case-insensitive "contains" over a list's text columns,
 * served by FTS5 trigram tables on SQLite and pg_trgm indexes on PostgreSQL (migration add_search_indexes).
 */
import { type Expression, type SqlBool, SqliteAdapter, sql } from 'kysely';
import type { FullText } from './list-types.js';

/** The trigram tokenizer needs at least three characters to use its index. */
const MIN_INDEXED_TERM = 3;

/** When a search uses the full-text index; tests lower fullTextMinRows to reach it with small worlds. */
export const searchLimits = {
  /**
   * Below this many rows in scope a search scans them with LIKE: the full-text index covers every world, and a
   * common word ("soul") matched 130,000 rows of other worlds for a world of 300 (27 ms against 0.7 ms).
   */
  fullTextMinRows: 2_000,
};

/** Escapes LIKE wildcards so a search for '50%' finds the text '50%'. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** A case-insensitive "contains" condition over several columns (LIKE with ESCAPE, same SQL on both dialects). */
export function searchCondition(columns: string[], term: string): Expression<SqlBool> {
  const pattern = likePattern(term);
  const parts = columns.map((column) => sql<SqlBool>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Whether a list's scope may hold `searchLimits.fullTextMinRows` rows or more (unknown counts as large). */
export function mayBeLarge(fullText: FullText | undefined): boolean {
  return fullText?.scopeRows === undefined || fullText.scopeRows >= searchLimits.fullTextMinRows;
}

/**
 * A search's rank of a row: 0 when the term is in its name column (the same case-insensitive "contains" as the
 * search), 1 otherwise. Lists of a search order by it first, so name matches lead.
 */
export function nameRank(column: string, term: string): Expression<number> {
  return sql<number>`(case when lower(${sql.ref(column)}) like ${likePattern(term)} escape '\\' then 0 else 1 end)`;
}

/**
 * The search condition for a list: an FTS5 trigram lookup on SQLite when the table has one, the term is long
 * enough and the scope may hold `searchLimits.fullTextMinRows` rows or more (same case-insensitive "contains" meaning),
 * otherwise LIKE over the columns.
 */
export function listSearchCondition(columns: string[], term: string, fullText: FullText | undefined): Expression<SqlBool> {
  if (fullText && mayBeLarge(fullText) && term.length >= MIN_INDEXED_TERM && fullText.db.getExecutor().adapter instanceof SqliteAdapter) {
    const fts = `${fullText.table}_fts`;
    const phrase = `"${term.replaceAll('"', '""')}"`;
    return sql<SqlBool>`${sql.ref(`${fullText.table}.rowid`)} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${phrase})`;
  }
  return searchCondition(columns, term);
}
