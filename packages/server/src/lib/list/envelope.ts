/**
 * Step 4 of a list (lib/list/index.ts): the pagination block of the `{ data, pagination }` envelope (SPEC §8
 * lists) and the next page's cursor.
 */
import type { Pagination } from '@loreforge/contract';
import type { CursorValue, ListParams } from './types.js';

/**
 * Encodes a row's sort value and id (and in a ranked order its rank) as a cursor (lib/list/parse.ts reads it).
 * @param sort the list's order as `<sortBy>:<sortOrder>`, with `:ranked` for a search.
 */
export function encodeCursor(value: CursorValue, id: string, sort: string, rank?: number): string {
  return Buffer.from(JSON.stringify(rank === undefined ? [value, id, sort] : [value, id, sort, rank]), 'utf8').toString('base64url');
}

/**
 * The pagination block of a page.
 * @param total the list's exact total; @param nextCursor the cursor of the next page, null on the last.
 */
export function paginationOf(params: ListParams, total: number, nextCursor: string | null): Pagination {
  return {
    currentPage: params.page,
    totalPages: Math.ceil(total / params.limit),
    totalItems: total,
    limit: params.limit,
    nextCursor,
  };
}
