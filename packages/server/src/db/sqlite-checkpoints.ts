/**
 * Background WAL checkpoints for a SQLite file (docs/performance.md, "Memory given back, and a shorter tail it
 * could buy"). A checkpoint copies committed pages from the WAL into the database file and syncs both
 * (synchronous=NORMAL), which on the request thread stalled every request behind it about every 50 creates
 * (SQLite's default, at 1,000 WAL pages). PASSIVE checkpoints never block readers or the writer, and copying every
 * 200 ms writes each hot page (world row, index leaves) once instead of once per commit. Durability is unchanged: a
 * commit is complete once its WAL frames are written, checkpointed or not.
 *
 * They run off the request thread: in the reader's worker when there is one (db/sqlite-reader.ts), else in a worker
 * of their own (`startCheckpointer`). Both run the same script, `CHECKPOINTS_SOURCE`.
 */
import { Worker } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { sqliteDriverPath } from './sqlite-driver.js';

/** How often the background connection copies the WAL into the database file, in ms. */
export const CHECKPOINT_INTERVAL_MS = 200;

/**
 * Worker script text that defines `startCheckpoints(SQLite, file, everyMs)`: it opens a read-write connection of
 * its own to the file (which must exist), takes a PASSIVE checkpoint every `everyMs` (a failed one is skipped: the
 * next one copies what it did not) and returns a function that stops them and closes that connection.
 */
export const CHECKPOINTS_SOURCE = `
const startCheckpoints = (SQLite, file, everyMs) => {
  const connection = new SQLite(file, { fileMustExist: true });
  connection.pragma('synchronous = NORMAL');
  const timer = setInterval(() => { try { connection.pragma('wal_checkpoint(PASSIVE)'); } catch {} }, everyMs);
  return () => { clearInterval(timer); connection.close(); };
};
`;

const CHECKPOINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
${CHECKPOINTS_SOURCE}
const stop = startCheckpoints(require(workerData.driver), workerData.file, workerData.everyMs);
parentPort.once('message', () => { stop(); parentPort.close(); });
`;

/**
 * Turns a connection's automatic checkpoints off, for a background connection to take them instead
 * (`CHECKPOINTS_SOURCE`, run by the reader's worker or by `startCheckpointer`); `checkpointOnCommits` undoes it.
 */
export function checkpointElsewhere(sqlite: BetterSqlite3.Database): void {
  sqlite.pragma('wal_autocheckpoint = 0');
}

/**
 * Gives a connection's checkpoints back to SQLite's own automatic ones (every 1,000 WAL pages, on the committing
 * thread), as when the background checkpoints stop: the WAL then never grows without bound.
 */
export function checkpointOnCommits(sqlite: BetterSqlite3.Database): void {
  if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
}

/**
 * Starts the background checkpoints of a SQLite file in a worker of their own and turns the connection's own
 * automatic checkpoints off. If the worker fails, automatic checkpoints come back on (`checkpointOnCommits`).
 * @param sqlite the app's connection to the file (in WAL mode).
 * @param file the database file.
 * @returns a function that stops the worker (before the last connection closes and checkpoints the rest).
 */
export function startCheckpointer(sqlite: BetterSqlite3.Database, file: string): () => Promise<void> {
  const worker = new Worker(CHECKPOINT_WORKER, {
    eval: true,
    workerData: { driver: sqliteDriverPath(), file, everyMs: CHECKPOINT_INTERVAL_MS },
  });
  worker.unref();
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', () => undefined);
  void exited.then(() => {
    if (!stopping) checkpointOnCommits(sqlite);
  });
  checkpointElsewhere(sqlite);
  return async () => {
    stopping = true;
    worker.ref(); // keep the process alive until the worker has closed its connection
    worker.postMessage('stop');
    await exited;
  };
}
