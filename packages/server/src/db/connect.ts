/**
 * Opens the database: the embedded SQLite file (WAL, foreign keys on, synchronous=NORMAL) by default,
 * or PostgreSQL when a postgres:// URL is given.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { SQLite } from './sqlite-driver.js';
import { CHECKPOINT_INTERVAL_MS, checkpointElsewhere, checkpointOnCommits, startCheckpointer } from './sqlite-checkpoints.js';
import pg from 'pg';
import { Kysely, type SqliteDatabase, type SqliteStatement, sql } from 'kysely';
import type { Database, Dialect } from './database.js';
import { currentActor } from './actor.js';
import { type WorldSignals, postgresWorldSignals, sqliteWorldSignals } from './world-signals.js';
import { GroupCommitSqliteDialect } from './group-commit-sqlite.js';
import { startSqliteReader } from './sqlite-reader.js';
import { registerAccessChanged } from './access-watch.js';
import { setChangeClock, sqliteChangeClock } from './change-clock.js';
import { StrictlyLaterVersions } from './strictly-later-versions.js';
import { KEPT_PLANS, LoreforgePostgresDialect, namedStatementPool } from './postgres-dialect.js';
import { analyzeStaleTables } from './postgres-analyze.js';
import { dropValueSamples } from './prepared-once.js';
import { WORD_SIMILARITY_THRESHOLD, wordSimilarity } from './trigram.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The PostgreSQL schema in use ('public' unless set); undefined on SQLite. */
  schema: string | undefined;
  /** Closes every connection. */
  destroy: () => Promise<void>;
  /**
   * Refreshes the query planner's statistics (SQLite `PRAGMA optimize`); without them
   * SQLite may scan a large world's index instead of using a search's few matches. On PostgreSQL, whose
   * autovacuum keeps them in time, it analyzes the tables autovacuum has not reached yet (postgres-analyze.ts).
   */
  optimize: () => Promise<void>;
  /** Signals of committed changes and presence, across instances (db/world-signals.ts); closed by destroy. */
  signals: WorldSignals;
}

export interface ConnectOptions {
  /** postgres://… or undefined for SQLite. */
  databaseUrl: string | undefined;
  /** SQLite file path; its folder is created when missing. */
  sqliteFile: string;
  /** PostgreSQL schema to use (tests isolate each file in its own); default public. */
  postgresSchema?: string;
  /**
   * SQLite: run reads outside transactions on a worker thread with a read-only connection of its own
   * (db/sqlite-reader.ts; default false here, while the server's configuration turns it on where the machine has
   * more than one core: config.ts). It takes the second core under many readers, for memory (docs/performance.md).
   */
  sqliteReadWorker?: boolean;
  /** PostgreSQL pool size (default 10). */
  poolSize?: number;
  /** How many PostgreSQL write transactions run at once (default twice the machine's cores, at least 2). */
  writeSlots?: number;
  /** PostgreSQL: how long to wait for a new connection before the request fails with 503 (ms, default 5,000). */
  connectTimeoutMs?: number;
  /**
   * PostgreSQL: how long one statement may run (ms, default 30,000). The server cancels it past this
   * (`statement_timeout`); the client also stops waiting a little later, so a database that stopped answering
   * altogether cannot hold a request for ever. 0 means no limit.
   */
  statementTimeoutMs?: number;
  /** PostgreSQL: the name the connections show in pg_stat_activity (default 'loreforge'). */
  applicationName?: string;
  /** Told of each connection that failed while idle or between queries (to log it); the connection is replaced. */
  onConnectionError?: (error: Error) => void;
}

/** Defaults of the PostgreSQL timeouts (README "Configuration": DATABASE_CONNECT_TIMEOUT_MS, DATABASE_STATEMENT_TIMEOUT_MS). */
export const DATABASE_TIMEOUT_DEFAULTS = { connectMs: 5_000, statementMs: 30_000 } as const;

/** How much longer than `statement_timeout` the client waits for an answer before it gives the connection up. */
const CLIENT_GRACE_MS = 2_000;

/**
 * Opens the PostgreSQL pool so that no dropped connection can take the process down: pg emits 'error' on a
 * pool whose idle connection dies (pg_terminate_backend, a restart, a failover, a TCP reset), and on a checked-out
 * connection that dies between queries; an 'error' event nobody listens to ends the process. Both are heard here
 * and the connection is thrown away; the next query opens a new one, so the server recovers on the database's return.
 */
function openPostgresPool(options: ConnectOptions & { databaseUrl: string }): pg.Pool {
  const statementTimeoutMs = options.statementTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.statementMs;
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DATABASE_TIMEOUT_DEFAULTS.connectMs,
    // 0 means no limit (migrations, which may rightly run for minutes).
    ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs, query_timeout: statementTimeoutMs + CLIENT_GRACE_MS } : {}),
    keepAlive: true,
    application_name: options.applicationName ?? 'loreforge',
    // The world search's typo tolerance: pg_trgm's `<%` operator (served by the trigram indexes) uses this threshold.
    options: [
      ...(options.postgresSchema ? [`-c search_path=${options.postgresSchema}`] : []),
      `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD}`,
      // Each named statement (namedStatementPool) is planned once per connection and that plan kept. By default
      // PostgreSQL compares a generic plan's estimate with the plans it made for the first five runs' values,
      // and a bound LIMIT and OFFSET make the generic estimate look dearer, so it planned every page again on
      // every run: 200-400 µs a characters page, more than running it. Every statement is keyed by its world
      // or row, and a search of a small world is written so no index depends on its term (lib/list/query.ts); a
      // large scope's search is planned for its values (db/planned-for-values.ts).
      `-c plan_cache_mode=${KEPT_PLANS}`,
    ].join(' '),
  });
  const report = options.onConnectionError ?? (() => undefined);
  pool.on('error', (error) => report(error));
  // From the moment a connection exists, something listens to its errors: pg-pool stops listening while a
  // connection is checked out, and a drop in that window would otherwise be an unheard 'error'.
  pool.on('connect', (client) => client.on('error', (error) => report(error)));
  return pool;
}

