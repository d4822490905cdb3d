/**
 * The server's CPU time per request of the spread (bench/spread-world.ts), per kind of request, in one process:
 * the app answers `app.inject` requests drawn by the spread's generator one at a time, and each request's
 * process CPU time (user + system) is summed under its kind. Unlike req/s, the figure holds still on a machine
 * shared with other work, so it judges a change of the cache-miss path (docs/performance.md).
 *
 * Run from packages/server: `node --import tsx bench/spread-cpu.bench.ts`. Settings (environment):
 * - `SPREAD_REQUESTS` requests measured (default 6000) after `SPREAD_WARMUP` (default 1500);
 * - `SPREAD_WRITES` share of writes, 0 to 1 (default 0);
 * - `SPREAD_VIEWER=player` reads as each world's player (reads only) instead of its owner;
 * - `SPREAD_READ_CACHE=0` turns the read cache off, so every read takes the cache-miss path;
 * - `DATABASE_URL` runs on PostgreSQL (a database the bench may fill) instead of a new SQLite file;
 * - `SPREAD_STATEMENTS=<n>` (SQLite) times every statement run and prints the n costliest statement texts;
 * - `SPREAD_TRACE=1` (SQLite) prints, for one request of each kind, the texts of the statements it ran in order;
 * - `SPREAD_PROFILE=<file>` writes a V8 CPU profile of the measured requests to that file;
 * - `SPREAD_SQLITE_FILE=<file>` keeps the generated SQLite database there (with `<file>.json` describing it) and
 *   reuses it on the next run, so runs compare on the same data (a run's writes stay in it);
 * - `SPREAD_PG_SCHEMA=<schema>` runs PostgreSQL in that schema (created when missing) instead of `public`, and keeps
 *   the generated data there for the next run (described in the schema's table `spread_data`).
 */
import fs from 'node:fs';
import inspector from 'node:inspector/promises';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import { SQLite } from '../src/db/sqlite-driver.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { readCacheLimits } from '../src/lib/read-cache.js';
import { type SpreadData, generateSpread, spreadRequests } from './spread-world.js';

const REQUESTS = Number(process.env.SPREAD_REQUESTS ?? 6000);
const WARMUP = Number(process.env.SPREAD_WARMUP ?? 1500);
const WRITES = Number(process.env.SPREAD_WRITES ?? 0);
const VIEWER = process.env.SPREAD_VIEWER === 'player' ? 'player' : 'owner';
const PROFILE = process.env.SPREAD_PROFILE;
if (process.env.SPREAD_READ_CACHE === '0') readCacheLimits.maxEntries = 0;

/**
 * Counts the statements sent to the database (every query of a PostgreSQL client, BEGIN and COMMIT included;
 * every run of a prepared SQLite statement), so a request's round trips can be reported per kind.
 */
const statements = { count: 0 };
/** SQLite time per statement text (µs, runs), kept when `SPREAD_STATEMENTS` is set. */
const statementTimes = new Map<string, { micros: number; runs: number }>();
const TIME_STATEMENTS = Number(process.env.SPREAD_STATEMENTS ?? 0);
/** The statement texts run since the last request began, kept when `SPREAD_TRACE` is set. */
const traced: string[] | undefined = process.env.SPREAD_TRACE === '1' ? [] : undefined;
function countStatements(): void {
  const client = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = client.query;
  client.query = function counted(this: unknown, ...args: unknown[]) {
    statements.count += 1;
    return query.apply(this, args);
  };
  const probe = new SQLite(':memory:');
  const statement = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  for (const method of ['all', 'get', 'run', 'iterate']) {
    const original = statement[method];
    if (!original) continue;
    statement[method] = function counted(this: unknown, ...args: unknown[]) {
      statements.count += 1;
      traced?.push((this as { source: string }).source.replace(/\s+/g, ' '));
      if (TIME_STATEMENTS === 0) return original.apply(this, args);
      const started = performance.now();
      try {
        return original.apply(this, args);
      } finally {
        const source = (this as { source: string }).source;
        const time = statementTimes.get(source) ?? { micros: 0, runs: 0 };
        time.micros += (performance.now() - started) * 1000;
        time.runs += 1;
        statementTimes.set(source, time);
      }
    };
  }
}
countStatements();

