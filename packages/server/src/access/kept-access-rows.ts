/**
 * Access rows kept while nothing is committed (SQLite). Every world-scoped request reads the world with the
 * caller's role and token version (world-scope.ts); under reads, a member asks for one world many times in a row
 * and the statement answers the same row each time. A kept row is used only while the database's change clock
 * (db/change-clock.ts) shows that nothing its row is made of changed since the stamp taken before it was read: no
 * commit by any other connection, and no write of this process to the world's row, its memberships or a token
 * version (db/access-watch.ts). Then the statement would answer the same row, so the kept one is exactly what it
 * would read. Such a write (a member removed or given another role, a token revoked, the world or its content
 * edited, which raises its content version) makes the world's kept rows stale, a token's change every world's,
 * and the next request reads its row again; writes to other worlds leave them.
 *
 * PostgreSQL has no change clock (other instances commit unseen), so there nothing is kept and every request
 * reads its row. docs/performance.md, "The server's CPU per request, and what came off it", has what it buys.
 */
import { type ChangeStamp, changeClockOf } from '../db/change-clock.js';
import { WeightedLru } from '../lib/lru.js';

/**
 * What a database keeps at most, least recently used dropped first: (world, user) rows, and their text in
 * characters (a world's description and its HTML may hold tens of thousands each, and each member's row has its
 * own copy).
 */
export const keptAccessRowLimits = { maxEntries: 4096, maxCharacters: 2_000_000 };

/** A row's weight: its text's length in characters, and one for the row. */
function weightOf(row: object): number {
  let weight = 1;
  for (const value of Object.values(row)) if (typeof value === 'string') weight += value.length;
  return weight;
}

interface KeptRow {
  /** Taken before the row was read. */
  stamp: ChangeStamp;
  row: object;
}

const keptRows = new WeakMap<object, WeightedLru<KeptRow>>();

/**
 * A row read after a stamp of the database's change clock, or the same row kept from an earlier read when nothing
 * it is made of changed since that read's stamp (the world's stamp: see the module comment).
 * @param db the database handle (a transaction's handle has no clock: its reads are never kept nor served).
 * @param worldId the world the row is of: its stamp ends with a change to that world's access, or to every
 * world's (db/change-clock.ts nowForWorld), not with writes to other worlds.
 * @param key names the row among the database's kept rows (the world's and the user's ids).
 * @param read runs the statement; `undefined` (no row) is answered but not kept.
 * @returns the row (kept or read) and the stamp taken before it was read (undefined without a clock), which
 * callers note for the read cache (db/change-clock.ts noteReadSince).
 * @throws whatever `read` throws.
 */
export async function readKeptAccessRow<Row extends object>(
  db: object,
  worldId: string,
  key: string,
  read: () => Promise<Row | undefined>,
): Promise<{ row: Row | undefined; stamp: ChangeStamp | undefined }> {
  const clock = changeClockOf(db);
  if (clock === undefined) return { row: await read(), stamp: undefined };
  let kept = keptRows.get(db);
  if (kept === undefined) {
    kept = new WeightedLru<KeptRow>(keptAccessRowLimits.maxEntries, keptAccessRowLimits.maxCharacters);
    keptRows.set(db, kept);
  }
  const entry = kept.get(key);
  if (entry !== undefined && clock.unchangedSince(entry.stamp)) return { row: entry.row as Row, stamp: entry.stamp };
  const stamp = clock.nowForWorld(worldId);
  const row = await read();
  if (row === undefined) kept.delete(key);
  else kept.set(key, { stamp, row }, weightOf(row));
  return { row, stamp };
}
