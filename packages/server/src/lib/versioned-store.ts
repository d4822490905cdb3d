/**
 * Answers kept per process under a version number that database triggers raise on every write the answer
 * depends on (a world's `content_version`, migration add_world_content_version), shared by the read cache
 * (lib/read-cache.ts) and the list cache (lib/list/cache.ts).
 *
 * Why a kept answer is never stale: the version is read before the data (by the route's ownership check), and
 * an answer is kept only when the version read again after building it is unchanged, so it describes exactly
 * the state of that version. A request that starts after a write reads the raised version and so a new key.
 * Memory is bounded by entries and by weight, least recently used first out (lib/lru.ts).
 */
import type { Db } from '../db/database.js';
import { compiledQuery } from './compiled-query.js';
import { WeightedLru } from './lru.js';

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

/** A world and the content version an answer is keyed on. */
export interface WorldVersion {
  worldId: string;
  contentVersion: number;
}

const selectContentVersion = compiledQuery((db, worldId: string) =>
  db.selectFrom('world').select('content_version').where('id', '=', worldId),
);

/**
 * Whether the world's content version is still the one an answer was keyed on (false when the world is gone).
 * Every answer built for a cache runs it, so it runs as compiled SQL (lib/compiled-query.ts).
 */
export async function versionUnchanged(db: Db, world: WorldVersion): Promise<boolean> {
  const [row] = await selectContentVersion(db, world.worldId);

  return row !== undefined && Number(row.content_version) === world.contentVersion;
}

/**
 * The value kept under a full key in a store, or builds it: concurrent callers share one build, and the value
 * is kept only if `stillCurrent` answers true after the build. The key must name the version the value is
 * built from (read before building).
 * @param weight the value's weight for the store's bound.
 * @returns the kept value or the one just built (the caller gets it either way).
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
