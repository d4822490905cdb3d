/**
 * The generic list contract of the issue tracker's API decisions: query parameters and the
 * `{ data, pagination }` envelope every list answers with.
 */
import { z } from 'zod';
import { LIMITS } from './limits.js';
import { SORT_ORDERS } from './enums.js';
import * as m from './messages.js';

const intParam = (label: string, min: number, max: number, fallback: number) =>
  z.coerce
    .number({ error: () => m.mustBeNumber(label) })
    .int(m.mustBeWholeNumber(label))
    .min(min, m.atLeast(label, min))
    .max(max, m.noMoreThan(label, max))
    .default(fallback);

/**
 * Builds the list query schema for one resource.
 * @param sortFields the whitelist of `sortBy` values; any other value is a 400 naming them.
 * @returns zod object for `{ page, limit, search?, sortBy, sortOrder, cursor? }` (defaults page 1, limit 10,
 *   createdAt desc — SPEC §9).
 */
export function listQuerySchema<const T extends readonly [string, ...string[]]>(sortFields: T) {
  return z.object({
    page: intParam('page', 1, 1_000_000_000, 1).describe('Page number, starting at 1.'),
    limit: intParam('limit', 1, LIMITS.maxPageSize, LIMITS.defaultPageSize).describe('Page size, 1 to 10,000.'),
    search: z
      .string()
      .max(200, m.maxLength('search', 200))
      .optional()
      .describe('Case-insensitive text to find in name/title and description.'),
    sortBy: z
      .enum(sortFields, { error: () => `sortBy must be one of: ${sortFields.join(', ')}.` })
      .optional()
      .describe(`Sort field: ${sortFields.join(', ')}. Default createdAt.`),
    sortOrder: z
      .enum(SORT_ORDERS, { error: () => 'sortOrder must be asc or desc.' })
      .optional()
      .describe('asc or desc; default desc for createdAt, asc otherwise.'),
    tag: z
      .string()
      .trim()
      .min(1, 'tag cannot be empty.')
      .max(40, m.maxLength('tag', 40))
      .optional()
      .describe(
        'Only entities carrying this tag (any case); for characters, items, quests, events, timelines, maps, goals, map points, map areas, relationships and connections.',
      ),
    cursor: z
      .string()
      .max(1000)
      .optional()
      .describe(
        'Opaque keyset cursor from pagination.nextCursor, used with the sortBy and sortOrder it was made for (another order is a 400); when given, page is ignored and currentPage echoes it.',
      ),
  });
}

/** The pagination block of every list response. */
export const PaginationSchema = z.object({
  currentPage: z.number().int().describe('The page answered (1-based).'),
  totalPages: z.number().int().describe('Number of pages for the current limit (0 when empty).'),
  totalItems: z.number().int().describe('Exact number of matching entities.'),
  limit: z.number().int(),
  nextCursor: z.string().nullable().describe('Pass as cursor to fetch the next page; null on the last page.'),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** Wraps an entity schema into the list envelope `{ data: T[], pagination }`. */
export function listResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), pagination: PaginationSchema });
}

/** The single error shape of every non-2xx response. */
export const ErrorResponseSchema = z.object({
  message: z.string().describe('A sentence a person can act on.'),
  code: z.string().describe('Machine-readable code, e.g. NOT_FOUND.'),
  fields: z.record(z.string(), z.string()).optional().describe('Field name → SPEC §5 message.'),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
