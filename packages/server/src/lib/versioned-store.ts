/**
 * Answers kept per process under a version number that database triggers raise on every write the answer
 * depends on (a world's `content_version`, migration add_world_content_version), shared by the read cache
 * (lib/read-cache.ts) and the list cache (lib/list/cache.ts). Memory is bounded by entries and by weight, least
 * recently used first out (lib/lru.ts).
 *
 * Why a kept answer is never stale, nor torn (a mix of two versions' rows):
 * 1. The version V is read before the data (by the route's access check), and every request that starts after
 *    a write reads the raised version, so it asks for a new key: versions only rise, and every statement sees
 *    every commit made before it began.
 * 2. An answer is built by several statements. It is kept under V only when nothing that could move V was
 *    committed between the read of V and the end of the build: then every statement of the build saw the rows
 *    of version V and nothing else. That is checked after the build ends, in one of two ways:
 *    - SQLite: the database's change clock (db/change-clock.ts) vouches that nothing at all was committed, by
 *      this connection (it counts its own writes and COMMITs) or any other (`PRAGMA data_version`), since a
 *      stamp taken before V was read. No row is read; this is the common case, as a build takes well under a
 *      millisecond and writes are rarer than reads.
 *    - Otherwise (PostgreSQL, where other app instances commit unseen; or a write happened meanwhile): V is
 *      read again by a statement sent after the build ended; unchanged means no write in between. On
 *      PostgreSQL the re-checks waiting at one moment share one statement, and the built answer is sent
 *      without waiting for it: only whether it is kept depends on it.
 * 3. Concurrent requests for one key share one build, as they would share its answer had it been kept: each of
 *    them read V, so each began before any write that raised V, and the shared answer is one they could have
 *    built themselves. The shared build ends when the check above has answered.
 * `read-cache.test.ts` writes through a second connection (as another instance or process) between a build's
 * statements and checks that the torn answer, sent to its own request, is never served again.
 */
import { PostgresAdapter, sql } from 'kysely';
import { type ChangeStamp, changeClockOf } from '../db/change-clock.js';
import type { Db } from '../db/database.js';
import { compiledQuery } from './compiled-query.js';
import { Doorkeeper } from './doorkeeper.js';
import { WeightedLru } from './lru.js';

/** Kept answers and the builds under way (concurrent callers of one key share a build). */
export interface VersionedStore {
  lru: WeightedLru<unknown>;
  building: Map<string, Promise<unknown>>;
  /** Re-checks still under way after their answers were sent (see settledIn). */
  checking: Set<Promise<void>>;
  /** Admits a value to be kept only from its key's second ask (lib/doorkeeper.ts), when the family asks for one. */
  doorkeeper: Doorkeeper | undefined;
}

/**
 * A family of stores, one per Kysely instance, so two databases opened in one process never share answers.
 * @param limits read at each store's creation (tests may lower them first); `doorkeeperKeys`, when given, gives
 * each store a doorkeeper remembering that many first asks.
 * @returns the store of a database handle, created on first use.
 */
