/**
 * What this process can tell about commits to its database since a moment without asking for any row: the
 * proof the caches use that nothing changed while an answer was built (lib/versioned-store.ts).
 *
 * SQLite: the app's one connection (db/group-commit-sqlite.ts) counts every statement that may write and every
 * COMMIT it makes; commits by any other connection to the file (the CLI, another process, a second handle in
 * the same process) are seen through `PRAGMA data_version`, whose value SQLite changes on this connection
 * whenever another connection committed since it was last read (https://sqlite.org/pragma.html#pragma_data_version).
 * Reading it touches no table: it compares the shared WAL index's header with the one this connection saw.
 * A stamp is the pair (own count, last value read); "unchanged since the stamp" is exact: the own count did not
 * move and the value read now equals the stamp's, so no connection committed anything in between.
 *
 * A world's stamp (`nowForWorld`) vouches for less, and so survives this connection's writes to other worlds: that
 * the world's row, its memberships and every user's token version are as they were (db/access-watch.ts tells the
 * clock of each such change this connection makes, through temporary triggers). That is all a world's access row
 * holds, and the world's content version, on which its kept answers are keyed, is a column of its row. Changes are
 * counted in 4,096 buckets by a hash of the world's id, so two worlds may share a count: a write to one then only
 * makes the other's stamps stale too. Each change is counted when its statement runs and again when it is
 * committed, since a read on the reader's connection sees it only then. Other connections' commits still end
 * every stamp.
 *
 * PostgreSQL: other app instances commit, and nothing local learns of it without a round trip, so there is no
 * clock (`changeClockOf` answers undefined) and callers ask the database.
 */
import type SQLite from 'better-sqlite3';

/** The state of the clock at one moment (opaque to callers). */
export interface ChangeStamp {
  /** The clock that took it: a stamp says nothing about another database. */
  readonly clock: ChangeClock;
  readonly own: number;
  readonly others: number;
  /** For a world's stamp: the bucket of its id, that bucket's count, and the count of changes to every world. */
  readonly world?: { readonly bucket: number; readonly count: number; readonly all: number };
}

/** A database's change clock; see the module comment. */
export interface ChangeClock {
  /** The stamp of now, without any statement. Take it before the reads it is to vouch for. */
  now: () => ChangeStamp;
  /**
   * Whether certainly nothing was committed since `stamp` (for a world's stamp: nothing it vouches for, see
   * nowForWorld): true is exact; false means something may have been (the caller then asks the database). Runs
   * `PRAGMA data_version` (no table read) when the own count held (for a world's stamp, its world's counts).
   */
  unchangedSince: (stamp: ChangeStamp) => boolean;
  /**
   * The stamp of now for one world's access row and the answers keyed on its content version: it stays unchanged
   * through this connection's writes that touch neither that world's row nor its memberships nor a token version.
   * The same as `now()` until the access watch is on (db/access-watch.ts).
   * @param worldId the world's id, as the request names it (compared without regard to case).
   */
  nowForWorld: (worldId: string) => ChangeStamp;
  /**
   * Records a statement of this connection that may have written (called by the driver, synchronously after it
   * ran, a COMMIT included); once no transaction is open, the access changes made since the last commit are
   * counted again, as committed.
   */
  wrote: () => void;
  /**
   * Records a change to a world's row or memberships (`worldId`), or to a user's token version or a user's
   * removal (null: every world's access), made by a statement of this connection as it runs (db/access-watch.ts).
   */
  accessChanged: (worldId: string | null) => void;
  /** Turns world stamps on, once the access watch's triggers exist on this connection. */
  watchAccess: () => void;
}

/** How many counts world stamps share (a power of two). */
const WORLD_BUCKETS = 4096;

/**
 * The bucket of a world's id: FNV-1a over its characters, lower-cased (a UUID's hex digits in either case name the
 * same world).
 * @returns an integer in [0, WORLD_BUCKETS).
 */
function bucketOf(worldId: string): number {
  const id = worldId.toLowerCase();
  let hash = 0x811c9dc5;
  for (let index = 0; index < id.length; index += 1) {
    hash ^= id.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) & (WORLD_BUCKETS - 1);
}

const clocks = new WeakMap<object, ChangeClock>();

/**
 * The change clock of a SQLite connection. For a database in memory no other connection exists, so only the
 * own count is compared.
 */
export function sqliteChangeClock(sqlite: SQLite.Database): ChangeClock {
  const dataVersion = sqlite.memory ? undefined : sqlite.prepare<[], number>('pragma data_version').pluck();
  let own = 0;
  let others = dataVersion === undefined ? 0 : (dataVersion.get() ?? 0);
  let watching = false;
  const buckets = new Uint32Array(WORLD_BUCKETS);
  let all = 0;
  // Changes made since this connection's last commit: counted again once committed.
  const pending = new Set<number>();
  let pendingAll = false;
  const count = (bucket: number | null): void => {
    if (bucket === null) all += 1;
    else buckets[bucket] = (buckets[bucket] ?? 0) + 1;
  };
  const clock: ChangeClock = {
    now: () => ({ clock, own, others }),
    nowForWorld: (worldId) => {
      if (!watching) return { clock, own, others };
      const bucket = bucketOf(worldId);
      return { clock, own, others, world: { bucket, count: buckets[bucket] ?? 0, all } };
    },
    unchangedSince: (stamp) => {
      if (stamp.clock !== clock) return false;
      const { world } = stamp;
      if (world === undefined ? stamp.own !== own : world.all !== all || world.count !== buckets[world.bucket]) return false;
      if (dataVersion === undefined) return true;
      others = dataVersion.get() ?? Number.NaN;
      return others === stamp.others;
    },
    wrote: () => {
      own += 1;
      if (sqlite.inTransaction || (pending.size === 0 && !pendingAll)) return;
      for (const bucket of pending) count(bucket);
      if (pendingAll) count(null);
      pending.clear();
      pendingAll = false;
    },
    accessChanged: (worldId) => {
      const bucket = worldId === null ? null : bucketOf(worldId);
      count(bucket);
      if (bucket === null) pendingAll = true;
      else pending.add(bucket);
    },
    watchAccess: () => {
      watching = true;
    },
  };
  return clock;
}

/** Attaches a clock to a database handle (db/connect.ts, once per handle). */
export function setChangeClock(db: object, clock: ChangeClock): void {
  clocks.set(db, clock);
}

/** The clock of a database handle, or undefined (PostgreSQL; a transaction's handle; a handle without one). */
export function changeClockOf(db: object): ChangeClock | undefined {
  return clocks.get(db);
}

const readSince = new WeakMap<object, ChangeStamp>();

/** Records that `row` was read after `stamp` was taken (the world row of a request's access check). */
export function noteReadSince(row: object, stamp: ChangeStamp): void {
  readSince.set(row, stamp);
}

/** The stamp taken before `row` was read, when one was noted. */
export function stampBefore(row: object): ChangeStamp | undefined {
  return readSince.get(row);
}
