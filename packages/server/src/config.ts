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
  /** Token signing secret; when undefined one is generated once and kept in `<dataDir>/token-secret`. */
  tokenSecret: string | undefined;
  /** Token lifetime, e.g. '7d', '12h' (default '7d'). */
  tokenExpiresIn: string;
  /** redis://… to share rate-limit counters between instances; undefined keeps them in memory. */
  redisUrl: string | undefined;
  /** Prefix of the rate-limit keys in Redis (default 'loreforge-rate-limit-'); instances sharing it share counters. */
  rateLimitNamespace: string;
  /** Folder of the built web app to serve, or undefined to serve the API only. */
  webDistDir: string | undefined;
  /** pino log level (default 'info'; 'silent' in tests). */
  logLevel: string;
  /** Requests allowed per minute per client address on login, register and invite requests (default 20). */
  authRateLimitPerMinute: number;
  /** Trust X-Forwarded-* headers from a reverse proxy (default false). */
  trustProxy: boolean;
  /**
   * Check every response against its route's schema (default false; the tests turn it on). Presenters already
   * whitelist fields, so production skips the second pass and only serialises.
   */
  validateResponses: boolean;
}

function readInt(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, got "${raw}".`);
  return value;
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
    tokenSecret: env.TOKEN_SECRET || undefined,
    tokenExpiresIn: env.TOKEN_EXPIRES_IN ?? '7d',
    redisUrl: env.REDIS_URL || undefined,
    rateLimitNamespace: env.RATE_LIMIT_NAMESPACE || 'loreforge-rate-limit-',
    webDistDir: env.WEB_DIST_DIR ?? webDist,
    logLevel: env.LOG_LEVEL ?? 'info',
    authRateLimitPerMinute: readInt('AUTH_RATE_LIMIT_PER_MINUTE', 20, env),
    trustProxy: env.TRUST_PROXY === 'true',
    validateResponses: env.VALIDATE_RESPONSES === 'true',
    ...overrides,
  };
}
