/**
 * Step 3 of a list (lib/list/index.ts): reads one page of rows from where it starts, in the list's order, with
 * its total counted in the same statement when nothing gives it.
 */
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.js';
import { encodeCursor, paginationOf } from './envelope.js';
import type { ListPlan } from './parse.js';
import { afterKeyset, countRows } from './query.js';
import type { CursorValue, ListParams, ListResult, PageStart } from './types.js';

/** The column a ranked page reads each row's rank into (removed before the rows are returned). */
const RANK_KEY = 'list_rank';
/** The column a page counted in the same statement reads the list's total into (removed likewise). */
const TOTAL_KEY = 'list_total';
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
  const { order, sort, cursorSort } = plan;
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
  const total = knownTotal ?? counted ?? (start.skip > 0 ? await countRows(query) : 0);
  const nextCursor =
    fetched.length > params.limit && last ? encodeCursor(last[sort.key] as CursorValue, last.id, cursorSort, lastRank) : null;
  return { rows, pagination: paginationOf(params, total, nextCursor) };
}