// PostgreSQL returns COUNT(*) and BIGINT as strings; every count Loreforge keeps fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));

/** How many distinct SQL texts keep a prepared statement (queries are built from a bounded set of shapes). */
const STATEMENT_CACHE_SIZE = 1000;

/**
 * Wraps better-sqlite3 so each distinct SQL text is prepared once and reused (least recently used are dropped
 * past STATEMENT_CACHE_SIZE). Kysely prepares on every query otherwise; reuse is safe because the driver runs
 * each statement to completion synchronously and never streams.
 */
export function withStatementCache(sqlite: BetterSqlite3.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare: (sql: string) => {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > size) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return statement;
    },
  };
}

/** The app connection's SQLite page cache when a reader takes the reads (KiB; see connectDatabase). */
export const APP_PAGE_CACHE_WITH_READER_KIB = 4096;

/**
 * Connects to the configured database.
 * @returns a handle with the Kysely instance, the dialect name and a destroy function.
 * @throws Error when the SQLite file cannot be opened (PostgreSQL errors surface on first query).
 */
export function connectDatabase(options: ConnectOptions): DatabaseHandle {
  if (options.databaseUrl && /^postgres(ql)?:\/\//.test(options.databaseUrl)) {
    const pool = openPostgresPool({ ...options, databaseUrl: options.databaseUrl });
    const writeSlots = options.writeSlots ?? Math.max(2, 2 * os.availableParallelism());
    const db = new Kysely<Database>({ dialect: new LoreforgePostgresDialect({ pool: namedStatementPool(pool), writeSlots }) });
    const schema = options.postgresSchema ?? 'public';
    const signals = postgresWorldSignals(options.databaseUrl, schema);
    const destroy = async () => {
      await signals.close();
      await db.destroy();
    };
    const optimize = async () => {
      await analyzeStaleTables(db, schema);
    };
    return { db, dialect: 'postgres', schema, destroy, optimize, signals };
  }
  if (options.databaseUrl) throw new Error('DATABASE_URL must start with postgres:// (or be unset for SQLite).');
  fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('busy_timeout = 5000');
  // After a checkpoint has copied everything, the WAL restarts from its beginning; cap what it keeps on disk.
  sqlite.pragma('journal_size_limit = 67108864');
  // pg_trgm's word_similarity, so the world search's typo tolerance is the same on both databases.
  sqlite.function('lf_word_similarity', { deterministic: true }, (query, text) =>
    typeof query === 'string' && typeof text === 'string' ? wordSimilarity(query, text) : 0,
  );
  // The change log's triggers name the acting user of the statement's request (db/actor.ts); SQLite runs a
  // statement synchronously inside the query call, so the request's asynchronous context is the current one.
  sqlite.function('lf_actor', { deterministic: false, varargs: false }, () => currentActor() ?? null);
  // Reads outside transactions on a second core (db/sqlite-reader.ts); a database in memory has no second connection.
  // The reader's thread also takes the checkpoints, between its reads: a thread of their own is a V8 heap of its own
  // (about 9 MB) for a statement every 200 ms. Should the reader stop, this connection checkpoints again itself.
  const reader =
    options.sqliteReadWorker === true && !sqlite.memory
      ? startSqliteReader(options.sqliteFile, {
          checkpointEveryMs: CHECKPOINT_INTERVAL_MS,
          onStopped: () => checkpointOnCommits(sqlite),
        })
      : undefined;
  if (reader) checkpointElsewhere(sqlite);
  const stopCheckpointer = sqlite.memory || reader ? async () => undefined : startCheckpointer(sqlite, options.sqliteFile);
  // With a reader, this connection runs the writes, the transactions and the reads the reader may not take: a
  // smaller page cache than better-sqlite3's 16 MB default serves them, and keeps both connections' caches within
  // what one held before (docs/performance.md, "Reads on a second core").
  if (reader) sqlite.pragma(`cache_size = -${APP_PAGE_CACHE_WITH_READER_KIB}`);
  const signals = sqliteWorldSignals();
  const clock = sqliteChangeClock(sqlite);
  registerAccessChanged(sqlite, clock);
  const db = new Kysely<Database>({
    dialect: new GroupCommitSqliteDialect({ database: withStatementCache(sqlite), sqlite, onCommit: signals.committed, clock, reader }),
    // One change per write: see db/strictly-later-versions.ts.
    plugins: [new StrictlyLaterVersions()],
  });
  setChangeClock(db, clock);
  // A full analysis: sampled statistics (analysis_limit) misjudged how many characters a world holds and kept
  // the bad plan. It costs about 0.3 s per 300,000 rows, at start and then only for tables that changed much.
  // Through Kysely, so it waits for the connection like any query and never runs inside a group of writes.
  // Without sqlite_stat4's samples, which made SQLite prepare nearly every statement again at each run
  // (db/prepared-once.ts); the reader, which read the statistics when it opened, opens again to read them anew.
  const optimize = async () => {
    await sql.raw('pragma optimize = 0x10002').execute(db);
    await dropValueSamples(db);
    reader?.reopen();
  };
  const destroy = async () => {
    await signals.close();
    await stopCheckpointer();
    await db.destroy();
  };
  return { db, dialect: 'sqlite', schema: undefined, destroy, optimize, signals };
}
