/**
 * Decorates the app with the database handle (`app.db`, `app.dialect`), turns on the access watch of SQLite's
 * change clock (db/access-watch.ts), closes the handle on shutdown, and clears a reported full disk once a write
 * succeeds again.
 */
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { Database, Dialect } from '../db/database.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { WorldSignals } from '../db/world-signals.js';
import { watchAccessRows } from '../db/access-watch.js';
import { clearStorageFull, isStorageReportedFull } from '../db/storage-state.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    /** Signals of committed changes and presence from every instance (db/world-signals.ts). */
    worldSignals: WorldSignals;
  }
}

/** Options: an open handle; when `closeOnShutdown` the app destroys it on close (default true). */
export interface DatabasePluginOptions {
  handle: DatabaseHandle;
  closeOnShutdown?: boolean;
}

export const databasePlugin = fp<DatabasePluginOptions>(
  async (app, { handle, closeOnShutdown = true }) => {
    app.decorate('db', handle.db);
    app.decorate('dialect', handle.dialect);
    app.decorate('worldSignals', handle.signals);
    await watchAccessRows(handle.db);
    if (closeOnShutdown) app.addHook('onClose', async () => handle.destroy());
    // A write that succeeds shows the disk has room again: health stops reporting it full at once.
    app.addHook('onResponse', (request, reply, done) => {
      if (reply.statusCode < 400 && request.method !== 'GET' && isStorageReportedFull()) clearStorageFull();
      done();
    });
  },
  { name: 'database' },
);
