/**
 * The opaque keyset cursor of lists: base64url JSON of [sort value, id, sort] (SPEC §8 cursor), where sort
 * names the order it was made in ('name:asc'), so a cursor is never applied to another order.
 */
import { type Expression, type SqlBool, sql } from 'kysely';
import { type AppError, badRequest } from '../errors/app-error.js';
import type { CursorValue, Keyset } from './list-types.js';

/**
 * Encodes a row's sort value and id as a cursor.
 * @param sort the list's order as `<sortBy>:<sortOrder>`.
 */
export function encodeCursor(value: CursorValue, id: string, sort: string): string {
  return Buffer.from(JSON.stringify([value, id, sort]), 'utf8').toString('base64url');
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
 * @param sort the list's order as `<sortBy>:<sortOrder>`; the cursor must have been made for it.
 * @returns the keyset [value, id].
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
    parsed.length === 3 &&
    (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
    typeof parsed[1] === 'string' &&
    typeof parsed[2] === 'string'
  ) {
    if (parsed[2] !== sort) throw otherOrder();
    if (numeric ? isInt32(parsed[0]) : typeof parsed[0] === 'string') return [parsed[0], parsed[1]];
  }
  throw invalidCursor();
}

/** The order of a list: its sort column, the id column breaking ties, and the direction. */
export interface ListOrder {
  column: string;
  idColumn: string;
  sortOrder: 'asc' | 'desc';
}

/**
 * The condition "comes after this keyset in the list's order", as a row-value comparison that both databases
 * serve as an index range starting right after the keyset.
 */
export function afterKeyset(order: ListOrder, after: Keyset): Expression<SqlBool> {
  const op = sql.raw(order.sortOrder === 'desc' ? '<' : '>');
  return sql<SqlBool>`(${sql.ref(order.column)}, ${sql.ref(order.idColumn)}) ${op} (${after[0]}, ${after[1]})`;
}
