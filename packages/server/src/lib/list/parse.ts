/**
 * Step 1 of a list (lib/list/index.ts): the request's parameters read against the list's spec — the sort
 * (whitelisted), the order with a search's rank, and where the page starts (a page number or a cursor).
 *
 * The cursor is opaque: base64url JSON of [sort value, id, sort] (SPEC §8 cursor), where sort names the order
 * it was made in ('name:asc'), so a cursor is never applied to another order. A search's order ranks name
 * matches first ('name:asc:ranked') and its cursor carries the row's rank as a fourth element.
 */
import type { SortOrder } from '@loreforge/contract';
import type { Database } from '../../db/database.js';
import { type AppError, badRequest } from '../../errors/app-error.js';
import { nameRank } from './query.js';
import { type Keyset, type ListOrder, type ListParams, type ListSpec, type PageStart, RANKED, type SortColumn } from './types.js';

/** Resolves the effective sort: default createdAt; order desc for createdAt, asc for other fields. */
export function resolveSort(params: ListParams): { sortBy: string; sortOrder: SortOrder } {
  const sortBy = params.sortBy ?? 'createdAt';
  const sortOrder = params.sortOrder ?? (sortBy === 'createdAt' ? 'desc' : 'asc');
  return { sortBy, sortOrder };
}

const INT32_MAX = 2_147_483_647;
const isInt32 = (value: unknown): boolean => typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= INT32_MAX;

const invalidCursor = (): AppError =>
  badRequest('The cursor is invalid; start again from the first page.', {
    cursor: 'The cursor is invalid; start again from the first page.',
  });

const otherOrder = (): AppError =>
  badRequest('The cursor was made for another sort order; start again from the first page.', {
    cursor: 'The cursor was made for another sort order; start again from the first page.',
  });

/**
 * Decodes a cursor for a sort column.
 * @param numeric whether the column holds integers (the value must then be a 32-bit integer, else a string,
 * or PostgreSQL would refuse the comparison).
 * @param sort the list's order as `<sortBy>:<sortOrder>` (with `:ranked` for a search); the cursor must have
 * been made for it, and a ranked one carries a rank of 0 or 1.
 * @returns the keyset [value, id] or, ranked, [value, id, rank].
 * @throws AppError 400 when the cursor is malformed, its value has the wrong type, or it belongs to another order.
 */
export function decodeCursor(cursor: string, numeric: boolean, sort: string): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    Array.isArray(parsed) &&
    (parsed.length === 3 || parsed.length === 4) &&
    (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
    typeof parsed[1] === 'string' &&
    typeof parsed[2] === 'string'
  ) {
    if (parsed[2] !== sort) throw otherOrder();
    const ranked = sort.endsWith(RANKED);
    const rank: unknown = parsed[3];
    const rankOk = ranked ? rank === 0 || rank === 1 : parsed.length === 3;
    if (rankOk && (numeric ? isInt32(parsed[0]) : typeof parsed[0] === 'string')) {
      return ranked ? [parsed[0], parsed[1], rank as number] : [parsed[0], parsed[1]];
    }
  }
  throw invalidCursor();
}

/** What a list request asks for, read against its spec. */
export interface ListPlan<Row> {
  sort: SortColumn<Row>;
  order: ListOrder;
  /** The order's name as cursors carry it (`name:asc`, `name:asc:ranked`). */
  cursorSort: string;
  /** The trimmed search term, if any. */
  search: string | undefined;
  /** The cursor's keyset, when the page is asked by cursor. */
  cursor: Keyset | undefined;
  start: PageStart;
}

/**
 * Reads a list request's parameters against its spec. With a search, rows whose name (the first search column)
 * holds the term come first, then the others, each group in the requested order.
 * @returns the plan of the page to read.
 * @throws AppError 400 for an unknown sort field or a malformed cursor (or one made for another order).
 */
export function planList<TB extends keyof Database, Row extends { id: string }>(spec: ListSpec<TB, Row>): ListPlan<Row> {
  const { params } = spec;
  const { sortBy, sortOrder } = resolveSort(params);
  const sort = spec.sortColumns[sortBy];
  if (!sort) {
    const allowed = Object.keys(spec.sortColumns).join(', ');
    throw badRequest(`sortBy must be one of: ${allowed}.`, { sortBy: `sortBy must be one of: ${allowed}.` });
  }
  const trimmed = params.search?.trim();
  const search = trimmed === '' ? undefined : trimmed;
  const [nameColumn, ...otherColumns] = spec.searchColumns;
  const db = spec.shape?.db ?? spec.fullText?.db;
  const rank = search && nameColumn !== undefined && otherColumns.length > 0 ? nameRank(nameColumn, search, db) : undefined;
  const order: ListOrder = { column: sort.column, idColumn: spec.idColumn, sortOrder, rank };
  const cursorSort = `${sortBy}:${sortOrder}${rank ? RANKED : ''}`;
  const cursor = params.cursor ? decodeCursor(params.cursor, sort.numeric === true, cursorSort) : undefined;
  const start: PageStart = cursor ? { after: cursor, skip: 0 } : { skip: (params.page - 1) * params.limit };
  return { sort, order, cursorSort, search, cursor, start };
}
