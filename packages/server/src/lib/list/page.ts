/**
 * Step 3 of a list (lib/list/index.ts): reads one page of rows from where it starts, in the list's order, with
 * its total counted in the same statement when nothing gives it.
 */
import { type Compilable, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { compiledShape } from '../compiled-query.js';
import { encodeCursor, paginationOf } from './envelope.js';
import type { ListPlan } from './parse.js';
import {
  afterKeyset,
  containsCondition,
  countRows,
  fullTextCondition,
  likeText,
  nameRank,
  phraseText,
  scansScope,
  scopedLikeCondition,
} from './query.js';
import type { CursorValue, ListOrder, ListParams, ListResult, ListShape, ListSpec, PageStart, SearchableTable } from './types.js';

/** The column a ranked page reads each row's rank into (removed before the rows are returned). */
const RANK_KEY = 'list_rank';
/** The column a page counted in the same statement reads the list's total into (removed likewise). */
const TOTAL_KEY = 'list_total';
/** The derived table a page with page columns (ListShape.pageColumns) is read from. */
const PAGE_ALIAS = 'list_page';
/** A fetched row's extra columns (PostgreSQL answers a count as a string). */
interface Extra {
  list_rank?: number | string;
  list_total?: number | string;
}

/**
 * Reads one page (limit + 1 rows, to know whether another follows) from a start.
 * @param query the list's scoped query, with a search's condition.
 * @param given the list's exact total; undefined to count it in the same statement (a window count over the
 * rows before the start's keyset is applied, or a separate count when the page is past the end).
 * @returns the page's rows and its pagination block (a page past the end has no rows).
 */
export async function readPage<TB extends keyof Database, Row extends { id: string }>(
  query: SelectQueryBuilder<Database, TB, Row>,
  plan: ListPlan<Row>,
  params: ListParams,
  start: PageStart,
  given: number | undefined,
): Promise<ListResult<Row>> {
  const { order } = plan;
  // A cursor's keyset would narrow a window count, so a cursor page of an uncounted list counts apart.
  const knownTotal = given ?? (start.after ? await countRows(query) : undefined);
  let paged = start.after ? query.where(afterKeyset(order, start.after)) : query;
  if (knownTotal === undefined) paged = paged.select(sql<number>`count(*) over ()`.as(TOTAL_KEY));
  if (order.rank) paged = (paged.select(sql<number>`${order.rank}`.as(RANK_KEY)) as unknown as typeof paged).orderBy(order.rank, 'asc');
  paged = paged
    .orderBy(sql.ref(order.column), order.sortOrder)
    .orderBy(sql.ref(order.idColumn), order.sortOrder)
    .limit(params.limit + 1)
    .offset(start.skip);
  const fetched = await paged.execute();
  return pageOf(fetched, plan, params, knownTotal, start.skip > 0 ? () => countRows(query) : undefined);
}

/**
 * The page of fetched rows (limit + 1, with a rank and a window total when the query selected them).
 * @param knownTotal the list's total, or undefined when the rows carry it.
 * @param countAll counts the list when the rows carry no total because the page is past the end.
 */
async function pageOf<Row extends { id: string }>(
  fetched: Row[],
  plan: ListPlan<Row>,
  params: ListParams,
  knownTotal: number | undefined,
  countAll: (() => Promise<number>) | undefined,
): Promise<ListResult<Row>> {
  const { order, sort, cursorSort } = plan;
  const rows = fetched.slice(0, params.limit);
  const last = rows[rows.length - 1];
  const lastRank = last && order.rank ? Number((last as Extra)[RANK_KEY]) : undefined;
  const counted = fetched[0] === undefined ? undefined : Number((fetched[0] as Extra)[TOTAL_KEY]);
  if (order.rank || knownTotal === undefined) {
    for (const row of fetched as Extra[]) {
      delete row.list_rank;
      delete row.list_total;
    }
  }
  const total = knownTotal ?? counted ?? (countAll ? await countAll() : 0);
  const nextCursor =
    fetched.length > params.limit && last ? encodeCursor(last[sort.key] as CursorValue, last.id, cursorSort, lastRank) : null;
  return { rows, pagination: paginationOf(params, total, nextCursor) };
}

/**
 * Reads one page of a list given as a shape, as SQL compiled once per shape (lib/compiled-query.ts
 * compiledShape): the same statement readPage would build around the shape's scoped query, with the search
 * (LIKE, FTS5 when `fullText` is set, or a "contains" without an index where the search scans its scope, see
 * scansScope), the rank of name matches, a cursor's keyset, the window total when
 * `knownTotal` is undefined, the order, limit and offset, every value bound.
 * @param fullText the table whose full-text index serves the search (listSearchCondition's choice), or undefined.
 * @param knownTotal the list's exact total; undefined to count it in the statement (a page by number only: a
 * cursor's keyset would narrow the count, so the caller builds such a page with readPage).
 * @returns the page's rows and pagination, as readPage.
 */
export async function readCompiledPage<TB extends keyof Database, Row extends { id: string }>(
  spec: ListSpec<TB, Row>,
  shape: ListShape<TB, Row>,
  plan: ListPlan<Row>,
  fullText: SearchableTable | undefined,
  knownTotal: number | undefined,
): Promise<ListResult<Row>> {
  const { params } = spec;
  const { search, cursor, order, cursorSort, start } = plan;
  const n = shape.args.length;
  const scans = !fullText && scansScope(spec.fullText);
  const key = [
    shape.key,
    cursorSort,
    search === undefined ? 'all' : fullText ? `fts:${fullText}` : scans ? 'scan' : 'like',
    cursor ? 'after' : 'page',
    knownTotal === undefined ? 'window' : 'known',
  ].join('\u0000');
  const args: unknown[] = [
    ...shape.args,
    search === undefined ? '' : likeText(search),
    search === undefined ? '' : phraseText(search),
    cursor?.[0] ?? '',
    cursor?.[1] ?? '',
    cursor?.[2] ?? 0,
    params.limit + 1,
    start.skip,
    search === undefined ? '' : search.toLowerCase(),
  ];
  const build = (values: readonly unknown[]): Compilable<Row> => {
    const text = (index: number): string => values[n + index] as string;
    let paged = shape.build(shape.db, values.slice(0, n) as string[]);
    if (search !== undefined) {
      paged = paged.where(
        fullText
          ? fullTextCondition(fullText, text(1))
          : scans
            ? containsCondition(spec.searchColumns, text(7))
            : scopedLikeCondition(spec.searchColumns, text(0), shape.db, spec.fullText),
      );
    }
    const [nameColumn] = spec.searchColumns;
    const rank = order.rank && nameColumn !== undefined ? nameRank(nameColumn, text(0), shape.db) : undefined;
    const shaped: ListOrder = { ...order, rank };
    if (cursor) {
      const after = [values[n + 2] as CursorValue, text(3)] as const;
      paged = paged.where(afterKeyset(shaped, rank ? [...after, values[n + 4] as number] : after));
    }
    if (knownTotal === undefined) paged = paged.select(sql<number>`count(*) over ()`.as(TOTAL_KEY));
    if (rank) paged = (paged.select(sql<number>`${rank}`.as(RANK_KEY)) as unknown as typeof paged).orderBy(rank, 'asc');
    const page = paged
      .orderBy(sql.ref(shaped.column), shaped.sortOrder)
      .orderBy(sql.ref(shaped.idColumn), shaped.sortOrder)
      .limit(values[n + 5] as number)
      .offset(values[n + 6] as number);
    if (!shape.pageColumns) return page;
    // The page's rows with the shape's page columns, in the page's order again (a derived table's order is not
    // kept by SQL): the rank, the sort field and the id are columns of every row.
    const columns = shape.pageColumns(shape.db, values.slice(0, n) as string[], PAGE_ALIAS);
    const outer = shape.db.selectFrom(page.as(PAGE_ALIAS)).selectAll(PAGE_ALIAS).select(columns);
    const ranked = rank ? outer.orderBy(sql.ref(`${PAGE_ALIAS}.${RANK_KEY}`), 'asc') : outer;
    return ranked
      .orderBy(sql.ref(`${PAGE_ALIAS}.${String(plan.sort.key)}`), shaped.sortOrder)
      .orderBy(sql.ref(`${PAGE_ALIAS}.id`), shaped.sortOrder);
  };
  const fetched = await compiledShape(shape.db, key, args, build);
  const countAll = start.skip > 0 ? () => countRows(scopedQueryOf(spec, shape, plan, fullText)) : undefined;
  return pageOf(fetched, plan, params, knownTotal, countAll);
}

/** The scoped query of a compiled page with its search, built with Kysely (to count a page past the end). */
function scopedQueryOf<TB extends keyof Database, Row extends { id: string }>(
  spec: ListSpec<TB, Row>,
  shape: ListShape<TB, Row>,
  plan: ListPlan<Row>,
  fullText: SearchableTable | undefined,
): SelectQueryBuilder<Database, TB, Row> {
  const query = shape.build(shape.db, shape.args);
  if (plan.search === undefined) return query;
  if (fullText) return query.where(fullTextCondition(fullText, phraseText(plan.search)));
  if (scansScope(spec.fullText)) return query.where(containsCondition(spec.searchColumns, plan.search.toLowerCase()));
  return query.where(scopedLikeCondition(spec.searchColumns, plan.search, shape.db, spec.fullText));
}
