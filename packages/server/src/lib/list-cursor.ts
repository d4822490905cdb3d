/** The opaque keyset cursor of lists: base64url JSON of [sort value, id] (SPEC §8 cursor). */
import { type Expression, type SqlBool, sql } from 'kysely';
import { type AppError, badRequest } from '../errors/app-error.js';
import type { CursorValue, Keyset } from './list-types.js';

/** Encodes a row's sort value and id as a cursor. */
export function encodeCursor(value: CursorValue, id: string): string {
  return Buffer.from(JSON.stringify([value, id]), 'utf8').toString('base64url');
}

const INT32_MAX = 2_147_483_647;
const isInt32 = (value: CursorValue): boolean =>
  typeof value === 'number' && Number.isInteger(value) && Math.abs(value) <= INT32_MAX;

const invalidCursor = (): AppError =>
  badRequest('The cursor is invalid; start again from the first page.', {
    cursor: 'The cursor is invalid; start again from the first page.',
  });

/**
 * Decodes a cursor for a sort column.
 * @param numeric whether the column holds integers (the value must then be a 32-bit integer, else a string,
 * or PostgreSQL would refuse the comparison).
 * @returns the keyset [value, id].
 * @throws AppError 400 when the cursor is malformed or its value has the wrong type.
 */
export function decodeCursor(cursor: string, numeric: boolean): Keyset {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  if (
    Array.isArray(parsed) &&
    parsed.length === 2 &&
    (typeof parsed[0] === 'string' || typeof parsed[0] === 'number') &&
    typeof parsed[1] === 'string' &&
    (numeric ? isInt32(parsed[0]) : typeof parsed[0] === 'string')
  ) {
    return [parsed[0], parsed[1]];
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
