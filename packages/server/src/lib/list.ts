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
import { type ListOrder, RANKED, afterKeyset, decodeCursor, encodeCursor } from './list-cursor.js';
import { cachedTotal, countRows, searchMatches, startOf } from './list-matches.js';
import { listSearchCondition, mayBeLarge, nameRank } from './list-search.js';
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

/** The column a ranked page reads each row's rank into (removed before the rows are returned). */
const RANK_KEY = 'list_rank';
/** The column a page counted in the same statement reads the list's total into (removed likewise). */
const TOTAL_KEY = 'list_total';

/** Where a page read starts: after a keyset (a cursor or an anchor), then skipping some rows. */
interface PageStart {
  after?: Keyset | undefined;
  skip: number;
}

/**
 * Runs a list query. With a search, rows whose name (the first search column) holds the term come first, then
 * the others, each group in the requested order; totals, page numbers and cursors follow that order.
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
  const search = params.search?.trim();
  const [nameColumn, ...otherColumns] = spec.searchColumns;
  const rank = search && nameColumn !== undefined && otherColumns.length > 0 ? nameRank(nameColumn, search) : undefined;
  const order: ListOrder = { column: sort.column, idColumn: spec.idColumn, sortOrder, rank };
  const cursorSort = `${sortBy}:${sortOrder}${rank ? RANKED : ''}`;
  const cursor = params.cursor ? decodeCursor(params.cursor, sort.numeric === true, cursorSort) : undefined;
  const pageStart: PageStart = cursor ? { after: cursor, skip: 0 } : { skip: (params.page - 1) * params.limit };

  if (search) {
    const searched = spec.query.where(listSearchCondition(spec.searchColumns, search, spec.fullText));
    // A search of a small scope reads its page and total in one statement: its kept matches paid only when the
    // same search was paged again before the next write, which traffic spread over many worlds rarely does.
    const scope = spec.cache && mayBeLarge(spec.fullText) ? listCacheScope(spec.cache, spec.query) : undefined;
    if (!scope) return readPage(searched, order, sort, cursorSort, params, pageStart, undefined);
    const matches = await searchMatches(scope, searched, order, search);
    if (matches.ids && matches.values && matches.ranks) {
      const kept = { ...matches, ids: matches.ids, values: matches.values, ranks: matches.ranks };
      const start = startOf(kept, cursor, params.page, params.limit);
      const page = start === undefined ? undefined : await readMatches(spec.query, sort, cursorSort, params, kept, start, order.idColumn);
      if (page) return page;
    }
    return readPage(searched, order, sort, cursorSort, params, pageStart, matches.total);
  }

  // The cache's key compiles the scoped query, so it is made only when the cache is asked: for a total the
  // world does not keep, or a deep page number.
  const deep = !cursor && pageStart.skip >= listCacheLimits.anchorSpacing;
  const scope = spec.cache && (spec.knownTotal === undefined || deep) ? listCacheScope(spec.cache, spec.query) : undefined;
  const total = spec.knownTotal ?? (scope ? await cachedTotal(scope, spec.query) : undefined);
  if (scope && total !== undefined && deep) {
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

/**
 * Reads one page (limit + 1 rows, to know whether another follows) from a start.
 * @param total the list's exact total; undefined to count it in the same statement (a window count over the
 * rows before the start's keyset is applied, or a separate count when the page is past the end).
 */
async function readPage<TB extends keyof Database, Row extends { id: string }>(
  query: SelectQueryBuilder<Database, TB, Row>,
  order: ListOrder,
  sort: SortColumn<Row>,
  cursorSort: string,
  params: ListParams,
  start: PageStart,
  given: number | undefined,
): Promise<ListResult<Row>> {
  // A cursor's keyset would narrow a window count, so a cursor page of an uncounted list counts apart.
  const knownTotal = given ?? (start.after ? await countRows(query) : undefined);
  let paged = start.after ? query.where(afterKeyset(order, start.after)) : query;
  if (knownTotal === undefined) paged = paged.select(sql<number>`count(*) over ()`.as(TOTAL_KEY)) as unknown as typeof paged;
  if (order.rank) paged = (paged.select(sql<number>`${order.rank}`.as(RANK_KEY)) as unknown as typeof paged).orderBy(order.rank, 'asc');
  paged = paged
    .orderBy(sql.ref(order.column), order.sortOrder)
    .orderBy(sql.ref(order.idColumn), order.sortOrder)
    .limit(params.limit + 1)
    .offset(start.skip);
  const fetched = await paged.execute();
  const rows = fetched.slice(0, params.limit);
  const last = rows[rows.length - 1];
  const lastRank = last && order.rank ? Number((last as Record<string, unknown>)[RANK_KEY]) : undefined;
  const counted = fetched[0] === undefined ? undefined : Number((fetched[0] as Record<string, unknown>)[TOTAL_KEY]);
  if (order.rank || knownTotal === undefined) {
    for (const row of fetched) {
      delete (row as Record<string, unknown>)[RANK_KEY];
      delete (row as Record<string, unknown>)[TOTAL_KEY];
    }
  }
  const total = knownTotal ?? counted ?? (start.skip > 0 ? await countRows(query) : 0);
  const nextCursor = fetched.length > params.limit && last ? encodeCursor(last[sort.key] as CursorValue, last.id, cursorSort, lastRank) : null;
  return { rows, pagination: paginationOf(params, total, nextCursor) };
}

/**
 * Reads a page of a search's kept matches by primary key, in the kept order.
 * @returns the page; undefined when a row is missing (written since the matches were read), so the caller
 * reads from the database instead.
 */
async function readMatches<TB extends keyof Database, Row extends { id: string }>(
  query: SelectQueryBuilder<Database, TB, Row>,
  sort: SortColumn<Row>,
  cursorSort: string,
  params: ListParams,
  matches: { ids: string[]; ranks: number[]; total: number },
  start: number,
  idColumn: string,
): Promise<ListResult<Row> | undefined> {
  const { ids, ranks, total } = matches;
  const pageIds = ids.slice(start, start + params.limit);
  const fetched = pageIds.length === 0 ? [] : await query.where(sql<SqlBool>`${sql.ref(idColumn)} in (${sql.join(pageIds)})`).execute();
  if (fetched.length !== pageIds.length) return undefined;
  const byId = new Map(fetched.map((row) => [row.id, row]));
  const rows: Row[] = [];
  for (const id of pageIds) {
    const row = byId.get(id);
    if (row === undefined) return undefined;
    rows.push(row);
  }
  const last = rows[rows.length - 1];
  const lastRank = cursorSort.endsWith(RANKED) ? ranks[start + rows.length - 1] : undefined;
  const nextCursor = start + params.limit < ids.length && last ? encodeCursor(last[sort.key] as CursorValue, last.id, cursorSort, lastRank) : null;
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
