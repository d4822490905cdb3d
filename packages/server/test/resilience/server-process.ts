/**
 * The real server as a child process (the entry point `npm start` runs), on a database that outlives it, so a
 * test can SIGKILL it mid-write and start it again on the same data. Also a plain HTTP client for it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Dialect } from '../../src/db/database.js';
import { TEST_DATABASE_URL } from '../dialects.js';

const SERVER_PACKAGE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A database that survives server restarts: a SQLite folder, or a PostgreSQL database made for the run. */
export interface DurableDatabase {
  dialect: Dialect;
  dataDir: string;
  /** postgres://… of the run's own database; undefined on SQLite. */
  databaseUrl: string | undefined;
  /** Removes the folder and drops the PostgreSQL database. */
  destroy: () => Promise<void>;
}

/**
 * Creates a fresh database: a temporary folder for SQLite, or `create database` on the test server.
 * @returns the database and how to destroy it.
 */
export async function createDurableDatabase(dialect: Dialect): Promise<DurableDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-resilience-'));
  if (dialect === 'sqlite') {
    return { dialect, dataDir, databaseUrl: undefined, destroy: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `loreforge_resilience_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    dialect,
    dataDir,
    databaseUrl: url.toString(),
    destroy: async () => {
      const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A running server process. */
export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** The invite code printed on a first start, if any. */
  inviteCode: string | undefined;
  /** Everything printed so far. */
  output: () => string;
  /** SIGKILL: no graceful close, no flush. Resolves when the process is gone. */
  kill: () => Promise<void>;
  /** SIGTERM and wait for the graceful close. */
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

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `node --import tsx src/server.ts` on the database and waits for /api/health.
 * @param env extra environment (e.g. a rate limit); @throws Error with the output when it is not up in 60 s.
 */
export async function startServerProcess(database: DurableDatabase, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: database.dataDir,
    TOKEN_SECRET: 'resilience-secret',
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
    WEB_DIST_DIR: path.join(database.dataDir, 'no-web'),
    ...env,
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.REDIS_URL;
  if (database.databaseUrl) childEnv.DATABASE_URL = database.databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], { cwd: SERVER_PACKAGE, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    try {
      const health = await fetch(`${baseUrl}/api/health`);
      if (health.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not come up in 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = child.pid ?? 0;
  return {
    baseUrl,
    pid,
    inviteCode: /invite code: (\S+)/.exec(output)?.[1],
    output: () => output,
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** A JSON answer: status and parsed body (undefined when empty or not JSON). */
export interface JsonAnswer {
  status: number;
  body: unknown;
  headers: Headers;
}

/**
 * Sends a JSON request to a running server.
 * @param token bearer token, if any; @param headers extra headers (e.g. If-Match); @throws the fetch error when the connection fails (e.g. the server died).
 */
export async function requestJson(
  baseUrl: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<JsonAnswer> {
  const response = await fetch(`${baseUrl}${url}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  let parsed: unknown;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

/** Resident memory of a process in KiB, from /proc/<pid>/status (VmRSS); undefined where /proc is missing. */
export function residentKib(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const match = /VmRSS:\s+(\d+)\s+kB/.exec(status);
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
}
