/**
 * Step 2 of a list (lib/list/index.ts): the conditions a list query gains from its request.
 * - The search (SPEC §8 search): a case-insensitive "contains" over a list's text columns, served by FTS5
 *   trigram tables on SQLite and pg_trgm indexes on PostgreSQL (migration add_search_indexes), and the rank
 *   that puts name matches first.
 * - The tag filter, and the keyset condition "after this row" of a cursor or a page anchor.
 */
import { type Expression, type SelectQueryBuilder, type SqlBool, SqliteAdapter, sql } from 'kysely';
import { TAGGABLE_TYPES } from '@loreforge/contract';
import type { Database, Db } from '../../db/database.js';
import { likeValue } from '../../db/prepared-once.js';
import { plannedForValues } from '../../db/planned-for-values.js';
import { badRequest } from '../../errors/app-error.js';
import type { FullText, Keyset, ListOrder, ListSpec, SearchableTable } from './types.js';

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
  return `%${likeText(term)}%`;
}

/** A term lower-cased with LIKE's wildcards escaped: what likePattern puts between its `%`s. */
export function likeText(term: string): string {
  return term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/**
 * A column as the search compares it with a lower-cased pattern. On SQLite it is the column as stored: SQLite's
 * LIKE already ignores ASCII case, exactly the case its lower() folds, and skipping lower() spares a call per
 * scanned row. Elsewhere (PostgreSQL, whose LIKE is case-sensitive and whose trigram indexes are built on
 * lower(column)), and when the database is not known, it is lower(column).
 * @param db the database the statement runs on; undefined gives lower(column), which means the same on both.
 */
function foldedColumn(column: string, db: Db | undefined): Expression<string> {
  return db?.getExecutor().adapter instanceof SqliteAdapter ? sql.ref(column) : sql<string>`lower(${sql.ref(column)})`;
}

/**
 * A case-insensitive "contains" condition over several columns (LIKE with ESCAPE; see foldedColumn for how each
 * dialect ignores case).
 * @param db the database the condition runs on (undefined: the portable lower(column) form).
 */
export function searchCondition(columns: string[], term: string, db?: Db): Expression<SqlBool> {
  const pattern = likePattern(term);
  const parts = columns.map((column) => sql<SqlBool>`${foldedColumn(column, db)} like ${likeValue(pattern)} escape '\\'`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Whether a list's scope may hold `searchLimits.fullTextMinRows` rows or more (unknown counts as large). */
export function mayBeLarge(fullText: FullText | undefined): boolean {
  return fullText?.scopeRows === undefined || fullText.scopeRows >= searchLimits.fullTextMinRows;
}

/**
 * A search's rank of a row: 0 when the term is in its name column (the same case-insensitive "contains" as the
 * search), 1 otherwise. Lists of a search order by it first, so name matches lead.
 * @param db the database the rank runs on (undefined: the portable lower(column) form).
 */
export function nameRank(column: string, term: string, db?: Db): Expression<number> {
  return sql<number>`(case when ${foldedColumn(column, db)} like ${likeValue(likePattern(term))} escape '\\' then 0 else 1 end)`;
}

/**
 * The search condition for a list: an FTS5 trigram lookup on SQLite when the table has one, the term is long
 * enough and the scope may hold `searchLimits.fullTextMinRows` rows or more; on PostgreSQL, for a scope known to
 * hold fewer, a "contains" its trigram indexes cannot serve (scansScope); otherwise LIKE over the columns. All
 * three mean the same case-insensitive "contains".
 */
export function listSearchCondition(columns: string[], term: string, fullText: FullText | undefined): Expression<SqlBool> {
  if (usesFullText(term, fullText) && fullText) return fullTextCondition(fullText.table, phraseText(term));
  if (scansScope(fullText)) return containsCondition(columns, term.toLowerCase());
  return scopedLikeCondition(columns, term, fullText?.db, fullText);
}

/**
 * The LIKE search of a list (searchCondition), planned for its values on PostgreSQL when the list has a full-text
 * table (a world's entities) and its scope was not found small (scansScope): a plan kept for any world takes a large
 * world for the average one and reads its whole index beside the trigram index (db/planned-for-values.ts). Lists
 * under one entity (relationships, inventory) are small and keep their plans.
 * @param db the database the condition runs on (undefined: the portable form, unmarked).
 */
export function scopedLikeCondition(
  columns: string[],
  term: string,
  db: Db | undefined,
  fullText: FullText | undefined,
): Expression<SqlBool> {
  const condition = searchCondition(columns, term, db);
  return db && fullText ? plannedForValues(db, condition) : condition;
}

/**
 * Whether a search reads its scope's rows instead of asking an index (PostgreSQL only, where the scope is known to
 * hold fewer than `searchLimits.fullTextMinRows` rows, as a world's kept count says).
 *
 * PostgreSQL runs a list's statement as a prepared statement, and after a few runs plans it once for any values.
 * That generic plan cannot tell a rare term from a common one, so it estimated LIKE through the trigram indexes at
 * a few rows and combined them with the world's index; for a word in most descriptions ("soul") it read 30,000
 * index entries of every world to keep the 300 rows of one (3-4 ms, against 0.6 ms for the world's rows through
 * its index, a term matched against each). Written so no trigram index applies, the condition leaves the planner
 * only the world's index. A scope that may be large keeps LIKE and its trigram indexes.
 */
export function scansScope(fullText: FullText | undefined): boolean {
  return fullText !== undefined && !mayBeLarge(fullText) && !(fullText.db.getExecutor().adapter instanceof SqliteAdapter);
}

/**
 * A "contains" over several columns that no index serves: `strpos(lower(column), term) > 0` (the term's `%` and
 * `_` are plain characters, as LIKE's escaped pattern makes them).
 * @param lowerTerm the term lower-cased as likeText does, so both forms find the same rows.
 */
export function containsCondition(columns: string[], lowerTerm: string): Expression<SqlBool> {
  const parts = columns.map((column) => sql<SqlBool>`strpos(lower(${sql.ref(column)}), ${lowerTerm}) > 0`);
  return sql<SqlBool>`(${sql.join(parts, sql` or `)})`;
}

/** Whether listSearchCondition looks the term up in the full-text index (see there). */
export function usesFullText(term: string, fullText: FullText | undefined): boolean {
  return (
    fullText !== undefined &&
    mayBeLarge(fullText) &&
    term.length >= MIN_INDEXED_TERM &&
    fullText.db.getExecutor().adapter instanceof SqliteAdapter
  );
}

/** The term as a phrase of an FTS5 query (quotes doubled inside; fullTextCondition adds the outer ones). */
export const phraseText = (term: string): string => term.replaceAll('"', '""');

/**
 * The FTS5 trigram lookup of a term in a table's full-text index (SQLite only).
 * @param phrase the term with its quotes doubled (phraseText), so a compiled shape can bind it as given.
 */
export function fullTextCondition(table: SearchableTable, phrase: string): Expression<SqlBool> {
  const fts = `${table}_fts`;
  return sql<SqlBool>`${sql.ref(`${table}.rowid`)} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${`"${phrase}"`})`;
}

/**
 * A list narrowed to the entities carrying a tag (table entity_tag, compared in lower case). The kept total no
 * longer applies, so it is counted.
 * @throws AppError 400 when the list's entities carry no tags.
 */
export function withTag<TB extends keyof Database, Row extends { id: string }>(spec: ListSpec<TB, Row>, tag: string): ListSpec<TB, Row> {
  const table = spec.idColumn.split('.')[0] ?? '';
  if (!(TAGGABLE_TYPES as readonly string[]).includes(table)) {
    throw badRequest('This list cannot be filtered by tag.', { tag: 'This list cannot be filtered by tag.' });
  }
  const tagged = sql<SqlBool>`${sql.ref(spec.idColumn)} in (select entity_id from entity_tag where entity_type = ${table} and tag_key = ${tag.toLowerCase()})`;
  return { ...spec, query: scopedQuery(spec).where(tagged), shape: undefined, knownTotal: undefined };
}

/**
 * The condition "comes after this keyset in the list's order": a row-value comparison that both databases
 * serve as an index range starting right after the keyset; in a ranked order, the rest of the keyset's rank
 * group, then every row of a later rank.
 */
export function afterKeyset(order: ListOrder, after: Keyset): Expression<SqlBool> {
  const op = sql.raw(order.sortOrder === 'desc' ? '<' : '>');
  const rest = sql<SqlBool>`(${sql.ref(order.column)}, ${sql.ref(order.idColumn)}) ${op} (${after[0]}, ${after[1]})`;
  if (order.rank === undefined) return rest;
  const rank = after[2] ?? 0;
  return sql<SqlBool>`(${order.rank} > ${rank} or (${order.rank} = ${rank} and ${rest}))`;
}

/**
 * A list's scoped query: the spec's own, or its shape built with the shape's arguments.
 * @throws Error when the spec has neither (a programming error).
 */
export function scopedQuery<TB extends keyof Database, Row extends { id: string }>(
  spec: ListSpec<TB, Row>,
): SelectQueryBuilder<Database, TB, Row> {
  if (spec.query) return spec.query;
  if (spec.shape) return spec.shape.build(spec.shape.db, spec.shape.args);
  throw new Error('A list needs its query or its shape.');
}

/** Counts a query's rows (its select list is replaced). */
export async function countRows<TB extends keyof Database, O>(query: SelectQueryBuilder<Database, TB, O>): Promise<number> {
  const row = await query
    .clearSelect()
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirst();

  return Number(row?.count ?? 0);
}
