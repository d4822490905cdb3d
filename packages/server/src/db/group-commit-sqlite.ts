/**
 * Kysely's SQLite dialect with group commit: write transactions that queue up behind each other share one
 * physical COMMIT, each inside its own savepoint, and every one of them is answered only after that COMMIT.
 *
 * Why: SQLite serialises writers, so under many concurrent creates each request's transaction waits for the
 * previous one anyway, and most of a small transaction's cost is its COMMIT (the WAL frames of the row's table
 * and index pages, the full-text index's new segment, the world row). Measured in-process on the
 * benchmark's world, a create cost about 200-300 µs alone and 80 µs in groups of 16.
 *
 * How (Kysely runs a transaction as: acquire the connection, begin, callback, commit or rollback, release):
 * - The one connection is guarded by a first-in, first-out lock. Each acquisition gets its own lease, which takes
 *   the lock when it first needs the connection: a transaction, or a statement that runs there. A read outside a
 *   transaction runs on the reader instead when there is one (db/sqlite-reader.ts), holding nothing.
 * - begin: opens the physical transaction (BEGIN IMMEDIATE) unless a group is open, then SAVEPOINT.
 * - commit: RELEASE the savepoint. Unless the group is full, the lease joins the group: it hands the connection
 *   to the next waiter and waits for the group's COMMIT; when nobody waits, that COMMIT is scheduled for the end
 *   of the current turn of the event loop (setImmediate), so the requests Node has already read in this turn
 *   (each runs its whole transaction within the turn, SQLite being synchronous) join the same COMMIT. A full
 *   group is committed at once, this transaction's work included.
 * - rollback: ROLLBACK TO and RELEASE the savepoint: only this transaction's work is undone. If SQLite itself
 *   ended the whole transaction (a disk error), everyone waiting in the group gets that error.
 * - A query outside a transaction on the connection (a single write, a read when there is no reader) first
 *   COMMITs any open group, so it never sees or joins work that is not yet durable (the reader's own connection
 *   never sees it); a release with nobody waiting does the same, so a group is never
 *   left open.
 * Durability is unchanged: a write is answered only after the COMMIT that contains it returned.
 */
import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type QueryResult,
  SqliteDialect,
  type SqliteDatabase,
} from 'kysely';
import type { ChangeClock } from './change-clock.js';
import { FifoSlots } from './fifo-slots.js';
import { PreparedOnceSqliteQueryCompiler } from './prepared-once.js';
import type { SqliteReader } from './sqlite-reader.js';

/** The most transactions one COMMIT carries, so no request waits behind an unbounded group. */
export const GROUP_COMMIT_MAX = 32;

const SAVEPOINT = 'loreforge_transaction';

interface GroupMember {
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** One acquisition of the connection. */
class Lease implements DatabaseConnection {
  released = false;
  inTransaction = false;
  /** Whether this lease holds the app's connection (taken for its first transaction or statement that runs there). */
  holds = false;

  constructor(private readonly driver: GroupCommitSqliteDriver) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    return this.driver.execute<R>(this, compiledQuery);
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.driver.execute<R>(this, compiledQuery);
  }
}

/** The lease behind a connection this driver handed out; any other connection is a programming error. */
function leaseOf(connection: DatabaseConnection): Lease {
  if (!(connection instanceof Lease)) throw new Error('The connection was not acquired from this SQLite driver.');
  return connection;
}

/** The column names of each reader statement switched to raw rows (columnNamesOf). */
const columnNames = new WeakMap<SQLite.Statement, readonly string[]>();

/**
 * A reader statement's column names, in order; the first call switches the statement to raw rows for good, so a
 * statement prepared by this driver must not be run elsewhere for object rows. Rows are built by objectsOf:
 * better-sqlite3 sets each field of each row through the V8 API, and a page of 11 characters (16 columns) took
 * 46 µs that way against 32-34 µs built in JavaScript (docs/performance.md, "Where a miss's time goes now").
 * @param statement a statement that returns data (`reader`), from this driver's cache.
 */
function columnNamesOf(statement: SQLite.Statement): readonly string[] {
  let names = columnNames.get(statement);
  if (names === undefined) {
    names = statement.columns().map((column) => column.name);
    statement.raw(true);
    columnNames.set(statement, names);
  }
  return names;
}

/**
 * Raw rows as objects keyed by column name (a later column of the same name wins), as better-sqlite3's default
 * mode makes them.
 * @param names the statement's column names (columnNamesOf).
 * @param values its rows as arrays, columns in the same order.
 */
