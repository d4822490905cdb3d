/**
 * The real server as a child process, for every test and tool that needs one listening on a port (browser
 * journeys, crash and load tests, the benchmark, the client's example): a free port, a database that outlives
 * the process (so a test can SIGKILL it mid-write and start it again on the same data), readiness on
 * /api/health, and its output for failure reports. Exported as `@loreforge/server/testing`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Dialect } from '../src/db/database.js';
import { TEST_DATABASE_URL } from './dialects.js';

/** The server package's folder (its `src/server.ts`, `dist/server.js` and `src/cli/` live under it). */
export const SERVER_PACKAGE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The compiled production server, relative to SERVER_PACKAGE_DIR (`npm run build` writes it). */
export const BUILT_SERVER = 'dist/server.js';

/** The server's source entry point, relative to SERVER_PACKAGE_DIR: no build needed, run through tsx. */
export const SOURCE_SERVER = 'src/server.ts';

/** The Node.js flags `npm start` runs the server with (this package's `config.nodeFlags`). */
export const SERVER_NODE_FLAGS: string[] = (
  (JSON.parse(fs.readFileSync(path.join(SERVER_PACKAGE_DIR, 'package.json'), 'utf8')) as { config?: { nodeFlags?: string } }).config
    ?.nodeFlags ?? ''
)
  .split(/\s+/)
  .filter(Boolean);

/**
 * The environment variables `npm start` sets for the server (this package's `config.nodeEnv`, `NAME=value`
 * pairs separated by spaces), given to every run of BUILT_SERVER so tests and the bench run it as deployed.
 */
export const SERVER_NODE_ENV: Record<string, string> = Object.fromEntries(
  (
    (JSON.parse(fs.readFileSync(path.join(SERVER_PACKAGE_DIR, 'package.json'), 'utf8')) as { config?: { nodeEnv?: string } }).config
      ?.nodeEnv ?? ''
  )
    .split(/\s+/)
    .filter((pair) => pair.includes('='))
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);

