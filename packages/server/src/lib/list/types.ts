/**
 * The types of the generic list (SPEC §8 lists: page, limit, search, sortBy, sortOrder, cursor, and the
 * `{ data, pagination }` envelope), shared by the steps of lib/list so none of them imports another's code.
 */
import type { AliasedExpression, Expression, SelectQueryBuilder } from 'kysely';
import type { Pagination, SortOrder } from '@loreforge/contract';
import type { Database, Db } from '../../db/database.js';
import type { WorldVersion } from '../versioned-store.js';

export type { WorldVersion } from '../versioned-store.js';

/** Parsed list query parameters (see listQuerySchema in the contract). */
export interface ListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  /** Only entities carrying this tag (compared in lower case). */
  tag?: string | undefined;
  sortBy?: string | undefined;
  sortOrder?: SortOrder | undefined;
  cursor?: string | undefined;
}

/** How one API sort field maps to SQL: the column reference and the row key holding its value. */
export interface SortColumn<Row> {
  column: string;
  key: keyof Row & string;
  /** Set for integer columns: a cursor value that is not a 32-bit integer is then a 400, not a database error. */
  numeric?: boolean;
}

/** Tables with a full-text index over name (or title) and description. */
export type SearchableTable = 'world' | 'character' | 'item' | 'timeline' | 'event' | 'map' | 'quest' | 'goal';

/** A sort value as a cursor or an anchor carries it. */
export type CursorValue = string | number;

/**
 * A position in a sorted list: the sort value and id of a row, and in a search its rank (0 when the search term
 * is in its name, 1 otherwise); rows after it come next.
 */
export type Keyset = readonly [value: CursorValue, id: string, rank?: number];

/** The suffix of a search's order name (`name:asc:ranked`): name matches first. */
export const RANKED = ':ranked';

/**
 * The order of a list: its sort column, the id column breaking ties, and the direction; in a search, `rank`
 * (0 for a name match, 1 otherwise) comes first, ascending.
 */
export interface ListOrder {
  column: string;
  idColumn: string;
  sortOrder: 'asc' | 'desc';
  rank?: Expression<number> | undefined;
}

/** Where a page read starts: after a keyset (a cursor or an anchor), then skipping some rows. */
export interface PageStart {
  after?: Keyset | undefined;
  skip: number;
}

/**
 * A list's full-text index and how many rows its scope holds at most. The index covers the whole table (every
 * world), so a common term matches rows of every world and a lookup costs as much as they; a scope of fewer
 * than `searchLimits.fullTextMinRows` rows (a world's kept count) is cheaper to scan with LIKE through its index.
 */
export interface FullText {
  db: Db;
  table: SearchableTable;
  /** At most this many rows are in the list's scope (e.g. the world's kept count); unknown means "maybe many". */
  scopeRows?: number | undefined;
}

/**
 * A list's scoped query as a shape: built from its arguments, so the page query around it can be compiled once
 * per shape (lib/compiled-query.ts compiledShape) and run with the request's values bound.
 */
export interface ListShape<TB extends keyof Database, Row> {
  db: Db;
  /**
   * Names everything the scoped query's text depends on besides its arguments (the list, and the reader's class
   * when visibility rules differ by reader: editors, viewers, players).
   */
  key: string;
  /** The values the scoped query binds (the world's id, a player's id). */
  args: readonly string[];
  /**
   * Builds the scoped query. It is called with placeholders for `args` when a shape is compiled, so it must pass
   * each argument to Kysely as a value (concatenating it into a text is fine), never inspect or transform it.
   */
  build: (db: Db, args: readonly string[]) => SelectQueryBuilder<Database, TB, Row>;
  /**
   * Columns computed for the page's rows only (a character's active quests): the compiled page selects them over
   * its rows as a derived table named `pageAlias`, after the order, limit and offset, so a correlated subquery
   * runs once for each row shown rather than for each row sorted, in the page's own statement. Called with
   * placeholders as `build` is. Pages built with Kysely around the scoped query (readPage) do not carry them.
   */
  pageColumns?: (db: Db, args: readonly string[], pageAlias: string) => Array<AliasedExpression<unknown, string>>;
}

export interface ListSpec<TB extends keyof Database, Row extends { id: string }> {
  /**
   * The scoped query (e.g. one world's characters) selecting every column the presenter needs; or give `shape`
   * instead, which builds it when needed and lets the common pages run as compiled SQL.
   */
  query?: SelectQueryBuilder<Database, TB, Row> | undefined;
  /** The scoped query as a shape (see ListShape); used when `query` is not given. */
  shape?: ListShape<TB, Row> | undefined;
  /** Whitelisted sort fields (API name → column); must include createdAt. */
  sortColumns: Record<string, SortColumn<Row>>;
  /** The qualified id column, used to break ties ('character.id'). */
  idColumn: string;
  /**
   * Qualified text columns searched case-insensitively. The first is the name (or title): a search lists the
   * rows whose name holds the term first, then the others, each group in the requested order (item 7 of the
   * usability review: a name match must not be pushed off page 1 by newer description matches).
   */
  searchColumns: string[];
  /**
   * The table's full-text index (migration add_search_indexes): on SQLite a term of 3+ characters is looked
   * up in `<table>_fts` instead of scanning; on PostgreSQL the LIKE condition uses the trigram indexes.
   */
  fullText?: FullText | undefined;
  /** A known exact total when there is no search (a kept counter), to skip counting. */
  knownTotal?: number | undefined;
  /**
   * Set to keep totals (of lists without a kept count, and of searches in scopes large enough for the
   * full-text index) and deep page anchors in the list cache (lib/list/cache.ts) under the world's content
   * version (read before the list runs, e.g. by the ownership check). Only for a query over versioned tables
   * that is limited to that one world.
   */
  cache?: (WorldVersion & { db: Db }) | undefined;
  params: ListParams;
}

export interface ListResult<Row> {
  rows: Row[];
  pagination: Pagination;
}