/** The kind of a spread request, from its method and path. */
function kindOf(method: string, url: string): string {
  if (method !== 'GET') return method === 'POST' ? 'create a character' : 'edit a character';
  const [pathname = '', query = ''] = url.split('?');
  const searched = /(^|&)search=/.test(query) ? ', searched' : '';
  if (pathname.endsWith('/relationships')) return `relationships${searched}`;
  if (pathname.endsWith('/inventory')) return `inventory${searched}`;
  if (pathname.endsWith('/events')) return `events${searched}`;
  if (pathname.endsWith('/characters')) return `characters list${searched}`;
  if (pathname.endsWith('/items')) return `items list${searched}`;
  return /\/items\/[^/]+$/.test(pathname) ? 'one item' : 'one character';
}

interface Sum {
  count: number;
  micros: number;
  wallMs: number;
  statements: number;
}

/**
 * One line of the report: requests, CPU time, wall time (which includes waiting on PostgreSQL) and statements
 * sent to the database per request.
 */
const line = (kind: string, sum: Sum): string =>
  `${kind.padEnd(26)} ${String(sum.count).padStart(6)} requests ${String(Math.round(sum.micros / sum.count)).padStart(6)} µs CPU ${String(Math.round((sum.wallMs * 1000) / sum.count)).padStart(7)} µs wall ${(sum.statements / sum.count).toFixed(2).padStart(6)} statements each`;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-spread-cpu-'));
// An empty DATABASE_URL means SQLite, as in the server's own configuration.
const databaseUrl = process.env.DATABASE_URL === '' ? undefined : process.env.DATABASE_URL;
const keptFile = databaseUrl ? undefined : process.env.SPREAD_SQLITE_FILE;
const pgSchema = databaseUrl ? process.env.SPREAD_PG_SCHEMA : undefined;
if (pgSchema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(pgSchema)) throw new Error('SPREAD_PG_SCHEMA must be a lower-case SQL name.');

/** The description of the spread kept beside its data (SQLite: `<file>.json`; PostgreSQL: the schema's spread_data). */
async function keptSpread(): Promise<SpreadData | undefined> {
  if (keptFile)
    return fs.existsSync(`${keptFile}.json`) ? (JSON.parse(fs.readFileSync(`${keptFile}.json`, 'utf8')) as SpreadData) : undefined;
  if (!databaseUrl || !pgSchema) return undefined;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`create schema if not exists ${pgSchema}`);
    await client.query(`create table if not exists ${pgSchema}.spread_data (description text not null)`);
    const { rows } = await client.query<{ description: string }>(`select description from ${pgSchema}.spread_data`);
    return rows[0] ? (JSON.parse(rows[0].description) as SpreadData) : undefined;
  } finally {
    await client.end();
  }
}

/** Keeps the description of newly generated data (see keptSpread). */
async function keepSpread(data: SpreadData): Promise<void> {
  if (keptFile) fs.writeFileSync(`${keptFile}.json`, JSON.stringify(data));
  if (!databaseUrl || !pgSchema) return;
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`insert into ${pgSchema}.spread_data (description) values ($1)`, [JSON.stringify(data)]);
  } finally {
    await client.end();
  }
}

