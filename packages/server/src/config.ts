/**
 * Runtime configuration read from the environment (README "Configuration").
 * Every value has a default that runs the embedded SQLite database under the repository's `data/` folder.
 */
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, two levels above this package, so `data/` is the same whatever the working directory. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppConfig {
  /** TCP port to listen on (default 3000). */
  port: number;
  /** Host or address to listen on (default 'localhost'). */
  host: string;
  /** postgres://… to use PostgreSQL; undefined for the embedded SQLite file. */
  databaseUrl: string | undefined;
  /** PostgreSQL connections this instance keeps open (default 10). */
  databasePoolSize: number;
  /**
   * PostgreSQL write transactions this instance runs at once (default twice the machine's cores, at least 2);
   * reads use the whole pool. More only queue inside the database (db/postgres-write-slots.ts).
   */
  databaseWriteConcurrency: number;
  /** PostgreSQL: how long to wait for a connection before a request answers 503 (ms, default 5,000). */
  databaseConnectTimeoutMs: number;
  /** PostgreSQL: how long one statement may run before it is cancelled and the request answers 503 (ms, default 30,000). */
  databaseStatementTimeoutMs: number;
  /** Folder for the SQLite file and the generated token secret (default `<repo>/data`). */
  dataDir: string;
  /** SQLite file path (default `<dataDir>/loreforge.sqlite`). */
  sqliteFile: string;
  /**
   * SQLite: reads on a worker thread of their own (db/sqlite-reader.ts): SQLITE_READ_WORKER=true or false, and by
   * default on where the machine has more than one core (sqliteReadWorkerDefault).
   */
  sqliteReadWorker: boolean;
  /** Token signing secret; when undefined one is generated once and kept in `<dataDir>/token-secret`. */
  tokenSecret: string | undefined;
  /** Token lifetime, e.g. '7d', '12h' (default '7d'). */
  tokenExpiresIn: string;
  /** redis://… to share rate-limit counters between instances; undefined keeps them in memory. */
  redisUrl: string | undefined;
  /** Prefix of the rate-limit keys in Redis (default 'loreforge-rate-limit-'); instances sharing it share counters. */
  rateLimitNamespace: string;
  /** Serve the web app's source maps (`.map` files); off by default, so production does not publish its source. */
  serveSourceMaps: boolean;
  /** Folder of the built web app to serve, or undefined to serve the API only. */
  webDistDir: string | undefined;
  /** pino log level (default 'info'; 'silent' in tests). */
  logLevel: string;
  /** Requests allowed per minute per client address on login, register and invite requests (default 20). */
  authRateLimitPerMinute: number;
  /**
   * Which reverse proxies' X-Forwarded-* headers to believe (default false: none). A number is how many proxies
   * stand in front (the client address is the one the nearest of them saw); a list holds the proxies' addresses
   * or CIDR ranges. Never "every proxy": a client could then invent its address (see parseTrustProxy).
   */
  trustProxy: false | number | string[];
  /**
   * Check every response against its route's schema (default false; the tests turn it on). Presenters already
   * whitelist fields, so production skips the second pass and only serialises.
   */
  validateResponses: boolean;
  /**
   * Let webhooks call loopback, private and other internal addresses (WEBHOOKS_ALLOW_PRIVATE=true; default false).
   * Only for servers whose receivers live on their own network (local development, tests): otherwise a world's
   * owner could aim the server at internal services (docs/webhooks.md).
   */
  webhooksAllowPrivate: boolean;
  /** How often this instance looks for webhook work (WEBHOOK_POLL_MS, default 1,000 ms; 0 turns the worker off). */
  webhookPollMs: number;
  /** Delay before the first retry of a failed delivery, doubled for each further one (WEBHOOK_RETRY_BASE_MS, default 30,000 ms). */
  webhookRetryBaseMs: number;
  /** Attempts per change before a delivery is given up (WEBHOOK_MAX_ATTEMPTS, default 8: the last about an hour after the first). */
  webhookMaxAttempts: number;
  /** How long one delivery attempt may take (WEBHOOK_TIMEOUT_MS, default 10,000 ms). */
  webhookTimeoutMs: number;
  /**
   * Bounds of POST /worlds/import (issue 13, docs/export-format.md "Limits"): the archive's size, which is also
   * the route's body limit (IMPORT_MAX_ARCHIVE_BYTES, default 100 MiB), its entries (IMPORT_MAX_ENTRIES, default
   * 20,000), the bytes it may unpack to (IMPORT_MAX_UNPACKED_BYTES, default 512 MiB) and the JSON nesting of its
   * files (IMPORT_MAX_JSON_DEPTH, default 40).
   */
  importLimits: {
    maxArchiveBytes: number;
    maxEntries: number;
    maxUnpackedBytes: number;
    maxJsonDepth: number;
  };
  /**
   * Live change streams (GET /worlds/{worldId}/changes as text/event-stream) one user may hold open on one
   * instance (default 10); one more is a 429.
   */
  liveStreamsPerUser: number;
  /** Interval of the heartbeat comments that keep idle live streams open through proxies (ms, default 15,000). */
  liveHeartbeatMs: number;
}