function objectsOf(names: readonly string[], values: unknown[][]): Array<Record<string, unknown>> {
  return values.map((fields) => {
    const row: Record<string, unknown> = {};
    let column = 0;
    for (const name of names) row[name] = fields[column++];
    return row;
  });
}

/** Whether each statement may run on the reader (readerColumnsOf). */
const readable = new WeakMap<SQLite.Statement, boolean>();

/**
 * The column names of a statement the reader may run (db/sqlite-reader.ts): one that returns rows and writes
 * nothing, is no PRAGMA (those read or set the connection's own state, `max_page_count`, `query_only` …), calls
 * none of the app's own SQL functions (registered on the app's connection only: `lf_…`), and returns no BLOB
 * column (a worker sends bytes back as Uint8Array, not Buffer). Undefined for any other.
 */
function readerColumnsOf(statement: SQLite.Statement, sql: string): readonly string[] | undefined {
  let may = readable.get(statement);
  if (may === undefined) {
    may =
      statement.reader &&
      statement.readonly &&
      !/^\s*pragma\b/i.test(sql) &&
      !/\blf_/.test(sql) &&
      !statement.columns().some((column) => column.type?.toLowerCase() === 'blob');
    readable.set(statement, may);
  }
  return may ? columnNamesOf(statement) : undefined;
}

/** Options of the group-commit dialect. */
export interface GroupCommitSqliteConfig {
  /** Prepares statements (possibly from a cache) and closes the database. */
  database: SqliteDatabase;
  /** The underlying connection, to tell whether SQLite still has a transaction open after an error. */
  sqlite: SQLite.Database;
  /** Told after each COMMIT and each write outside a transaction (the live feed reads new changes then). */
  onCommit?: () => void;
  /** Told of every statement that may write and of every COMMIT, synchronously (db/change-clock.ts). */
  clock?: ChangeClock;
  /** Runs read statements outside transactions on a worker thread (db/sqlite-reader.ts); closed by destroy. */
  reader?: SqliteReader | undefined;
}

/** The driver; see the module comment. */
export class GroupCommitSqliteDriver implements Driver {
  /** The one connection's lock: a single slot. */
  readonly #mutex = new FifoSlots(1);
  /** The members waiting for the open physical transaction's COMMIT, or undefined when none is open. */
  #group: GroupMember[] | undefined;
  /** Whether a COMMIT of the open group is scheduled for the end of this turn of the event loop. */
  #commitScheduled = false;

  constructor(private readonly config: GroupCommitSqliteConfig) {}

  async init(): Promise<void> {
    // Nothing to open: the SQLite database is opened by the caller and shared.
  }

