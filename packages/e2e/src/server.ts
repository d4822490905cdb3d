/**
 * Starts the production server (the same entry point `npm start` runs) on a free port with a fresh database:
 * a new SQLite file, or a new PostgreSQL database created for the run and dropped afterwards.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

export type Dialect = 'sqlite' | 'postgres';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
export const DIALECTS: Dialect[] = (process.env.DIALECTS ?? 'sqlite,postgres')
  .split(',')
  .map((name) => name.trim())
  .filter((name): name is Dialect => name === 'sqlite' || name === 'postgres');

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

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * Starts a server and waits until it answers /api/health and has printed its invite code.
 * @throws Error with the server's output when it does not come up within 60 s.
 */
export async function startServer(dialect: Dialect): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-e2e-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  };
  delete env.DATABASE_URL;
  let dropDatabase: () => Promise<void> = async () => undefined;

  if (dialect === 'postgres') {
    const database = `loreforge_e2e_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${database}`);
    await admin.end();
    env.DATABASE_URL = withDatabase(TEST_DATABASE_URL, database);
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${database} with (force)`);
      await client.end();
    };
  }

  // The compiled server `npm start` runs (`npm run build` writes it; `npm test` builds first).
  const child: ChildProcess = spawn(process.execPath, ['dist/server.js'], {
    cwd: path.join(REPO_ROOT, 'packages/server'),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  let inviteCode: string | undefined;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early:\n${output}`);
    inviteCode = /invite code: (\S+)/.exec(output)?.[1];
    if (inviteCode) {
      const healthy = await fetch(`${baseUrl}/api/health`).then((r) => r.ok, () => false);
      if (healthy) break;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!inviteCode) {
    child.kill('SIGKILL');
    throw new Error(`The server did not start within 60 s:\n${output}`);
  }

  return {
    baseUrl,
    inviteCode,
    dialect,
    newInviteCode: () =>
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/invite.ts'], {
        cwd: path.join(REPO_ROOT, 'packages/server'),
        env,
        encoding: 'utf8',
      }).trim(),
    output: () => output,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