function readInt(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}".`);
  return value;
}

/**
 * Reads TRUST_PROXY (README "Configuration"). Unset, empty or 'false' trusts no proxy; 'true' means one proxy
 * in front (the common case), not "believe every X-Forwarded-For", which let a client behind the proxy choose its
 * own address and dodge the rate limit; a whole number is the count of proxies in front; anything else is a
 * comma-separated list of the proxies' addresses or CIDR ranges (e.g. '10.0.0.0/8,127.0.0.1').
 * @returns false, a hop count (at least 1) or a list of addresses, as Fastify's `trustProxy` takes them.
 * @throws Error when a list entry is empty.
 */
export function parseTrustProxy(raw: string | undefined): false | number | string[] {
  const value = raw?.trim() ?? '';
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') return 1;
  if (/^\d+$/.test(value)) return Number(value);
  const addresses = value.split(',').map((entry) => entry.trim());
  if (addresses.some((entry) => entry === ''))
    throw new Error(`TRUST_PROXY must be true, a number of proxies or their addresses separated by commas, got "${value}".`);
  return addresses;
}

/**
 * Whether SQLite's reads run on a worker thread when SQLITE_READ_WORKER is not set: where the machine has a core
 * besides the request thread's. The reader lifts the spread of reads by a quarter to a third and the cache hits by
 * more, for 40-60 MB more memory under that load; on one core it would only take time from the request thread
 * (docs/performance.md, "Reads on a second core").
 * @param cores the cores the process may use (os.availableParallelism()).
 */
export function sqliteReadWorkerDefault(cores: number): boolean {
  return cores > 1;
}

/**
 * Reads the configuration from environment variables.
 * @param env the environment (default process.env); @param overrides values that win over the environment (tests).
 * @throws Error when a numeric variable is not a whole number.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(REPO_ROOT, 'data'));
  const webDist = path.join(REPO_ROOT, 'packages/web/dist');
  return {
    port: readInt('PORT', 3000, env),
    host: env.HOST ?? 'localhost',
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolSize: readInt('DATABASE_POOL_SIZE', 10, env) || 1,
    databaseWriteConcurrency: readInt('DATABASE_WRITE_CONCURRENCY', Math.max(2, 2 * os.availableParallelism()), env) || 1,
    databaseConnectTimeoutMs: readInt('DATABASE_CONNECT_TIMEOUT_MS', 5_000, env) || 1,
    databaseStatementTimeoutMs: readInt('DATABASE_STATEMENT_TIMEOUT_MS', 30_000, env) || 1,
    dataDir,
    sqliteFile: env.SQLITE_FILE ?? path.join(dataDir, 'loreforge.sqlite'),
    sqliteReadWorker: env.SQLITE_READ_WORKER ? env.SQLITE_READ_WORKER === 'true' : sqliteReadWorkerDefault(os.availableParallelism()),
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokenExpiresIn: env.TOKEN_EXPIRES_IN ?? '7d',
    redisUrl: env.REDIS_URL || undefined,
    rateLimitNamespace: env.RATE_LIMIT_NAMESPACE || 'loreforge-rate-limit-',
    webDistDir: env.WEB_DIST_DIR ?? webDist,
    serveSourceMaps: env.SERVE_SOURCE_MAPS === 'true',
    logLevel: env.LOG_LEVEL ?? 'info',
    authRateLimitPerMinute: readInt('AUTH_RATE_LIMIT_PER_MINUTE', 20, env),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    validateResponses: env.VALIDATE_RESPONSES === 'true',
    webhooksAllowPrivate: env.WEBHOOKS_ALLOW_PRIVATE === 'true',
    webhookPollMs: readInt('WEBHOOK_POLL_MS', 1_000, env),
    webhookRetryBaseMs: readInt('WEBHOOK_RETRY_BASE_MS', 30_000, env),
    webhookMaxAttempts: readInt('WEBHOOK_MAX_ATTEMPTS', 8, env) || 1,
    webhookTimeoutMs: readInt('WEBHOOK_TIMEOUT_MS', 10_000, env) || 1,
    importLimits: {
      maxArchiveBytes: readInt('IMPORT_MAX_ARCHIVE_BYTES', 100 * 1024 * 1024, env) || 1,
      maxEntries: readInt('IMPORT_MAX_ENTRIES', 20_000, env) || 1,
      maxUnpackedBytes: readInt('IMPORT_MAX_UNPACKED_BYTES', 512 * 1024 * 1024, env) || 1,
      maxJsonDepth: readInt('IMPORT_MAX_JSON_DEPTH', 40, env) || 1,
    },
    liveStreamsPerUser: readInt('LIVE_STREAMS_PER_USER', 10, env) || 1,
    liveHeartbeatMs: readInt('LIVE_HEARTBEAT_MS', 15_000, env) || 1_000,
    ...overrides,
  };
}