  /** A lease, which takes the app's connection only when it needs it (a transaction, a statement that runs there). */
  async acquireConnection(): Promise<DatabaseConnection> {
    return new Lease(this);
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = leaseOf(connection);
    await this.#hold(lease);
    if (this.#group === undefined) {
      this.#exec('begin immediate');
      this.#group = [];
    }
    this.#exec(`savepoint ${SAVEPOINT}`);
    lease.inTransaction = true;
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = leaseOf(connection);
    this.#exec(`release ${SAVEPOINT}`);
    lease.inTransaction = false;
    const group = this.#group ?? [];
    if (group.length + 1 < GROUP_COMMIT_MAX) {
      const committed = new Promise<void>((resolve, reject) => group.push({ resolve, reject }));
      lease.released = true;
      // Nobody waits now: requests read in this turn of the event loop may still join before the COMMIT.
      if (this.#mutex.waiting === 0) this.#scheduleCommit();
      this.#mutex.give();
      await committed;
      return;
    }
    this.#commitGroup();
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const lease = leaseOf(connection);
    const wasInTransaction = lease.inTransaction;
    lease.inTransaction = false;
    if (this.#group === undefined) return;
    if (!this.config.sqlite.inTransaction) {
      // SQLite ended the whole transaction itself: everyone in the group lost their work.
      this.#failGroup(new Error('The database rolled back a group of writes after an error; nothing of them was saved.'));
      return;
    }
    if (wasInTransaction) {
      this.#exec(`rollback to ${SAVEPOINT}`);
      this.#exec(`release ${SAVEPOINT}`);
    }
    if (this.#group.length === 0) {
      this.#group = undefined;
      this.#exec('rollback');
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const lease = leaseOf(connection);
    if (lease.released) return;
    lease.released = true;
    if (!lease.holds) return;
    if (this.#group !== undefined && this.#mutex.waiting === 0) {
      try {
        this.#commitGroup();
      } catch {
        // The group's members were given the error; this lease's own transaction had already failed.
      }
    }
    this.#mutex.give();
  }

  async destroy(): Promise<void> {
    await this.config.reader?.close();
    await this.#mutex.take();
    try {
      if (this.#group !== undefined) this.#commitGroup();
    } finally {
      this.config.database.close();
    }
  }

  /**
   * COMMITs the open group once the event loop has handled the requests it has already read (setImmediate), taking
   * the connection like any query; a group that someone else committed meanwhile is left alone.
   */
  #scheduleCommit(): void {
    if (this.#commitScheduled) return;
    this.#commitScheduled = true;
    setImmediate(() => {
      void this.#mutex.take().then(() => {
        this.#commitScheduled = false;
        try {
          if (this.#group !== undefined) this.#commitGroup();
        } catch {
          // The group's members were given the error.
        } finally {
          this.#mutex.give();
        }
      });
    });
  }

  /** Takes the app's connection for a lease that does not hold it yet (first in, first out). */
  async #hold(lease: Lease): Promise<void> {
    if (lease.holds) return;
    await this.#mutex.take();
    lease.holds = true;
  }

  /**
   * Runs one statement for a lease: a read outside a transaction on the reader when there is one (it sees every
   * commit made before it starts, never an open group's uncommitted work), anything else on the app's connection.
   * @throws the database's error.
   */
  async execute<R>(lease: Lease, compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const { reader } = this.config;
    if (reader?.alive && !lease.inTransaction) {
      const { sql, parameters } = compiledQuery;
      const names = readerColumnsOf(this.config.database.prepare(sql) as unknown as SQLite.Statement, sql);
      if (names !== undefined) return { rows: objectsOf(names, await reader.all(sql, parameters)) as R[] };
    }
    await this.#hold(lease);
    return this.run<R>(lease, compiledQuery);
  }

  /**
   * Runs one statement on the app's connection, which the lease holds; outside a transaction it first commits
   * any open group.
   * @throws the database's error.
   */
  run<R>(lease: Lease, compiledQuery: CompiledQuery): QueryResult<R> {
    if (this.#group !== undefined && !lease.inTransaction) this.#commitGroup();
    const { sql, parameters } = compiledQuery;
    const statement = this.config.database.prepare(sql);
    // better-sqlite3's statements say whether they may write (Kysely's interface does not declare it); one that
    // returns rows may write too (INSERT … RETURNING).
    const mayWrite = (statement as { readonly?: boolean }).readonly !== true;
    if (statement.reader) {
      try {
        const raw = statement as unknown as SQLite.Statement;
        return { rows: objectsOf(columnNamesOf(raw), raw.all(parameters) as unknown[][]) as R[] };
      } finally {
        if (mayWrite) this.config.clock?.wrote();
      }
    }
    let result: ReturnType<typeof statement.run>;
    try {
      result = statement.run(parameters);
    } finally {
      this.config.clock?.wrote();
    }
    const { changes, lastInsertRowid } = result;
    if (!lease.inTransaction && changes > 0) this.config.onCommit?.();
    return {
      numAffectedRows: BigInt(changes),
      insertId: BigInt(lastInsertRowid),
      rows: [],
    };
  }

  #exec(sql: string): void {
    this.config.database.prepare(sql).run([]);
  }

  /** COMMITs the open group and answers its members; on failure rolls back and gives them the error. */
  #commitGroup(): void {
    const members = this.#group ?? [];
    this.#group = undefined;
    try {
      this.#exec('commit');
    } catch (error) {
      this.config.clock?.wrote();
      if (this.config.sqlite.inTransaction) {
        try {
          this.#exec('rollback');
        } catch {
          // The transaction is gone either way; the members get the COMMIT's error below.
        }
      }
      for (const member of members) member.reject(error);
      throw error;
    }
    this.config.clock?.wrote();
    for (const member of members) member.resolve();
    this.config.onCommit?.();
  }

  #failGroup(error: Error): void {
    const members = this.#group ?? [];
    this.#group = undefined;
    for (const member of members) member.reject(error);
  }
}

/**
 * SqliteDialect whose driver commits concurrent write transactions together (see the module comment) and whose
 * compiler writes statements SQLite prepares once (db/prepared-once.ts).
 */
export class GroupCommitSqliteDialect extends SqliteDialect {
  readonly #config: GroupCommitSqliteConfig;

  constructor(config: GroupCommitSqliteConfig) {
    super({ database: config.database });
    this.#config = config;
  }

  override createDriver(): Driver {
    return new GroupCommitSqliteDriver(this.#config);
  }

  override createQueryCompiler(): QueryCompiler {
    return new PreparedOnceSqliteQueryCompiler();
  }
}
