/**
 * SQLite reads on a worker thread (docs/performance.md, "Reads on a second core"). Under real traffic the server's
 * one JavaScript thread is saturated and half of its time is SQLite running read statements, while the machine's
 * other cores wait. A reader runs those statements on its own read-only connection to the same file, in a worker
 * thread: in WAL mode readers never block the writer nor each other, and each statement sees every commit made
 * before it started (db/group-commit-sqlite.ts sends it there only outside a transaction, after the writes the
 * request has awaited). Writes, transactions, and statements that call the app's own SQL functions stay on the
 * app's connection.
 */
import { Worker } from 'node:worker_threads';
import { CHECKPOINTS_SOURCE } from './sqlite-checkpoints.js';
import { sqliteDriverPath } from './sqlite-driver.js';

/** How many statements the reader's connection keeps prepared (least recently used dropped first). */
const READER_STATEMENT_CACHE_SIZE = 500;

/**
 * The reader's page cache, in KiB (SQLite's `cache_size`, negative for KiB). better-sqlite3 builds SQLite with a
 * 16 MB default, which the reader filled under traffic spread over many worlds: 14 MB of the 45-50 MB it cost. The
 * pages it misses come from the operating system's file cache, on the core the reader has to spare.
 */
export const READER_PAGE_CACHE_KIB = 2048;

/**
 * How long, in ms, the reader works on a batch before it sends back the answers it has (see READER_WORKER). A
 * batch answered only at its end held the app thread idle while the reader ran it, and the reader idle while the
 * app thread then presented all its answers: under spread traffic the two threads took turns instead of working
 * at once.
 */
const ANSWER_EVERY_MS = 0.5;

/**
 * The worker: one read-only connection, statements kept prepared in raw mode. Each message is a batch of
 * statements, run in order, answered in the same order by messages of the answers ready so far (one at least
 * every ANSWER_EVERY_MS of work); or 'reopen', which opens the connection anew (after the batches before it), or
 * 'stop'.
 */
