/**
 * Builds a real app on a real, isolated database for one test file: a fresh SQLite file, or a fresh
 * PostgreSQL schema. Nothing is mocked; requests go through `app.inject`.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/config.js';
import { type ConnectOptions, connectDatabase } from '../src/db/connect.js';
import type { Dialect } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { TEST_DATABASE_URL } from './dialects.js';

/**
 * Creates pg_trgm once per database before any schema migrates, so test files starting together do not
 * race on CREATE EXTENSION (the migration's own IF NOT EXISTS then finds it).
 */
async function ensureTrigramExtension(client: pg.Client): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      await client.query('create extension if not exists pg_trgm with schema public');
      return;
    } catch (error) {
      if (attempt === 4) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
    }
  }
}

export interface TestApp {
  app: FastifyInstance;
  dialect: Dialect;
  /** The PostgreSQL schema (also the connections' application_name); undefined on SQLite. */
  schema: string | undefined;
  /** Closes the app and removes its database (file or schema). */
  close: () => Promise<void>;
}

/**
 * Creates an app on a new database of the given dialect, migrated.
 * @param overrides configuration to change (e.g. a low rate limit); @param logStream where log lines go (set
 * `logLevel` in overrides too, since tests log nothing by default); @param connectOverrides database options to
 * change (timeouts, a connection-error listener). PostgreSQL connections are named after the schema in
 * pg_stat_activity (`application_name`), so a test can end exactly its own.
 */
export async function buildTestApp(
  dialect: Dialect,
  overrides: Partial<AppConfig> = {},
  logStream?: NodeJS.WritableStream,
  connectOverrides: Partial<ConnectOptions> = {},
): Promise<TestApp> {
  const suffix = crypto.randomBytes(6).toString('hex');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-test-'));
  let cleanup: () => Promise<void> = async () => undefined;
  let schema: string | undefined;

  if (dialect === 'postgres') {
    schema = `test_${suffix}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await ensureTrigramExtension(admin);
    await admin.query(`create schema ${schema}`);
    await admin.end();
    cleanup = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    };
  }

  const database = connectDatabase({
    databaseUrl: dialect === 'postgres' ? TEST_DATABASE_URL : undefined,
    sqliteFile: path.join(dataDir, 'loreforge.sqlite'),
    ...(schema ? { postgresSchema: schema, applicationName: schema } : {}),
    poolSize: 4,
    ...connectOverrides,
  });
  await migrateToLatest(database);

  const config = loadConfig(
    {},
    {
      dataDir,
      databaseUrl: dialect === 'postgres' ? TEST_DATABASE_URL : undefined,
      tokenSecret: `test-secret-${suffix}`,
      logLevel: 'silent',
      webDistDir: undefined,
      authRateLimitPerMinute: 100_000,
      validateResponses: true,
      ...overrides,
    },
  );
  const app = await buildApp({ config, database, ...(logStream ? { logStream } : {}) });
  await app.ready();

  return {
    app,
    dialect,
    schema,
    close: async () => {
      await app.close();
      await cleanup();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