/** A free TCP port on 127.0.0.1 (the OS picks it; free when this resolves). */
export async function freePort(): Promise<number> {
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

/** A database that survives server restarts: a SQLite folder, or a PostgreSQL database made for the run. */
export interface ScratchDatabase {
  dialect: Dialect;
  /** The server's DATA_DIR: the SQLite file and the token secret. */
  dataDir: string;
  /** postgres://… of the run's own database; undefined on SQLite. */
  databaseUrl: string | undefined;
  /** Removes the folder and drops the PostgreSQL database (`with (force)`: open connections are closed). */
  destroy: () => Promise<void>;
}

/**
 * Creates a fresh database: a temporary folder for SQLite, or `create database` on the PostgreSQL server at
 * TEST_DATABASE_URL.
 * @param label a word for the folder and database names (`e2e`, `resilience`), to tell leftovers apart.
 * @throws the pg error when PostgreSQL does not answer or refuses.
 */
export async function createScratchDatabase(dialect: Dialect, label: string): Promise<ScratchDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `loreforge-${label}-`));
  if (dialect === 'sqlite') {
    return { dialect, dataDir, databaseUrl: undefined, destroy: async () => fs.rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `loreforge_${label}_${crypto.randomBytes(5).toString('hex')}`;
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

/**
 * The environment a server runs with on a database: DATA_DIR, DATABASE_URL (or none: SQLite), no Redis, a high
 * sign-in rate limit, quiet logs, then `overrides`. PORT and HOST are set by startProcess.
 */
export function serverEnvironment(database: ScratchDatabase, overrides: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: database.dataDir,
    LOG_LEVEL: 'error',
    AUTH_RATE_LIMIT_PER_MINUTE: '100000',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  if (database.databaseUrl) env.DATABASE_URL = database.databaseUrl;
  return { ...env, ...overrides };
}

export interface StartOptions {
  /** The script to run, relative to `cwd`: a `.ts` file runs through tsx (default SOURCE_SERVER). */
  script?: string;
  /** Its working folder (default SERVER_PACKAGE_DIR). */
  cwd?: string;
  /** Its whole environment (PORT and HOST are added); serverEnvironment builds one for the server. */
  env?: NodeJS.ProcessEnv;
  /** A path answering 200 once it is ready (default /api/health). */
  readyPath?: string;
  /** Also wait until the output matches this (say the first invite code). */
  readyOutput?: RegExp;
  /** Node.js flags before the script (SERVER_NODE_FLAGS for the production server). */
  nodeFlags?: string[];
}

/** A running child process that serves HTTP. */
export interface RunningProcess {
  /** e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  pid: number;
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Its resident memory in KiB (Linux /proc VmRSS); undefined once it is gone or where /proc is missing. */
  residentKib: () => number | undefined;
  /** SIGKILL: no graceful close, no flush. Resolves when the process is gone. */
  kill: () => Promise<void>;
  /** SIGTERM and wait for the graceful close (SIGKILL after 10 s). */
  stop: () => Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Spawns `node [nodeFlags] <script>` on a free port of 127.0.0.1 (BUILT_SERVER with SERVER_NODE_ENV under `env`) and waits until `readyPath` answers 200 (and
 * the output matches `readyOutput`, when given).
 * @throws Error with the process's output when it exits early or is not ready within 60 s.
 */
export async function startProcess(options: StartOptions = {}): Promise<RunningProcess> {
  const {
    script = SOURCE_SERVER,
    cwd = SERVER_PACKAGE_DIR,
    env = process.env,
    readyPath = '/api/health',
    readyOutput,
    nodeFlags = [],
  } = options;
  const port = await freePort();
  const args = [...nodeFlags, ...(script.endsWith('.ts') ? ['--import', 'tsx', script] : [script])];
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...(script === BUILT_SERVER ? SERVER_NODE_ENV : {}), ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    const printed = !readyOutput || readyOutput.test(output);
    if (
      printed &&
      (await fetch(`${baseUrl}${readyPath}`).then(
        (response) => response.ok,
        () => false,
      ))
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} was not ready within 60 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const pid = child.pid ?? 0;
  return {
    baseUrl,
    pid,
    child,
    output: () => output,
    residentKib: () => residentKib(pid),
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

/** A running Loreforge server. */
export interface ServerProcess extends RunningProcess {
  /** The invite code it printed on a first start (an empty database), if any. */
  inviteCode: string | undefined;
  /** A fresh single-use invite code, made by the `invite` command on the server's database. */
  newInviteCode: () => string;
}

const INVITE_CODE = /invite code: (\S+)/;

/**
 * Starts the server on a database and waits for /api/health.
 * @param options `built: true` runs the compiled server `npm start` runs (with its Node flags; needs
 * `npm run build`), otherwise the source through tsx; `env` overrides serverEnvironment's values;
 * `waitForInvite` also waits for the first-start invite code (an empty database prints one).
 * @throws Error with the server's output when it is not up within 60 s.
 */
export async function startServerProcess(
  database: ScratchDatabase,
  options: { built?: boolean; env?: NodeJS.ProcessEnv; waitForInvite?: boolean } = {},
): Promise<ServerProcess> {
  const env = serverEnvironment(database, options.env);
  const running = await startProcess({
    script: options.built ? BUILT_SERVER : SOURCE_SERVER,
    env,
    ...(options.built ? { nodeFlags: SERVER_NODE_FLAGS } : {}),
    ...(options.waitForInvite ? { readyOutput: INVITE_CODE } : {}),
  });
  return {
    ...running,
    inviteCode: INVITE_CODE.exec(running.output())?.[1],
    newInviteCode: () =>
      execFileSync(process.execPath, ['--import', 'tsx', 'src/cli/invite.ts'], { cwd: SERVER_PACKAGE_DIR, env, encoding: 'utf8' }).trim(),
  };
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
