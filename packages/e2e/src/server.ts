/**
 * Starts the production server (the same entry point `npm start` runs) on a free port with a fresh database:
 * a new SQLite file, or a new PostgreSQL database created for the run and dropped afterwards. The process
 * itself is run by the server package's one helper (`@loreforge/server/testing`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type ServerProcess, createScratchDatabase, startServerProcess } from '@loreforge/server/testing';

export { DIALECTS } from '@loreforge/server/testing';

export type Dialect = 'sqlite' | 'postgres';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface RunningServer {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  /** The invite code the server printed on its first start. */
  inviteCode: string;
  dialect: Dialect;
  /** A fresh single-use invite code, made by the `invite` command on the server's database. */
  newInviteCode: () => string;
  /** Everything the server printed so far (for failure reports). */
  output: () => string;
  /** Stops the server and removes its database. */
  stop: () => Promise<void>;
}

/**
 * Starts the built server, serving the built web app, and waits until it answers /api/health and has printed
 * its invite code.
 * @throws Error with the server's output when it does not come up within 60 s.
 */
export async function startServer(dialect: Dialect): Promise<RunningServer> {
  const database = await createScratchDatabase(dialect, 'e2e');
  let server: ServerProcess;
  try {
    // The compiled server `npm start` runs (`npm run build` writes it; `npm test` builds first).
    server = await startServerProcess(database, {
      built: true,
      waitForInvite: true,
      env: { LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_PER_MINUTE: '1000' },
    });
  } catch (error) {
    await database.destroy();
    throw error;
  }
  return {
    baseUrl: server.baseUrl,
    inviteCode: server.inviteCode ?? '',
    dialect,
    newInviteCode: server.newInviteCode,
    output: server.output,
    stop: async () => {
      await server.stop();
      await database.destroy();
    },
  };
}
