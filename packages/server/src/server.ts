/**
 * Starts Loreforge: opens and migrates the database, prints an invite code on a first start,
 * listens, and closes gracefully on SIGINT/SIGTERM.
 */
import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { connectDatabase } from './db/connect.js';
import { migrateToLatest } from './db/migrate.js';
import { ensureFirstInvite } from './modules/invites/first-invite.js';

const config = loadConfig();
const database = connectDatabase({ databaseUrl: config.databaseUrl, sqliteFile: config.sqliteFile, poolSize: config.databasePoolSize, writeSlots: config.databaseWriteConcurrency });
await migrateToLatest(database);
// Fresh planner statistics at start and every hour keep search and deep pages on their indexes.
await database.optimize();
setInterval(() => void database.optimize().catch(() => undefined), 60 * 60 * 1000).unref();
const app = await buildApp({ config, database });

const firstCode = await ensureFirstInvite(database.db);
await app.listen({ port: config.port, host: config.host });

const where = config.databaseUrl ? 'PostgreSQL' : `SQLite at ${config.sqliteFile}`;
console.log(`\nLoreforge is running on http://localhost:${config.port} (database: ${where}).`);
if (firstCode) console.log(`No accounts yet. Register at http://localhost:${config.port}/register with invite code: ${firstCode}\n`);

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
