/**
 * The opaque keyset cursor of lists: base64url JSON of [sort value, id, sort] (SPEC §8 cursor), where sort
 * names the order it was made in ('name:asc'), so a cursor is never applied to another order. A search's
 * order ranks name matches first ('name:asc:ranked') and its cursor carries the row's rank as a fourth element.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { type AppError, badRequest } from '../errors/app-error.js';
import type { CursorValue, Keyset } from './list-types.js';

/**
 * Encodes a row's sort value and id (and in a ranked order its rank) as a cursor.
 * @param sort the list's order as `<sortBy>:<sortOrder>`, with `:ranked` for a search.
 */
export function encodeCursor(value: CursorValue, id: string, sort: string, rank?: number): string {
  return Buffer.from(JSON.stringify(rank === undefined ? [value, id, sort] : [value, id, sort, rank]), 'utf8').toString('base64url');
}

const INT32_MAX = 2_147_483_647;
const isInt32 = (value: CursorValue): boolean =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= INT32_MAX;

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
