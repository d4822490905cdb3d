/**
 * The generic list of the API contract (SPEC §8 lists): search, whitelisted sort, page-number or keyset
 * (cursor) paging, exact totals, and the `{ data, pagination }` envelope. A repository builds its scoped query
 * (one world's characters, the rows its reader may see) with a spec and hands it to `paginate`, which runs
 * four steps, each in its own file, in this order:
 *
 * 1. parse (`parse.ts`): the sort (whitelisted, 400 otherwise), the order (a search ranks name matches first),
 *    the cursor (400 when malformed or made for another order) or page number, into a `ListPlan`;
 * 2. query (`query.ts`): the conditions the query gains: the tag filter, the search (FTS5 on SQLite for large
 *    scopes, LIKE otherwise; pg_trgm on PostgreSQL) and, for a cursor or an anchor, "after this keyset";
 * 3. page (`page.ts`): one statement reads the page's rows, with the total in the same statement
 *    (`count(*) over ()`) when the world's kept count or the list cache does not give it. A list given as a
 *    shape (`ListSpec.shape`) runs its common pages (page numbers; cursors when the total is kept) as SQL
 *    compiled once per shape: list, reader's class, sort, order, search mode and paging mode;
 * 4. envelope (`envelope.ts`): the pagination block and the next page's cursor.
 *
 * The list cache (`cache.ts`), set by `cache` in the spec, keeps per world content version what serves the
 * first request after each write of a large world: totals of lists without a kept count and of searches in
 * scopes large enough for the full-text index, and the anchors of deep page numbers. Whole answers are kept by
 * the read cache (lib/read-cache.ts), before any of this runs. docs/performance.md measures what each pays.
 */
import type { Database, Db } from '../../db/database.js';
import { anchoredStart, cachedCount, cachedTotal, listCacheLimits, listCacheScope } from './cache.js';
import { paginationOf } from './envelope.js';
import { readCompiledPage, readPage } from './page.js';
import { type ListPlan, planList } from './parse.js';
import { countRows, listSearchCondition, mayBeLarge, scopedQuery, usesFullText, withTag } from './query.js';
import type { ListResult, ListSpec, SearchableTable, SortColumn } from './types.js';

export type { ListParams, ListResult, ListShape, ListSpec, SearchableTable, SortColumn } from './types.js';
export { likePattern, searchCondition } from './query.js';
export { resolveSort } from './parse.js';

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

/**
 * Runs a list query. With a search, rows whose name (the first search column) holds the term come first, then
 * the others, each group in the requested order; totals, page numbers and cursors follow that order.
 * @returns the page's rows and the pagination block (exact totals; a page past the end has no rows).
 * @throws AppError 400 for an unknown sort field, a malformed cursor, or a tag on a list without tags.
 */
export async function paginate<TB extends keyof Database, Row extends { id: string }>(
  listSpec: ListSpec<TB, Row>,
): Promise<ListResult<Row>> {
  const tagged = listSpec.params.tag ? withTag(listSpec, listSpec.params.tag) : listSpec;
  const plan = planList(tagged);
  const compiled = await compiledPageOf(tagged, plan);
  if (tagged.shape && compiled) return readCompiledPage(tagged, tagged.shape, plan, compiled.fullText, compiled.knownTotal);
  // Every other page (a list given as a query, a tag, a deep page from the list cache's anchors, a cursor of an
  // uncounted list without a cache) is built with Kysely around the scoped query.
  const spec = { ...tagged, query: scopedQuery(tagged) };
  const { params } = spec;
  const { search, start } = plan;

  if (search) {
    const searched = spec.query.where(listSearchCondition(spec.searchColumns, search, spec.fullText));
    // A search of a large scope keeps its total per version; a small scope's is counted in the page's statement.
    const scope = spec.cache && mayBeLarge(spec.fullText) ? listCacheScope(spec.cache, searched) : undefined;
    const total = scope ? await cachedTotal(scope, searched) : undefined;
    return readPage(searched, plan, params, start, total);
  }

  // The cache's key compiles the scoped query, so it is made only when the cache is asked: for a total the
  // world does not keep, or a deep page number.
  const deep = !plan.cursor && start.skip >= listCacheLimits.anchorSpacing;
  const scope = spec.cache && (spec.knownTotal === undefined || deep) ? listCacheScope(spec.cache, spec.query) : undefined;
  const total = spec.knownTotal ?? (scope ? await cachedTotal(scope, spec.query) : undefined);
  if (scope && total !== undefined && deep) {
    const fromAnchor = await anchoredStart(scope, spec.query, plan.order, start.skip);
    if (fromAnchor === null) return { rows: [], pagination: paginationOf(params, total, null) };
    if (fromAnchor) return readPage(spec.query, plan, params, fromAnchor, total);
  }
  return readPage(spec.query, plan, params, start, total);
}

/**
 * Whether a page can run as a compiled shape (readCompiledPage), and how. Its total is the world's kept count,
 * the list cache's (for a list without a kept count, or a search of a scope large enough for the full-text
 * index; keyed by the shape and its arguments, so no query is built to name it, and counted only on a miss),
 * or counted in the page's statement (a page by number of a list without a cache).
 * @returns the full-text table the search uses (if any) and the known total; undefined for a page built with
 * Kysely around the scoped query (no shape, a deep page number served from the list cache's anchors, or a cursor
 * of a list without a cache and without a kept count, which counts apart).
 */
async function compiledPageOf<TB extends keyof Database, Row extends { id: string }>(
  spec: ListSpec<TB, Row>,
  plan: ListPlan<Row>,
): Promise<{ fullText: SearchableTable | undefined; knownTotal: number | undefined } | undefined> {
  const { shape, cache } = spec;
  if (!shape) return undefined;
  const { search, cursor, start } = plan;
  if (search === undefined && cache && !cursor && start.skip >= listCacheLimits.anchorSpacing) return undefined;
  const fullText = search !== undefined && usesFullText(search, spec.fullText) ? spec.fullText?.table : undefined;
  const kept = cache && (search === undefined ? spec.knownTotal === undefined : mayBeLarge(spec.fullText));
  if (kept) {
    const key = ['shape', shape.key, ...shape.args, search === undefined ? '' : `${fullText ? 'fts' : 'like'}:${search}`].join('\u0000');
    const scope = {
      db: cache.db,
      worldId: cache.worldId,
      contentVersion: cache.contentVersion,
      key: `${cache.worldId}\u0000${cache.contentVersion}\u0000${key}`,
    };
    const total = await cachedCount(scope, () => {
      const query = scopedQuery(spec);
      return countRows(search === undefined ? query : query.where(listSearchCondition(spec.searchColumns, search, spec.fullText)));
    });
    return { fullText, knownTotal: total };
  }
  const knownTotal = search === undefined ? spec.knownTotal : undefined;
  if (knownTotal === undefined && cursor) return undefined;
  return { fullText, knownTotal };
}

/**
 * The `cache` option of a list limited to one world (ListSpec.cache).
 * @param contentVersion the world's content_version as read by the route's ownership check; without it the
 * list is read from the database only.
 */
export function worldListCache(
  db: Db,
  worldId: string,
  contentVersion: number | undefined,
): ListSpec<keyof Database, { id: string }>['cache'] {
  return contentVersion === undefined ? undefined : { db, worldId, contentVersion: Number(contentVersion) };
}
