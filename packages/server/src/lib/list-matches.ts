/**
 * A search's matches, kept per world content version: the ids of every matching row in the list's order with
 * their sort values, and the exact total, so each page of a search is a slice of ids and one read by primary key
 * instead of two full-text lookups. A search matching more than `listCacheLimits.maxSearchIds` rows keeps its
 * total only.
 */
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/database.js';
import { type CacheScope, listCacheLimits, remember } from './list-cache.js';
import type { ListOrder } from './list-cursor.js';
import type { CursorValue, Keyset } from './list-types.js';

/** What a search keeps: its exact total and, unless there are too many, its matches in order. */
export interface Matches {
  total: number;
  ids?: string[] | undefined;
  values?: CursorValue[] | undefined;
  /** Each match's rank (0: the term is in its name), the first key of a search's order. */
  ranks?: number[] | undefined;
  /** Position of each id, made on the first cursor request. */
  positions?: Map<string, number> | undefined;
}

/** Counts a query's rows (its select list is replaced). */
export async function countRows<TB extends keyof Database, O>(query: SelectQueryBuilder<Database, TB, O>): Promise<number> {
  const row = await query.clearSelect().select(sql<number>`count(*)`.as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The matches of a search, from the cache or found now.
 * @param searched the list's scoped query with the search condition; @param term the trimmed search term.
 */
export function searchMatches<TB extends keyof Database, O>(
  scope: CacheScope,
  searched: SelectQueryBuilder<Database, TB, O>,
  order: ListOrder,
  term: string,
): Promise<Matches> {
  return remember<Matches>(
    scope,
    `search\u0000${order.column}\u0000${order.sortOrder}\u0000${order.rank ? 'ranked' : ''}\u0000${term}`,
    async () => {
      const max = listCacheLimits.maxSearchIds;
      const rank = order.rank ?? sql<number>`0`;
      const rows = await searched
        .clearSelect()
        .select([sql<CursorValue>`${sql.ref(order.column)}`.as('v'), sql<string>`${sql.ref(order.idColumn)}`.as('id'), sql<number>`${rank}`.as('r')])
        .orderBy(rank, 'asc')
        .orderBy(sql.ref(order.column), order.sortOrder)
        .orderBy(sql.ref(order.idColumn), order.sortOrder)
        .limit(max + 1)
        .execute();
      if (rows.length > max) return { total: await countRows(searched) };
      return { total: rows.length, ids: rows.map((row) => row.id), values: rows.map((row) => row.v), ranks: rows.map((row) => Number(row.r)) };
    },
    (matches) => 1 + (matches.ids?.length ?? 0),
  );
}

/** A list's exact total from the cache, or counted now (lists without a kept counter). */
export function cachedTotal<TB extends keyof Database, O>(scope: CacheScope, query: SelectQueryBuilder<Database, TB, O>): Promise<number> {
  return remember(scope, 'total', () => countRows(query), () => 1);
}

/**
 * Where a page of matches starts.
 * @returns the index of the first row: after the cursor's row, or (page - 1) × limit; undefined when the
 * cursor's row is not among the matches with that sort value and rank (the caller then reads from the database).
 */
export function startOf(matches: Matches & { ids: string[]; values: CursorValue[]; ranks: number[] }, cursor: Keyset | undefined, page: number, limit: number): number | undefined {
  if (cursor === undefined) return (page - 1) * limit;
  matches.positions ??= new Map(matches.ids.map((id, index) => [id, index]));
  const at = matches.positions.get(cursor[1]);
  return at !== undefined && matches.values[at] === cursor[0] && matches.ranks[at] === (cursor[2] ?? 0) ? at + 1 : undefined;
}
