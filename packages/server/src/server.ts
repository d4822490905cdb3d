/**
 * Starts Loreforge: opens and migrates the database, prints an invite code on a first start,
 * listens, and closes gracefully on SIGINT/SIGTERM. A problem an operator can fix (a read-only data folder, a
 * full disk, a database that does not answer) is said in one line, and the process exits with status 1.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.js';
import { type AppConfig, loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureFirstInvite } from './modules/auth/first-invite.js';
import { describeStartupProblem } from './startup-problem.js';

/** Migrates on a connection of its own without a statement timeout: a migration may rightly run for minutes. */
async function migrate(config: AppConfig): Promise<void> {
  const handle = connectDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    poolSize: 1,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: 0,
  });
  try {
    await migrateToLatest(handle);
  } finally {
    await handle.destroy();
  }
}

async function start(config: AppConfig): Promise<FastifyInstance> {
  // Until the app's logger exists, a dropped connection is reported on stderr.
  let reportConnectionError = (error: Error): void => console.error(`Database connection lost: ${error.message}`);
  await migrate(config);
  const database = connectDatabase({
    databaseUrl: config.databaseUrl,
    sqliteFile: config.sqliteFile,
    sqliteReadWorker: config.sqliteReadWorker,
    poolSize: config.databasePoolSize,
    writeSlots: config.databaseWriteConcurrency,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    statementTimeoutMs: config.databaseStatementTimeoutMs,
    onConnectionError: (error) => reportConnectionError(error),
  });
  // Fresh planner statistics at start and every hour keep search and deep pages on their indexes.
  await database.optimize();
  setInterval(() => void database.optimize().catch(() => undefined), 60 * 60 * 1000).unref();
  const app = await buildApp({ config, database });
  reportConnectionError = (error) => app.log.warn({ err: error }, 'database connection lost; it will be replaced');

  const firstCode = await ensureFirstInvite(database.db);
  await app.listen({ port: config.port, host: config.host });

  const where = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${config.sqliteFile}`;
  console.log(`\nLoreforge is running on http://localhost:${config.port} (database: ${where}).`);
  if (firstCode) console.log(`No accounts yet. Register at http://localhost:${config.port}/register with invite code: ${firstCode}\n`);
  return app;
}

const config = loadConfig();
let app: FastifyInstance;
try {
  app = await start(config);
} catch (error) {
  const line = describeStartupProblem(error, { dataDir: config.dataDir, postgres: config.databaseUrl !== undefined });
  if (line === undefined) throw error;
  console.error(line);
  process.exit(1);
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, closing`);
    const timer = setTimeout(() => process.exit(1), 10_000);
    app.close().then(
      () => {
        clearTimeout(timer);
        process.exit(0);
      },
      () => process.exit(1),
    );
  });
}
