/**
 * The generic list of the API contract: search, whitelisted sort, page-number or keyset (cursor) paging,
 * exact totals, and the `{ data, pagination }` envelope. Repositories build a scoped query and hand it here.
 */
import { type Expression, type SelectQueryBuilder, type SqlBool, SqliteAdapter, sql } from 'kysely';
import type { Pagination, SortOrder } from '@loreforge/contract';
import type { Database, Db } from '../db/database.js';
import { type AppError, badRequest } from '../errors/app-error.js';

/** Parsed list query parameters (see listQuerySchema in the contract). */
export interface ListParams {
  page: number;
  limit: number;
  search?: string | undefined;
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

/**
 * The two sort fields every entity list offers, createdAt and updatedAt, for a table whose rows carry
 * created_at and updated_at. Spread it into `sortColumns` beside the list's own fields.
 */
export function timestampSortColumns<Row extends { created_at: string; updated_at: string }>(
  table: string,
): { createdAt: SortColumn<Row>; updatedAt: SortColumn<Row> } {
  return {
    createdAt: { column: `${table}.created_at`, key: 'created_at' },
    updatedAt: { column: `${table}.updated_at`, key: 'updated_at' },
  };
}

export interface ListSpec<TB extends keyof Database, Row extends { id: string }> {
  /** The scoped query (e.g. one world's characters) selecting every column the presenter needs. */
  query: SelectQueryBuilder<Database, TB, Row>;
  /** Whitelisted sort fields (API name → column); must include createdAt. */
  sortColumns: Record<string, SortColumn<Row>>;
  /** The qualified id column, used to break ties ('character.id'). */
  idColumn: string;
  /** Qualified text columns searched case-insensitively. */
  searchColumns: string[];
  /**
   * The table's full-text index (migration add_search_indexes): on SQLite a term of 3+ characters is looked
   * up in `<table>_fts` instead of scanning; on PostgreSQL the LIKE condition uses the trigram indexes.
   */
  fullText?: { db: Db; table: SearchableTable } | undefined;
  /** A known exact total when there is no search (a kept counter), to skip counting. */
  knownTotal?: number | undefined;
  params: ListParams;
}

export interface ListResult<Row> {
  rows: Row[];
  pagination: Pagination;
}

type CursorValue = string | number;

/** Tables with a full-text index over name (or title) and description. */
export type SearchableTable = 'world' | 'character' | 'item' | 'timeline' | 'event' | 'map' | 'quest' | 'goal';

/** The trigram tokenizer needs at least three characters to use its index. */
const MIN_INDEXED_TERM = 3;

/**
 * The search condition for a list: an FTS5 trigram lookup on SQLite when the table has one and the term is long
 * enough (same case-insensitive "contains" meaning), otherwise LIKE over the columns.
 */
function listSearchCondition(columns: string[], term: string, fullText: ListSpec<keyof Database, { id: string }>['fullText']): Expression<SqlBool> {
  if (fullText && term.length >= MIN_INDEXED_TERM && fullText.db.getExecutor().adapter instanceof SqliteAdapter) {
    const fts = `${fullText.table}_fts`;
    const phrase = `"${term.replaceAll('"', '""')}"`;
    return sql<SqlBool>`${sql.ref(`${fullText.table}.rowid`)} in (select rowid from ${sql.table(fts)} where ${sql.table(fts)} match ${phrase})`;
  }
  return searchCondition(columns, term);
}

function encodeCursor(value: CursorValue, id: string): string {
  return Buffer.from(JSON.stringify([value, id]), 'utf8').toString('base64url');
}

const INT32_MAX = 2_147_483_647;
const isInt32 = (value: CursorValue): boolean =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= INT32_MAX;

const invalidCursor = (): AppError =>
  badRequest('The cursor is invalid; start again from the first page.', {
    cursor: 'The cursor is invalid; start again from the first page.',
  });

function decodeCursor(cursor: string): [CursorValue, string] {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
      typeof parsed[1] === 'string'
    ) {
      return [parsed[0], parsed[1]];
    }
  } catch {
    // falls through to the 400 below
  }
  throw invalidCursor();
}

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

/** Resolves the effective sort: default createdAt; order desc for createdAt, asc for other fields. */
export function resolveSort(params: ListParams): { sortBy: string; sortOrder: SortOrder } {
  const sortBy = params.sortBy ?? 'createdAt';
  const sortOrder = params.sortOrder ?? (sortBy === 'createdAt' ? 'desc' : 'asc');
  return { sortBy, sortOrder };
}

/**
 * Runs a list query.
 * @returns the page's rows and the pagination block (exact totals; a page past the end has no rows).
 * @throws AppError 400 for an unknown sort field or a malformed cursor.
 */
export async function paginate<TB extends keyof Database, Row extends { id: string }>(
  spec: ListSpec<TB, Row>,
): Promise<ListResult<Row>> {
  const { params } = spec;
  const { sortBy, sortOrder } = resolveSort(params);
  const sort = spec.sortColumns[sortBy];
  if (!sort) {
    const allowed = Object.keys(spec.sortColumns).join(', ');
    throw badRequest(`sortBy must be one of: ${allowed}.`, { sortBy: `sortBy must be one of: ${allowed}.` });
  }

  let query = spec.query;
  const search = params.search?.trim();
  if (search) query = query.where(listSearchCondition(spec.searchColumns, search, spec.fullText));

  let total: number;
  if (!search && spec.knownTotal !== undefined) {
    total = spec.knownTotal;
  } else {
    const counted = await query
      .clearSelect()
      .select(sql<number>`count(*)`.as('count'))
      .executeTakeFirst();
    total = Number((counted as { count?: number } | undefined)?.count ?? 0);
  }

  const column = sql.ref(sort.column);
  const id = sql.ref(spec.idColumn);
  if (params.cursor) {
    const [value, lastId] = decodeCursor(params.cursor);
    // The value must have the column's type, or PostgreSQL refuses the comparison.
    if (sort.numeric ? !isInt32(value) : typeof value !== 'string') throw invalidCursor();
    const op = sql.raw(sortOrder === 'desc' ? '<' : '>');
    // A row-value comparison lets both databases start an index range scan right after the cursor.
    query = query.where(sql<SqlBool>`(${column}, ${id}) ${op} (${value}, ${lastId})`);
  }
  query = query.orderBy(column, sortOrder).orderBy(id, sortOrder).limit(params.limit + 1);
  if (!params.cursor) query = query.offset((params.page - 1) * params.limit);

  const fetched = await query.execute();
  const rows = fetched.slice(0, params.limit);
  const last = rows[rows.length - 1];
  const nextCursor =
    fetched.length > params.limit && last ? encodeCursor(last[sort.key] as CursorValue, last.id) : null;

  return {
    rows,
    pagination: {
      currentPage: params.page,
      totalPages: Math.ceil(total / params.limit),
      totalItems: total,
      limit: params.limit,
      nextCursor,
    },
  };
}
