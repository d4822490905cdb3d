/**
 * The per-process list cache: answers derived from a world's rows (a search's matching ids, a list's exact
 * total, the keysets of deep pages) kept under the world's content version, which database triggers raise on
 * every write of the world's content, by any writer on any instance (migration add_world_content_version).
 *
 * Why a kept answer is never stale: the version is read before the data (by the route's ownership check), and
 * an answer is kept only when the version read again after building it is unchanged, so it describes exactly
 * the state of that version. A request that starts after a write reads the raised version and so a new key.
 * Memory is bounded by entries and by the ids and keysets held (`listCacheLimits`), least recently used first out.
 */
import type { Compilable } from 'kysely';
import type { Db } from '../db/database.js';
import { compiledQuery } from './compiled-query.js';
import { WeightedLru } from './lru.js';
import type { WorldVersion } from './list-types.js';

/** The cache's bounds; tests lower anchorSpacing to reach deep pages in small worlds. */
export const listCacheLimits = {
  /** Entries kept per database handle. */
  maxEntries: 512,
  /** Ids, sort values and keysets held in all (about 130 bytes each). */
  maxWeight: 100_000,
  /** A search matching more rows keeps only its total; its pages are then read with OFFSET. */
  maxSearchIds: 10_000,
  /** Rows between two kept keysets of a list (page anchors). */
  anchorSpacing: 256,
};

/** Kept answers and the builds under way (concurrent callers of one key share a build). */
export interface VersionedStore {
  lru: WeightedLru<unknown>;
  building: Map<string, Promise<unknown>>;
}

/**
 * A family of stores, one per Kysely instance, so two databases opened in one process never share answers.
 * @param limits read at each store's creation (tests may lower them first).
 * @returns the store of a database handle, created on first use.
 */
export function versionedStores(limits: () => { maxEntries: number; maxWeight: number }): (db: Db) => VersionedStore {
  const stores = new WeakMap<Db, VersionedStore>();
  return (db) => {
    let store = stores.get(db);
    if (store === undefined) {
      const { maxEntries, maxWeight } = limits();
      store = { lru: new WeightedLru(maxEntries, maxWeight), building: new Map() };
      stores.set(db, store);
    }
    return store;
  };
}

const storeOf = versionedStores(() => listCacheLimits);

/** Where a list's answers are kept: its database, world and version, and a key naming the scoped query. */
export interface CacheScope extends WorldVersion {
  db: Db;
  key: string;
}

/**
 * The cache scope of a list query.
 * @param query the list's scoped query (before search, sort and paging); its SQL and parameters name every
 * filter, so two lists differing in any filter never share answers.
 */
export function listCacheScope(cache: WorldVersion & { db: Db }, query: Compilable): CacheScope {
  const compiled = query.compile();
  const key = [cache.worldId, cache.contentVersion, compiled.sql, JSON.stringify(compiled.parameters)].join('\u0000');
  return { db: cache.db, worldId: cache.worldId, contentVersion: cache.contentVersion, key };
}

const selectContentVersion = compiledQuery((db, worldId: string) =>
  db.selectFrom('world').select('content_version').where('id', '=', worldId));

/**
 * Whether the world's content version is still the one the scope was keyed on (false when it is gone). Every
 * answer built for a cache runs it, so it runs as compiled SQL (lib/compiled-query.ts).
 */
export async function versionUnchanged(scope: WorldVersion & { db: Db }): Promise<boolean> {
  const [row] = await selectContentVersion(scope.db, scope.worldId);
  return row !== undefined && Number(row.content_version) === scope.contentVersion;
}

/**
 * The value kept under (scope, key), or builds it: concurrent callers share one build, and the value is kept
 * only if the world's version did not move while it was built (the caller still gets it either way).
 * @param weight how many ids or keysets the value holds, for the memory bound.
 * @throws whatever build throws (nothing is kept then).
 */
export function remember<T>(scope: CacheScope, key: string, build: () => Promise<T>, weight: (value: T) => number): Promise<T> {
  return rememberIn(storeOf(scope.db), `${scope.key}\u0000${key}`, build, weight, () => versionUnchanged(scope));
}

/**
 * `remember` on a given store under a full key, which must name the version the value is built from (read
 * before building).
 * @param stillCurrent reads that version again after the build; the value is kept only if it answers true.
 * @returns the kept value or the one just built.
 * @throws whatever build throws (nothing is kept then).
 */
export async function rememberIn<T>(
  store: VersionedStore,
  full: string,
  build: () => Promise<T>,
  weight: (value: T) => number,
  stillCurrent: () => Promise<boolean>,
): Promise<T> {
  const kept = store.lru.get(full);
  if (kept !== undefined) return kept as T;
  const running = store.building.get(full);
  if (running !== undefined) return running as Promise<T>;
  const building = (async () => {
    try {
      const value = await build();
      if (await stillCurrent()) store.lru.set(full, value, weight(value));
      return value;
    } finally {
      store.building.delete(full);
    }
  })();
  store.building.set(full, building);
  return building;
}

/** Records that a kept value now holds `weight` ids or keysets (after it grew in place). */
export function reweigh(scope: CacheScope, key: string, weight: number): void {
  storeOf(scope.db).lru.reweigh(`${scope.key}\u0000${key}`, weight);
}
