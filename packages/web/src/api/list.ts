/**
 * List calls of SPEC §7 "Generic list calls": the query every list sends and the contract's `{ data, pagination }`
 * envelope every list screen reads.
 */
import { LIMITS, MESSAGES, type Pagination, type SortOrder } from '@loreforge/contract';
import { ApiError } from './client';

/** Query of a list call: page from 1, page size, free-text search, a tag and sort (SPEC §4, §9; issue "Linked lore" tags). */
export interface ListParams {
  page: number;
  limit: number;
  search?: string | undefined;
  /** Only entities carrying this tag (lists of taggable entities only). */
  tag?: string;
  sortBy?: string | undefined;
  sortOrder?: SortOrder | undefined;
  cursor?: string;
}

/** The shape list screens read: the page's rows and the pagination block of the contract. */
export interface ListResult<T> {
  data: T[];
  pagination: Pagination;
}

/** Default list query of SPEC §9: page 1, 10 per page, newest first. */
export const DEFAULT_LIST_PARAMS: ListParams = {
  page: 1,
  limit: LIMITS.defaultPageSize,
  sortBy: 'createdAt',
  sortOrder: 'desc',
};

const isInteger = (value: unknown): value is number => Number.isInteger(value);

/**
 * The pagination block of the contract (`PaginationSchema`), checked by hand: every list screen reads it, and the
 * schema would bring zod into the app's first bundle for five fields.
 * @returns the block with exactly the contract's fields, or null when a field is missing or of another type.
 */
function readPagination(value: unknown): Pagination | null {
  if (typeof value !== 'object' || value === null) return null;
  const { currentPage, totalPages, totalItems, limit, nextCursor } = value as Record<string, unknown>;
  if (!isInteger(currentPage) || !isInteger(totalPages) || !isInteger(totalItems) || !isInteger(limit)) return null;
  if (nextCursor !== null && typeof nextCursor !== 'string') return null;
  return { currentPage, totalPages, totalItems, limit, nextCursor };
}

/**
 * Reads a list response of SPEC §7: exactly the contract's envelope `{ data: T[], pagination }`, the only shape
 * the server sends. The rows are taken as typed by the caller; the pagination block is checked against the
 * contract's fields.
 * @param raw the parsed response body.
 * @returns the rows and pagination as sent.
 * @throws ApiError 'Unexpected data format.' (code BAD_RESPONSE) for any other body, so a misunderstood answer
 *   never reads as an empty list ('No …s found.').
 */
export function toListResult<T>(raw: unknown): ListResult<T> {
  const envelope = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const pagination = readPagination(envelope.pagination);
  if (!Array.isArray(envelope.data) || pagination === null) throw new ApiError(0, 'BAD_RESPONSE', MESSAGES.unexpectedDataFormat);
  return { data: envelope.data as T[], pagination };
}

/** @returns the list query as query-string values (undefined entries are dropped by the client). */
export function listQuery(params: ListParams): Record<string, string | number | undefined> {
  return {
    page: params.page,
    limit: params.limit,
    search: params.search?.trim() || undefined,
    tag: params.tag || undefined,
    sortBy: params.sortBy,
    sortOrder: params.sortOrder,
    cursor: params.cursor,
  };
}