export function versionedStores(
  limits: () => { maxEntries: number; maxWeight: number; doorkeeperKeys?: number },
): (db: Db) => VersionedStore {
  const stores = new WeakMap<Db, VersionedStore>();
  return (db) => {
    let store = stores.get(db);
    if (store === undefined) {
      const { maxEntries, maxWeight, doorkeeperKeys } = limits();
      store = {
        lru: new WeightedLru(maxEntries, maxWeight),
        building: new Map(),
        checking: new Set(),
        doorkeeper: doorkeeperKeys === undefined ? undefined : new Doorkeeper(doorkeeperKeys),
      };
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

/** PostgreSQL: the re-checks waiting for the next statement, and whether one is under way (per handle). */
interface Rechecks {
  waiting: Map<string, Array<{ resolve: (version: number | undefined) => void; reject: (error: unknown) => void }>>;
  running: boolean;
}

const rechecksOf = new WeakMap<Db, Rechecks>();

/**
 * Sends the waiting re-checks of a PostgreSQL handle, one statement for all of them, until none wait: re-checks
 * that arrive while a statement is under way go together in the next. Each one was asked for before the
 * statement that answers it was sent, so it reads the version as of a moment after its build ended.
 */
async function sendRechecks(db: Db, rechecks: Rechecks): Promise<void> {
  rechecks.running = true;
  try {
    while (rechecks.waiting.size > 0) {
      const batch = rechecks.waiting;
      rechecks.waiting = new Map();
      try {
        const ids = [...batch.keys()];
        const { rows } = await sql<{
          id: string;
          content_version: number | string;
        }>`select id, content_version from world where id = any(${ids}::text[])`.execute(db);
        const versions = new Map(rows.map((row) => [row.id, Number(row.content_version)]));
        for (const [id, waiters] of batch) for (const waiter of waiters) waiter.resolve(versions.get(id));
      } catch (error) {
        for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
      }
    }
  } finally {
    rechecks.running = false;
  }
}

/** A world's content version read by a statement sent from now on (undefined when the world is gone). */
function currentVersion(db: Db, worldId: string): Promise<number | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) {
    return selectContentVersion(db, worldId).then(([row]) => (row === undefined ? undefined : Number(row.content_version)));
  }
  let rechecks = rechecksOf.get(db);
  if (rechecks === undefined) {
    rechecks = { waiting: new Map(), running: false };
    rechecksOf.set(db, rechecks);
  }
  const { waiting } = rechecks;
  const version = new Promise<number | undefined>((resolve, reject) => {
    const waiters = waiting.get(worldId) ?? [];
    waiters.push({ resolve, reject });
    waiting.set(worldId, waiters);
  });
  if (!rechecks.running) void sendRechecks(db, rechecks);
  return version;
}

/**
 * Whether the world's content version is still the one an answer was keyed on (false when the world is gone).
 * @param since a change stamp taken before the version was read (db/change-clock.ts): when the database's clock
 * vouches that nothing was committed since, the answer is true without a statement (SQLite, no write meanwhile);
 * otherwise the version is read again (on PostgreSQL together with the other re-checks waiting, one statement).
 * @returns a boolean when the clock answered, else a promise of it.
 * @throws (the promise) the database's error.
 */
export function versionUnchanged(db: Db, world: WorldVersion, since?: ChangeStamp): boolean | Promise<boolean> {
  if (since !== undefined && changeClockOf(db) === since.clock && since.clock.unchangedSince(since)) return true;
  return currentVersion(db, world.worldId).then((version) => version === world.contentVersion);
}

/**
 * Keeps a built value when `stillCurrent` says so (weighed then), and ends its build's entry (which serves
 * concurrent callers until then). Never throws: an error of the re-check only means the value is not kept.
 */
function keepIfCurrent<T>(
  store: VersionedStore,
  full: string,
  value: T,
  weight: (value: T) => number,
  stillCurrent: () => boolean | Promise<boolean>,
): void {
  const settle = (current: boolean): void => {
    try {
      if (current) store.lru.set(full, value, weight(value));
    } finally {
      store.building.delete(full);
    }
  };
  let current: boolean | Promise<boolean>;
  try {
    current = stillCurrent();
  } catch {
    current = false;
  }
  if (typeof current === 'boolean') {
    settle(current);
    return;
  }
  const checking = current.then(settle, () => settle(false)).catch(() => undefined);
  store.checking.add(checking);
  void checking.then(() => store.checking.delete(checking));
}

/** Whether a store keeps a value under `full` or is building one (so a caller of rememberIn would share it). */
export function holdsIn(store: VersionedStore, full: string): boolean {
  return store.building.has(full) || store.lru.has(full);
}

/**
 * Resolves once every re-check under way in a store has decided whether its answer is kept (tests, which
 * then know whether the next request is served from the store or builds anew).
 */
export async function settledIn(store: VersionedStore): Promise<void> {
  while (store.checking.size > 0) await Promise.all(store.checking);
}

/**
 * The value kept under a full key in a store, or builds it: concurrent callers share one build, and the value
 * is kept only if `stillCurrent` answers true after the build. The key must name the version the value is
 * built from (read before building). The value is answered as soon as it is built (and weighed): when
 * `stillCurrent` needs a statement, the caller does not wait for it, and callers of the same key share the
 * built value until it has answered, as they shared the build.
 * @param weight the value's weight for the store's bound (called when it is kept).
 * @returns the kept value or the one just built (the caller gets it either way).
 * @throws whatever build throws (nothing is kept then).
 */
export async function rememberIn<T>(
  store: VersionedStore,
  full: string,
  build: () => Promise<T>,
  weight: (value: T) => number,
  stillCurrent: () => boolean | Promise<boolean>,
): Promise<T> {
  const kept = store.lru.get(full);
  if (kept !== undefined) return kept as T;
  const running = store.building.get(full);
  if (running !== undefined) return running as Promise<T>;
  const building = (async () => {
    let value: T;
    try {
      value = await build();
    } catch (error) {
      store.building.delete(full);
      throw error;
    }
    keepIfCurrent(store, full, value, weight, stillCurrent);
    return value;
  })();
  store.building.set(full, building);
  return building;
}
