/**
 * Pieces every route module shares (issue 19): the `{worldId}` path parameters, the documented error answers
 * and the list envelope, declared once.
 */
import { z } from 'zod';
import { ErrorResponseSchema, type Pagination, uuidField } from '@loreforge/contract';

/** Path parameters of every `/worlds/{worldId}/…` route. */
export const WorldParams = z.object({ worldId: uuidField('worldId') });

/**
 * The error answers every protected route documents: 400 bad input, 401 not signed in, 403 a role that does
 * not allow the write (ACCESS_MESSAGES), 404 missing or not visible to the caller (the same answer).
 */
export const errorResponses = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  404: ErrorResponseSchema,
};

/**
 * The list envelope of SPEC §8: `{ data, pagination }`.
 * @param rows the page's rows; @param present turns one row into its answer shape.
 */
export function listReply<Row, Out>(
  result: { rows: Row[]; pagination: Pagination },
  present: (row: Row) => Out,
): { data: Out[]; pagination: Pagination } {
  return { data: result.rows.map(present), pagination: result.pagination };
}

/** The pagination block of a list answered whole on one page (members, invitations: bounded lists). */
export function singlePage(count: number): Pagination {
  return { currentPage: 1, totalPages: count === 0 ? 0 : 1, totalItems: count, limit: Math.max(count, 1), nextCursor: null };
}
