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
}

/** A database's change clock; see the module comment. */
export interface ChangeClock {
  /** The stamp of now, without any statement. Take it before the reads it is to vouch for. */
  now: () => ChangeStamp;
  /**
   * Whether certainly nothing was committed since `stamp`: true is exact; false means something may have been
   * (the caller then asks the database). Runs `PRAGMA data_version` (no table read) when the own count held.
   */
  unchangedSince: (stamp: ChangeStamp) => boolean;
  /** Records a statement of this connection that may have written (called by the driver, synchronously after it ran). */
  wrote: () => void;
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
  const clock: ChangeClock = {
    now: () => ({ clock, own, others }),
    unchangedSince: (stamp) => {
      if (stamp.clock !== clock || stamp.own !== own) return false;
      if (dataVersion === undefined) return true;
      others = dataVersion.get() ?? Number.NaN;
      return others === stamp.others;
    },
    wrote: () => {
      own += 1;
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
