/**
 * The list cache: what a list derives from many rows of a world, kept per process under the world's content
 * version (lib/versioned-store.ts tells why a kept value is never stale), so the first request after each
 * write of a large world does not pay for it again on every page:
 * - a list's exact total, for lists without a kept count (a timeline's events, quests by status, a player's
 *   view) and for searches of scopes large enough for the full-text index;
 * - page anchors: the keyset (sort value, id) of every `anchorSpacing`th row, found by walking the list's
 *   covering index, so page 5,000 by number is a keyset range from the nearest anchor plus a short OFFSET
 *   instead of an OFFSET over 50,000 rows. Anchors are found lazily, only as deep as pages are asked.
 * Memory is bounded by entries and by the keysets held (`listCacheLimits`), least recently used first out.
 */
import { type Compilable, type SelectQueryBuilder, sql } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import { rememberIn, versionUnchanged, versionedStores } from '../versioned-store.js';
import { afterKeyset, countRows } from './query.js';
import type { Keyset, ListOrder, PageStart, WorldVersion } from './types.js';

/** The cache's bounds; tests lower anchorSpacing to reach deep pages in small worlds. */
export const listCacheLimits = {
  /** Entries kept per database handle. */
  maxEntries: 512,
  /** Totals and keysets held in all (about 130 bytes each). */
  maxWeight: 100_000,
  /** Rows between two kept keysets of a list (page anchors). */
  anchorSpacing: 256,
};

const storeOf = versionedStores(() => listCacheLimits);

/** Where a list's answers are kept: its database, world and version, and a key naming the scoped query. */
export interface CacheScope extends WorldVersion {
  db: Db;
  key: string;
}

/**
 * The cache scope of a list query.
 * @param query the list's scoped query (before sort and paging; with a search's condition for its total): its
 * SQL and parameters name every filter, so two lists differing in any filter never share answers.
 */
export function listCacheScope(cache: WorldVersion & { db: Db }, query: Compilable): CacheScope {
  const compiled = query.compile();
  const key = [cache.worldId, cache.contentVersion, compiled.sql, JSON.stringify(compiled.parameters)].join('\u0000');
  return { db: cache.db, worldId: cache.worldId, contentVersion: cache.contentVersion, key };
}

/**
 * The value kept under (scope, key), or builds it (kept only if the world's version did not move meanwhile).
 * @param weight how many keysets the value holds, for the memory bound.
 * @throws whatever build throws (nothing is kept then).
 */
function remember<T>(scope: CacheScope, key: string, build: () => Promise<T>, weight: (value: T) => number): Promise<T> {
  return rememberIn(storeOf(scope.db), `${scope.key}\u0000${key}`, build, weight, () => versionUnchanged(scope.db, scope));
}

/** A list's exact total from the cache, or counted now. @param query the scope's query (as keyed). */
export function cachedTotal<TB extends keyof Database, O>(scope: CacheScope, query: SelectQueryBuilder<Database, TB, O>): Promise<number> {
  return cachedCount(scope, () => countRows(query));
}

/**
 * A list's exact total from the cache, or counted now by `count` (kept when the world did not change meanwhile).
 * @param scope names the list: its key must name every filter of what `count` counts.
 */
export function cachedCount(scope: CacheScope, count: () => Promise<number>): Promise<number> {
  return remember(scope, 'total', count, () => 1);
}

interface Anchors {
  /** anchors[i] is the keyset of row (i + 1) × spacing of the list (1-based). */
  keysets: Keyset[];
  /** The spacing the keysets were found with. */
  spacing: number;
  /** Whether the walk reached the end of the list (no further anchor exists). */
  complete: boolean;
  /** The walk in progress, so walks of one list run one after the other. */
  walking: Promise<unknown>;
}

/**
 * Turns a deep offset into the nearest anchor plus the rest.
 * @param query the list's scoped query (no search).
 * @returns the start; null when the list ends before the offset; undefined when no anchor can be used (the
 * world changed during the walk, or a sort value is null), so the caller reads with OFFSET.
 */
export async function anchoredStart<TB extends keyof Database, O>(
  scope: CacheScope,
  query: SelectQueryBuilder<Database, TB, O>,
  order: ListOrder,
  offset: number,
): Promise<PageStart | null | undefined> {
  const spacing = listCacheLimits.anchorSpacing;
  const n = Math.floor(offset / spacing);
  const key = `anchors\u0000${order.column}\u0000${order.sortOrder}`;
  const anchors = await remember<Anchors>(
    scope,
    key,
    async () => ({ keysets: [], spacing, complete: false, walking: Promise.resolve() }),
    () => 1,
  );
  if (anchors.spacing !== spacing) return undefined;
  if (anchors.keysets.length < n && !anchors.complete) {
    const walk = anchors.walking.then(() => extend(scope, query, order, anchors, n));
    anchors.walking = walk.catch(() => undefined);
    if (!(await walk)) return undefined;
    storeOf(scope.db).lru.reweigh(`${scope.key}\u0000${key}`, anchors.keysets.length + 1);
  }
  const anchor = anchors.keysets[n - 1];
  if (anchor === undefined) return anchors.complete ? null : undefined;
  return { after: anchor, skip: offset - n * spacing };
}

/**
 * Walks the list from its last anchor until it has n anchors or reaches the end, one index range of `spacing`
 * rows per step. Keeps the new anchors only if the world's version did not move during the walk.
 * @returns whether the anchors can be used.
 */
async function extend<TB extends keyof Database, O>(
  scope: CacheScope,
  query: SelectQueryBuilder<Database, TB, O>,
  order: ListOrder,
  anchors: Anchors,
  n: number,
): Promise<boolean> {
  if (anchors.keysets.length >= n || anchors.complete) return true;
  const found: Keyset[] = [];
  let from = anchors.keysets[anchors.keysets.length - 1];
  let complete = false;
  const base = query
    .clearSelect()
    .select([sql<string | number | null>`${sql.ref(order.column)}`.as('v'), sql<string>`${sql.ref(order.idColumn)}`.as('id')])
    .orderBy(sql.ref(order.column), order.sortOrder)
    .orderBy(sql.ref(order.idColumn), order.sortOrder)
    .limit(1)
    .offset(anchors.spacing - 1);
  while (anchors.keysets.length + found.length < n) {
    const row = await (from ? base.where(afterKeyset(order, from)) : base).executeTakeFirst();
    if (row === undefined) {
      complete = true;
      break;
    }
    if (row.v === null) return false;
    from = [row.v, row.id];
    found.push(from);
  }
  if (!(await versionUnchanged(scope.db, scope))) return false;
  anchors.keysets.push(...found);
  anchors.complete = complete;
  return true;
}
