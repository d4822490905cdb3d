/**
 * List calls of SPEC §7 "Generic list calls": the query every list sends and the one shape every list
 * screen reads, whatever envelope the server answered with.
 */
import { LIMITS, MESSAGES, type Pagination, type SortOrder } from '@loreforge/contract';
import { ApiError } from './client';

/** Query of a list call: page from 1, page size, free-text search, a tag and sort (SPEC §4, §9; issue "Linked lore" tags). */
export interface ListParams {
  page: number;
  limit: number;
  search?: string;
  /** Only entities carrying this tag (lists of taggable entities only). */
  tag?: string;
  sortBy?: string;
  sortOrder?: SortOrder;
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/**
 * Normalises any list response of SPEC §7 to {@link ListResult}: `{ data | items | <key>, pagination }`,
 * `{ <key>, total, page, limit }` or a bare array (paged locally). Missing totalPages is computed from
 * total and limit.
 * @param raw the parsed response body.
 * @param params the query that was sent (for local paging and fallbacks).
 * @param key an extra property that may hold the rows, e.g. 'timelines'.
 * @throws ApiError 'Unexpected data format.' (code BAD_RESPONSE) when the body holds no array of rows.
 */
export function toListResult<T>(raw: unknown, params: ListParams, key?: string): ListResult<T> {
  const limit = params.limit > 0 ? params.limit : LIMITS.defaultPageSize;
  if (Array.isArray(raw)) {
    const rows = raw as T[];
    const start = (params.page - 1) * limit;
    return {
      data: rows.slice(start, start + limit),
      pagination: {
        currentPage: params.page,
        totalPages: Math.ceil(rows.length / limit),
        totalItems: rows.length,
        limit,
        nextCursor: null,
      },
    };
  }
  // A body with no rows in any place SPEC §7 names would otherwise read as an empty list ('No …s found.'),
  // which is untrue: say the answer was not understood (SPEC §8 'Unexpected data format.').
  const candidate = isRecord(raw) ? (raw.data ?? raw.items ?? (key ? raw[key] : undefined)) : undefined;
  if (!isRecord(raw) || !Array.isArray(candidate)) throw new ApiError(0, 'BAD_RESPONSE', MESSAGES.unexpectedDataFormat);
  const data = candidate as T[];
  const block = isRecord(raw.pagination) ? raw.pagination : raw;
  const pageLimit = num(block.limit) ?? limit;
  const totalItems = num(block.totalItems) ?? num(block.total) ?? data.length;
  const totalPages = num(block.totalPages) ?? Math.ceil(totalItems / pageLimit);
  return {
    data,
    pagination: {
      currentPage: num(block.currentPage) ?? num(block.page) ?? params.page,
      totalPages,
      totalItems,
      limit: pageLimit,
      nextCursor: typeof block.nextCursor === 'string' ? block.nextCursor : null,
    },
  };
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
