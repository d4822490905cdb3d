/**
 * The generic list of the API contract (SPEC §8 lists): search, whitelisted sort, page-number or keyset (cursor)
 * paging, exact totals, and the `{ data, pagination }` envelope. Repositories build a scoped query and hand it
 * here; with `cache` set, searches, totals and deep page numbers come from the list cache (lib/list-cache.ts).
 */
import { type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { type SortOrder, TAGGABLE_TYPES } from '@loreforge/contract';
import type { Database, Db } from '../db/database.js';
import { badRequest } from '../errors/app-error.js';
import { anchorAt } from './list-anchors.js';
import { type CacheScope, listCacheLimits, listCacheScope } from './list-cache.js';
import { type ListOrder, afterKeyset, decodeCursor, encodeCursor } from './list-cursor.js';
import { cachedTotal, countRows, searchMatches, startOf } from './list-matches.js';
import { listSearchCondition } from './list-search.js';
import type { CursorValue, Keyset, ListParams, ListResult, ListSpec, SortColumn } from './list-types.js';

export type { ListParams, ListResult, ListSpec, SearchableTable, SortColumn } from './list-types.js';
export { likePattern, searchCondition } from './list-search.js';

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

/** Resolves the effective sort: default createdAt; order desc for createdAt, asc for other fields. */
export function resolveSort(params: ListParams): { sortBy: string; sortOrder: SortOrder } {
  const sortBy = params.sortBy ?? 'createdAt';
  const sortOrder = params.sortOrder ?? (sortBy === 'createdAt' ? 'desc' : 'asc');
  return { sortBy, sortOrder };
}

/**
 * A list narrowed to the entities carrying a tag (table entity_tag, compared in lower case). The kept total no
 * longer applies, so it is counted.
 * @throws AppError 400 when the list's entities carry no tags.
 */
function withTag<TB extends keyof Database, Row extends { id: string }>(spec: ListSpec<TB, Row>, tag: string): ListSpec<TB, Row> {
  const table = spec.idColumn.split('.')[0] ?? '';
  if (!(TAGGABLE_TYPES as readonly string[]).includes(table)) {
    throw badRequest('This list cannot be filtered by tag.', { tag: 'This list cannot be filtered by tag.' });
  }
  const tagged = sql<SqlBool>`${sql.ref(spec.idColumn)} in (select entity_id from entity_tag where entity_type = ${table} and tag_key = ${tag.toLowerCase()})`;
  return { ...spec, query: spec.query.where(tagged), knownTotal: undefined };
}

/** Where a page read starts: after a keyset (a cursor or an anchor), then skipping some rows. */
interface PageStart {
  after?: Keyset | undefined;
  skip: number;
}

/**
 * Runs a list query.
 * @returns the page's rows and the pagination block (exact totals; a page past the end has no rows).
 * @throws AppError 400 for an unknown sort field or a malformed cursor.
 */
export async function paginate<TB extends keyof Database, Row extends { id: string }>(
  listSpec: ListSpec<TB, Row>,
): Promise<ListResult<Row>> {
  const spec = listSpec.params.tag ? withTag(listSpec, listSpec.params.tag) : listSpec;
  const { params } = spec;
  const { sortBy, sortOrder } = resolveSort(params);
  const sort = spec.sortColumns[sortBy];
  if (!sort) {
    const allowed = Object.keys(spec.sortColumns).join(', ');
    throw badRequest(`sortBy must be one of: ${allowed}.`, { sortBy: `sortBy must be one of: ${allowed}.` });
  }
  const order: ListOrder = { column: sort.column, idColumn: spec.idColumn, sortOrder };
  const cursorSort = `${sortBy}:${sortOrder}`;
  const cursor = params.cursor ? decodeCursor(params.cursor, sort.numeric === true, cursorSort) : undefined;
  const search = params.search?.trim();
  const scope = spec.cache ? listCacheScope(spec.cache, spec.query) : undefined;
  const pageStart: PageStart = cursor ? { after: cursor, skip: 0 } : { skip: (params.page - 1) * params.limit };

  if (search) {
    const searched = spec.query.where(listSearchCondition(spec.searchColumns, search, spec.fullText));
    if (!scope) return readPage(searched, order, sort, cursorSort, params, pageStart, await countRows(searched));
    const matches = await searchMatches(scope, searched, order, search);
    if (matches.ids && matches.values) {
      const start = startOf({ ...matches, ids: matches.ids, values: matches.values }, cursor, params.page, params.limit);
      const page = start === undefined ? undefined : await readMatches(spec.query, order, sort, cursorSort, params, matches.ids, start, matches.total);
      if (page) return page;
    }
    return readPage(searched, order, sort, cursorSort, params, pageStart, matches.total);
  }

  const total = spec.knownTotal ?? (scope ? await cachedTotal(scope, spec.query) : await countRows(spec.query));
  if (scope && !cursor && pageStart.skip >= listCacheLimits.anchorSpacing) {
    const fromAnchor = await anchoredStart(scope, spec.query, order, pageStart.skip);
    if (fromAnchor === null) return { rows: [], pagination: paginationOf(params, total, null) };
    if (fromAnchor) return readPage(spec.query, order, sort, cursorSort, params, fromAnchor, total);
  }
  return readPage(spec.query, order, sort, cursorSort, params, pageStart, total);
}

/**
 * Turns a deep offset into the nearest anchor plus the rest.
 * @returns the start; null when the list ends before the offset; undefined when no anchor can be used.
 */
async function anchoredStart<TB extends keyof Database, Row>(
  scope: CacheScope,
  query: SelectQueryBuilder<Database, TB, Row>,
  order: ListOrder,
  offset: number,
): Promise<PageStart | null | undefined> {
  const spacing = listCacheLimits.anchorSpacing;
  const n = Math.floor(offset / spacing);
  const anchor = await anchorAt(scope, query, order, n);
  if (anchor === undefined || anchor === null) return anchor;
  return { after: anchor, skip: offset - n * spacing };
}

/** Reads one page (limit + 1 rows, to know whether another follows) from a start. */
async function readPage<TB extends keyof Database, Row extends { id: string }>(
  query: SelectQueryBuilder<Database, TB, Row>,
  order: ListOrder,
  sort: SortColumn<Row>,
  cursorSort: string,
  params: ListParams,
  start: PageStart,
  total: number,
): Promise<ListResult<Row>> {
  let paged = start.after ? query.where(afterKeyset(order, start.after)) : query;
  paged = paged
    .orderBy(sql.ref(order.column), order.sortOrder)
    .orderBy(sql.ref(order.idColumn), order.sortOrder)
    .limit(params.limit + 1)
    .offset(start.skip);
  const fetched = await paged.execute();
  const rows = fetched.slice(0, params.limit);
  const last = rows[rows.length - 1];
  const nextCursor = fetched.length > params.limit && last ? encodeCursor(last[sort.key] as CursorValue, last.id, cursorSort) : null;
  return { rows, pagination: paginationOf(params, total, nextCursor) };
}

/**
 * Reads a page of a search's kept matches by primary key, in the kept order.
 * @returns the page; undefined when a row is missing (written since the matches were read), so the caller
 * reads from the database instead.
 */
async function readMatches<TB extends keyof Database, Row extends { id: string }>(
  query: SelectQueryBuilder<Database, TB, Row>,
  order: ListOrder,
  sort: SortColumn<Row>,
  cursorSort: string,
  params: ListParams,
  ids: string[],
  start: number,
  total: number,
): Promise<ListResult<Row> | undefined> {
  const pageIds = ids.slice(start, start + params.limit);
  const fetched = pageIds.length === 0 ? [] : await query.where(sql<SqlBool>`${sql.ref(order.idColumn)} in (${sql.join(pageIds)})`).execute();
  if (fetched.length !== pageIds.length) return undefined;
  const byId = new Map(fetched.map((row) => [row.id, row]));
  const rows: Row[] = [];
  for (const id of pageIds) {
    const row = byId.get(id);
    if (row === undefined) return undefined;
    rows.push(row);
  }
  const last = rows[rows.length - 1];
  const nextCursor = start + params.limit < ids.length && last ? encodeCursor(last[sort.key] as CursorValue, last.id, cursorSort) : null;
  return { rows, pagination: paginationOf(params, total, nextCursor) };
}

function paginationOf(params: ListParams, total: number, nextCursor: string | null): ListResult<never>['pagination'] {
  return {
    currentPage: params.page,
    totalPages: Math.ceil(total / params.limit),
    totalItems: total,
    limit: params.limit,
    nextCursor,
  };
}

/**
 * The `cache` option of a list limited to one world (ListSpec.cache).
 * @param contentVersion the world's content_version as read by the route's ownership check; without it the
 * list is read from the database only.
 */
export function worldListCache(db: Db, worldId: string, contentVersion: number | undefined): ListSpec<keyof Database, { id: string }>['cache'] {
  return contentVersion === undefined ? undefined : { db, worldId, contentVersion: Number(contentVersion) };
}