const kept = await keptSpread();
const database = connectDatabase({
  databaseUrl,
  sqliteFile: keptFile ?? path.join(dataDir, 'loreforge.sqlite'),
  ...(pgSchema ? { postgresSchema: pgSchema } : {}),
});
try {
  await migrateToLatest(database);
  const data = kept ?? (await generateSpread(database.db, (line) => console.log(`generating ${line}`)));
  if (!kept) await keepSpread(data);
  // Planner statistics for the generated rows, as the server gathers them when it starts (server.ts): without
  // them PostgreSQL planned an inventory page as a hash join over every item (1.5-2.9 ms instead of 0.1 ms).
  await database.optimize();
  const config = loadConfig(
    {},
    { dataDir, databaseUrl, tokenSecret: 'spread-cpu', logLevel: 'warn', webDistDir: undefined, authRateLimitPerMinute: 1_000_000 },
  );
  const app = await buildApp({ config, database, closeDatabase: false });
  await app.ready();
  const tokens: string[] = [];
  for (const user of data.users) {
    const answer = await app.inject({ method: 'POST', url: '/api/auth/login', payload: user });
    tokens.push(answer.json<{ token: string }>().token);
  }
  const drawer = spreadRequests(data, tokens, { writeShare: WRITES, viewer: VIEWER, seed: 7 });
  const perKind = new Map<string, Sum>();
  const tracedKinds = new Set<string>();
  const run = async (count: number, measure: boolean): Promise<void> => {
    for (let i = 0; i < count; i += 1) {
      const request = drawer.next();
      const started = performance.now();
      const sent = statements.count;
      if (traced) traced.length = 0;
      const before = process.cpuUsage();
      const answer = await app.inject({
        method: request.method,
        url: request.path,
        headers: request.headers,
        ...(request.body ? { payload: request.body } : {}),
      });
      const used = process.cpuUsage(before);
      const wall = performance.now() - started;
      if (answer.statusCode >= 400) throw new Error(`${request.method} ${request.path} answered ${answer.statusCode}: ${answer.body}`);
      if (request.editing) drawer.returnEdited(request.editing, typeof answer.headers.etag === 'string' ? answer.headers.etag : undefined);
      if (!measure) continue;
      const kind = kindOf(request.method, request.path);
      if (traced && !tracedKinds.has(kind)) {
        tracedKinds.add(kind);
        console.log(`${kind}: ${request.method} ${request.path}\n${traced.map((text) => `  ${text.slice(0, 300)}`).join('\n')}`);
      }
      const sum = perKind.get(kind) ?? { count: 0, micros: 0, wallMs: 0, statements: 0 };
      sum.count += 1;
      sum.statements += statements.count - sent;
      sum.micros += used.user + used.system;
      sum.wallMs += wall;
      perKind.set(kind, sum);
    }
  };
  await run(WARMUP, false);
  // The floor: what a request costs through inject, authentication and the hooks, without a database read.
  const health = { count: 0, micros: 0, wallMs: 0, statements: 0 };
  for (let i = 0; i < 500; i += 1) {
    const started = performance.now();
    const sent = statements.count;
    const before = process.cpuUsage();
    await app.inject({ method: 'GET', url: '/api/health', headers: { authorization: `Bearer ${tokens[0] ?? ''}` } });
    const used = process.cpuUsage(before);
    health.count += 1;
    health.statements += statements.count - sent;
    health.micros += used.user + used.system;
    health.wallMs += performance.now() - started;
  }
  perKind.set('(floor) /api/health', health);
  const session = PROFILE ? new inspector.Session() : undefined;
  if (session) {
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.start');
  }
  statementTimes.clear();
  await run(REQUESTS, true);
  if (session && PROFILE) {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(PROFILE, JSON.stringify(profile));
  }
  let count = 0;
  let micros = 0;
  let wallMs = 0;
  let sent = 0;
  console.log(
    `${database.db.getExecutor().adapter.constructor.name}, read cache ${readCacheLimits.maxEntries > 0 ? 'on' : 'off'}, writes ${WRITES}, viewer ${VIEWER}`,
  );
  for (const [kind, sum] of [...perKind].sort(([a], [b]) => a.localeCompare(b))) {
    console.log(line(kind, sum));
    if (sum === health) continue;
    count += sum.count;
    micros += sum.micros;
    wallMs += sum.wallMs;
    sent += sum.statements;
  }
  // The floor is printed beside the kinds but not counted in the spread's average.
  console.log(line('all (floor excluded)', { count, micros, wallMs, statements: sent }));
  if (TIME_STATEMENTS > 0) {
    const sqliteMicros = [...statementTimes.values()].reduce((sum, time) => sum + time.micros, 0);
    console.log(
      `\nSQLite time of the measured requests' statements: ${(sqliteMicros / count).toFixed(0)} µs a request; most first (µs per request of the spread; runs; µs a run):`,
    );
    for (const [source, time] of [...statementTimes].sort(([, a], [, b]) => b.micros - a.micros).slice(0, TIME_STATEMENTS)) {
      console.log(
        `${(time.micros / count).toFixed(1).padStart(7)} ${String(time.runs).padStart(6)} ${(time.micros / time.runs).toFixed(1).padStart(7)}  ${source.replace(/\s+/g, ' ').slice(0, 400)}`,
      );
    }
  }
  await app.close();
} finally {
  await database.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