const READER_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const open = () => {
  const connection = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
  connection.pragma('busy_timeout = 5000');
  connection.pragma('cache_size = -' + workerData.pageCacheKib);
  return connection;
};
let db = open();
// Checkpoints, when asked for, on a read-write connection of their own (a read-only one may not write the file).
${CHECKPOINTS_SOURCE}
const stopCheckpoints = workerData.checkpointEveryMs > 0 ? startCheckpoints(SQLite, workerData.file, workerData.checkpointEveryMs) : undefined;
const statements = new Map();
const answer = ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (statement === undefined) {
      statement = db.prepare(sql).raw(true);
      if (statements.size >= workerData.cacheSize) statements.delete(statements.keys().next().value);
    } else {
      statements.delete(sql);
    }
    statements.set(sql, statement);
    return { id, rows: statement.all(parameters) };
  } catch (error) {
    return { id, error: { message: String(error && error.message), code: error && error.code } };
  }
};
parentPort.on('message', (message) => {
  if (message === 'stop') {
    stopCheckpoints?.();
    statements.clear();
    db.close();
    parentPort.close();
    return;
  }
  if (message === 'reopen') {
    statements.clear();
    db.close();
    db = open();
    return;
  }
  // Answers go back as they are ready, a message at least every answerEveryMs of work, not the whole batch at
  // the end: the app thread then presents the first requests' rows while the reader runs the batch's last ones.
  let answers = [];
  let since = performance.now();
  for (const statement of message) {
    answers.push(answer(statement));
    if (performance.now() - since >= workerData.answerEveryMs) {
      parentPort.postMessage(answers);
      answers = [];
      since = performance.now();
    }
  }
  if (answers.length > 0) parentPort.postMessage(answers);
});
`;

/** A read statement's failure on the reader, with SQLite's error code (as better-sqlite3's SqliteError carries it). */
export class SqliteReaderError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'SqliteError';
  }
}

/** The reader of one SQLite file; see the module comment. */
export interface SqliteReader {
  /** False once the worker has stopped or failed: callers then run reads on the app's connection. */
  readonly alive: boolean;
  /**
   * Runs one read-only statement on the reader's connection.
   * @param sql the statement's text (a SELECT, or a WITH ending in one, that calls none of the app's functions).
   * @param parameters its bound values (numbers, strings, null).
   * @returns its rows as arrays, the columns in the statement's order.
   * @throws SqliteReaderError for SQLite's error; Error when the reader stopped before answering.
   */
  all: (sql: string, parameters: readonly unknown[]) => Promise<unknown[][]>;
  /**
   * Opens the reader's connection anew once the statements already asked for have answered, so it reads the file's
   * schema and planner statistics as they are now: a connection reads them when it loads the schema and again only
   * when the schema changes, which new statistics do not do (db/prepared-once.ts).
   */
  reopen: () => void;
  /** Stops the worker after the statements already sent have answered, and closes its connection. */
  close: () => Promise<void>;
}

interface Pending {
  resolve: (rows: unknown[][]) => void;
  reject: (error: Error) => void;
}

interface ReaderAnswer {
  id: number;
  rows?: unknown[][];
  error?: { message: string; code?: string };
}

/** What a reader does besides reads. */
export interface SqliteReaderOptions {
  /**
   * Copies the WAL into the database file every so many ms (a PASSIVE checkpoint, which never blocks readers or the
   * writer) on a read-write connection of the worker's own, so the checkpoints need no thread of their own
   * (db/sqlite-checkpoints.ts); 0 or absent: none.
   */
  checkpointEveryMs?: number;
  /** Called once when the worker stops, whether closed or failed (the app then checkpoints on its own again). */
  onStopped?: () => void;
}

/**
 * Starts a reader for a SQLite file in WAL mode that the app's connection has already opened.
 * @param file the database file.
 * @returns the reader; it holds the process open only while a statement is in flight.
 */
export function startSqliteReader(file: string, options: SqliteReaderOptions = {}): SqliteReader {
  const worker = new Worker(READER_WORKER, {
    eval: true,
    workerData: {
      driver: sqliteDriverPath(),
      file,
      cacheSize: READER_STATEMENT_CACHE_SIZE,
      pageCacheKib: READER_PAGE_CACHE_KIB,
      answerEveryMs: ANSWER_EVERY_MS,
      checkpointEveryMs: options.checkpointEveryMs ?? 0,
    },
  });
  worker.unref();
  const pending = new Map<number, Pending>();
  let nextId = 0;
  let alive = true;
  /**
   * Statements asked for since the last batch was sent. Under load many requests ask in one turn of the event
   * loop; they go as one message, sent after the turn's I/O callbacks (setImmediate), so each costs the two
   * threads a share of one message instead of one each way (docs/performance.md, "The server's CPU per request, and what came off it").
   */
  let unsent: Array<{ id: number; sql: string; parameters: readonly unknown[] }> = [];
  const send = (): void => {
    const batch = unsent;
    unsent = [];
    if (alive && batch.length > 0) worker.postMessage(batch);
  };
  const failAll = (error: Error): void => {
    alive = false;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  worker.on('message', (answers: ReaderAnswer[]) => {
    for (const answer of answers) {
      const waiting = pending.get(answer.id);
      if (waiting === undefined) continue;
      pending.delete(answer.id);
      if (answer.error) waiting.reject(new SqliteReaderError(answer.error.message, answer.error.code));
      else waiting.resolve(answer.rows ?? []);
    }
    if (pending.size === 0) worker.unref();
  });
  worker.once('error', (error) => failAll(error));
  const exited = new Promise<void>((resolve) =>
    worker.once('exit', () => {
      failAll(new Error('The database reader stopped.'));
      options.onStopped?.();
      resolve();
    }),
  );
  return {
    get alive() {
      return alive;
    },
    all: (sql, parameters) =>
      new Promise<unknown[][]>((resolve, reject) => {
        if (!alive) {
          reject(new Error('The database reader stopped.'));
          return;
        }
        const id = nextId++;
        if (pending.size === 0) worker.ref();
        pending.set(id, { resolve, reject });
        if (unsent.length === 0) setImmediate(send);
        unsent.push({ id, sql, parameters });
      }),
    reopen: () => {
      if (!alive) return;
      send();
      worker.postMessage('reopen');
    },
    close: async () => {
      if (!alive) return exited;
      send(); // what was asked for before close is answered before the worker stops
      alive = false;
      worker.ref(); // keep the process alive until the worker has closed its connection
      worker.postMessage('stop');
      await exited;
    },
  };
}
