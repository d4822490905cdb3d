/**
 * `npm run bench`: generates a large world, starts the real server (SQLite; also PostgreSQL when
 * BENCH_DATABASE_URL is set) and a bare-Fastify baseline (BENCH_ONLY=<text> keeps only the cases whose name contains it; BENCH_WEB=0 skips the browser part), loads each case with autocannon (50 connections, BENCH_SPREAD_CONNECTIONS for the spread cases,
 * a warm-up, then BENCH_DURATION seconds, default 10; BENCH_SPREAD_OPEN_LOOP adds an open loop after each spread case), and prints one table plus bench/results.json.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { signIn, unwrap } from '@loreforge/client';
import { connectDatabase, migrateToLatest } from '@loreforge/server/database';
import { BUILT_SERVER, type RunningProcess, SERVER_NODE_FLAGS, startProcess } from '@loreforge/server/testing';
import { type GeneratedWorld, SIZES, generateWorld } from '@loreforge/server/bench-world';
import { REPO_ROOT, rssMb } from './processes.js';
import {
  CALENDAR_LIST_CASE,
  CALENDAR_STATE_CASE,
  type CaseResult,
  type DialectResult,
  type OpenLoopFigures,
  SPREAD_PLAYER,
  SPREAD_READS,
  SPREAD_WRITES,
  printApiTable,
} from './report.js';
import { type SpreadData, type SpreadMix, generateSpread, spreadRequests } from '@loreforge/server/bench-spread';
import { type WebResult, benchWeb, printWebTable } from './web.js';
import { EXPORT_CASE, IMPORT_CASE, benchTransfer } from './transfer.js';
import { LIVE_CASE, LIVE_STREAMS, liveFeedCase } from './live.js';
import { openLoop } from './open-loop.js';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
/**
 * Connections of the spread cases (default 50, as every case): `BENCH_SPREAD_CONNECTIONS=10` gives each of the
 * spread's 10 users one request in flight, to see how the tail moves with the number of requests in flight.
 */
const SPREAD_CONNECTIONS = Number(process.env.BENCH_SPREAD_CONNECTIONS ?? CONNECTIONS);
if (!Number.isInteger(SPREAD_CONNECTIONS) || SPREAD_CONNECTIONS < 1) {
  throw new Error(
    `BENCH_SPREAD_CONNECTIONS must be a whole number of connections, 1 or more (got "${process.env.BENCH_SPREAD_CONNECTIONS}")`,
  );
}

/**
 * `BENCH_SPREAD_OPEN_LOOP=<share>` (more than 0, at most 1) loads each spread case a second time as an open loop
 * (open-loop.ts), at that share of the throughput its closed loop just measured, and logs its latencies: the tail
 * at a load the server keeps up with, where the closed loop's is set by its connections. Unset, it does not run.
 */
const SPREAD_OPEN_LOOP = process.env.BENCH_SPREAD_OPEN_LOOP === undefined ? undefined : Number(process.env.BENCH_SPREAD_OPEN_LOOP);
if (SPREAD_OPEN_LOOP !== undefined && !(SPREAD_OPEN_LOOP > 0 && SPREAD_OPEN_LOOP <= 1)) {
  throw new Error(
    `BENCH_SPREAD_OPEN_LOOP must be a share of the closed loop's throughput, more than 0 and at most 1, such as 0.6 (got "${process.env.BENCH_SPREAD_OPEN_LOOP}")`,
  );
}

interface LoadCase {
  name: string;
  path: string;
  method?: 'GET' | 'POST';
  body?: string;
  /** Set for a spread case: every request is drawn at random (spread.ts) instead of repeating `path`. */
  spread?: SpreadMix;
  /** Sent as the big world's player instead of its owner (their reads pass the visibility rule). */
  asPlayer?: boolean;
}

/** A progress line on stderr, with the seconds since the bench started (where the run's 10 minutes go). */
const log = (line: string) => console.error(`[bench ${Math.round(process.uptime())}s] ${line}`);

/** Draws a spread case's requests; one per case, so the versions its edits learn carry from one load to the next. */
type SpreadDrawer = ReturnType<typeof spreadRequests>;

/** The spread's data and its users' tokens, for drawing a spread case's requests. */
interface SpreadRun {
  data: SpreadData;
  tokens: string[];
}

/** A character a spread edit took from its drawer's pool. */
type EditedCharacter = Parameters<SpreadDrawer['returnEdited']>[0];

/**
 * Gives an edit's character back to its drawer's pool once the answer is in: with the answer's ETag when the edit
 * succeeded (200), without one otherwise, so the character leaves the pool. Does nothing for a request that was
 * not an edit.
 */
function returnEdited(drawer: SpreadDrawer, editing: EditedCharacter | undefined, status: number, etag: unknown): void {
  if (editing) drawer.returnEdited(editing, status === 200 && typeof etag === 'string' ? etag : undefined);
}

/**
 * autocannon's `requests` for a spread case: each request is drawn by setupRequest; an edit's answer gives
 * its character back to the pool with the new ETag (onResponse), and every answer's status is counted in
 * `statuses` (status → answers), so a case whose drawn requests miss (404s) shows it in the log.
 */
function spreadOptions(drawer: SpreadDrawer, statuses: Map<number, number>): Pick<autocannon.Options, 'requests'> {
  const request: autocannon.Request = {
    setupRequest: (request, context) => {
      const drawn = drawer.next();
      (context as { editing?: unknown }).editing = drawn.editing;
      return { ...request, method: drawn.method, path: drawn.path, headers: drawn.headers, body: drawn.body ?? '' };
    },
    onResponse: (status, _body, context, headers) => {
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const { editing } = context as { editing?: EditedCharacter };
      returnEdited(drawer, editing, status, (headers as Record<string, string> | undefined)?.etag);
    },
  };
  return { requests: [request] };
}

/**
 * A spread case again as an open loop (open-loop.ts), after its closed loop: its requests arrive at
 * `ratePerSecond` as independent users' would, for the case's duration, drawn by the same drawer (so edits carry
 * the versions the closed loop's edits learnt) over the same number of connections. The arrivals' gaps are drawn
 * from a seed of their own (the case's + 1,000), apart from the requests' draws.
 * @returns the rate asked for and the latencies (ms) at that load, with the errors.
 */
async function openLoopSpread(
  url: string,
  name: string,
  mix: SpreadMix,
  drawer: SpreadDrawer,
  ratePerSecond: number,
): Promise<OpenLoopFigures> {
  const result = await openLoop({
    baseUrl: url,
    ratePerSecond,
    seconds: DURATION,
    connections: SPREAD_CONNECTIONS,
    seed: mix.seed + 1_000,
    next: () => {
      const drawn = drawer.next();
      return {
        method: drawn.method,
        path: drawn.path,
        headers: drawn.headers,
        ...(drawn.body === undefined ? {} : { body: drawn.body }),
        onAnswer: (status, headers) => returnEdited(drawer, drawn.editing, status, headers.etag),
      };
    },
  });
  log(
    `${name}, open loop at ${ratePerSecond.toFixed(0)} req/s: answered ${result.answeredPerSecond.toFixed(0)} req/s; latency (ms) p50 ${result.p50.toFixed(1)} · ` +
      `p90 ${result.p90.toFixed(1)} · p99 ${result.p99.toFixed(1)} · max ${result.max.toFixed(1)}; errors ${result.errors}`,
  );
  return { ratePerSecond, ...result };
}

async function load(
  url: string,
  token: string | null,
  spec: LoadCase,
  drawer?: SpreadDrawer,
): Promise<{ reqPerSec: number; p50: number; p99: number; errors: number }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const statuses = new Map<number, number>();
  const options = {
    url: `${url}${spec.path}`,
    method: spec.method ?? 'GET',
    headers,
    ...(spec.body ? { body: spec.body } : {}),
    ...(drawer ? spreadOptions(drawer, statuses) : {}),
    connections: spec.spread ? SPREAD_CONNECTIONS : CONNECTIONS,
  };
  await autocannon({ ...options, duration: 2 }); // warm-up: JIT, caches and connection pools
  statuses.clear();
  const result = await autocannon({ ...options, duration: DURATION });
  const { latency } = result;
  log(
    `${spec.name} (${options.connections} connections): latency (ms) p2.5 ${latency.p2_5} · p25 ${latency.p25} · p50 ${latency.p50} · p75 ${latency.p75} · p90 ${latency.p90} · ` +
      `p97.5 ${latency.p97_5} · p99 ${latency.p99} · max ${latency.max}`,
  );
  if (statuses.size > 0)
    log(
      `${spec.name}: answers by status ${[...statuses]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status} ×${count}`)
        .join(', ')}`,
    );
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The middle page of the big world's characters, 10 a page (5,000 at full size; smaller under BENCH_SCALE). */
const DEEP_PAGE = Math.max(2, Math.round(SIZES.characters / 20));

/** The name of the case that types into the world search as a person would. */
const TYPED_SEARCH_CASE = 'world search, typed (uncached, one at a time)';

/** What a person types into the search palette, keystroke by keystroke, each answer new (so never cached). */
const TYPED_QUERIES = [
  'G',
  'Gw',
  'Gwe',
  'Gwen',
  'Gwend',
  'Gwendo',
  'Gwendol',
  'Gwendoly',
  'Gwendolyn',
  'Gwendolin',
  'Th',
  'Tho',
  'Thorn',
  'Thornf',
  'Thornfeld',
  'Relic 12',
  'Chronicle entry 99',
  'Quest 7',
  'restless',
  'Long Chron',
];

/**
 * The world search as the command palette uses it: one request per keystroke, one at a time, each query new.
 * @returns the case's figures: p50 and the slowest answer (as p99) in ms, and answers per second one at a time.
 */
async function typedSearch(baseUrl: string, token: string, searchPath: string): Promise<CaseResult> {
  const times: number[] = [];
  const byQuery: string[] = [];
  let errors = 0;
  // One untimed search first, as every other case warms up before it is measured (the first request of a
  // route compiles its code paths); its query is not among the timed ones, so none of them is cached.
  await (await fetch(`${baseUrl}${searchPath}?q=warm`, { headers: { authorization: `Bearer ${token}` } })).arrayBuffer();
  for (const query of TYPED_QUERIES) {
    const started = performance.now();
    const response = await fetch(`${baseUrl}${searchPath}?q=${encodeURIComponent(query)}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await response.arrayBuffer();
    const time = performance.now() - started;
    times.push(time);
    byQuery.push(`${query} ${Math.round(time)}`);
    if (!response.ok) errors += 1;
  }
  // Which keystrokes are slow, in the log: the figures below keep only the median and the slowest.
  log(`${TYPED_SEARCH_CASE}: ms by query ${byQuery.join(' · ')}`);
  times.sort((a, b) => a - b);
  const p50 = times[Math.floor(times.length / 2)] ?? 0;
  const slowest = times.at(-1) ?? 0;
  const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
  return { name: TYPED_SEARCH_CASE, reqPerSec: 1000 / mean, p50, p99: slowest, errors, ratio: null, maxRssMb: 0 };
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

async function prepareDatabase(
  dialect: 'sqlite' | 'postgres',
): Promise<{ env: NodeJS.ProcessEnv; world: GeneratedWorld; spread: SpreadData; seconds: number; cleanup: () => Promise<void> }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-bench-'));
  let databaseUrl: string | undefined;
  let dropDatabase: () => Promise<void> = async () => undefined;
  if (dialect === 'postgres') {
    const adminUrl = process.env.BENCH_DATABASE_URL ?? '';
    const name = `loreforge_bench_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const parsed = new URL(adminUrl);
    parsed.pathname = `/${name}`;
    databaseUrl = parsed.toString();
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    };
  }
  const started = Date.now();
  const handle = connectDatabase({ databaseUrl, sqliteFile: path.join(dataDir, 'loreforge.sqlite') });
  await migrateToLatest(handle);
  const world = await generateWorld(handle.db, (line) => log(`${dialect}: generating ${line}`));
  const spread = await generateSpread(handle.db, (line) => log(`${dialect}: generating ${line}`));
  await handle.destroy();
  return {
    spread,
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      TOKEN_SECRET: 'bench-secret',
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_MINUTE: '100000',
      WEB_DIST_DIR: '',
      LIVE_STREAMS_PER_USER: String(LIVE_STREAMS),
    },
    world,
    seconds: (Date.now() - started) / 1000,
    cleanup: async () => {
      await dropDatabase();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function benchDialect(dialect: 'sqlite' | 'postgres'): Promise<DialectResult> {
  const prepared = await prepareDatabase(dialect);
  const { world } = prepared;
  let server: RunningProcess | undefined;
  let baseline: RunningProcess | undefined;
  try {
    server = await startProcess({ script: BUILT_SERVER, env: { ...process.env, ...prepared.env }, nodeFlags: SERVER_NODE_FLAGS });
    const { client, token } = await signIn(server.baseUrl, { email: world.email, password: world.password });
    const { token: playerToken } = await signIn(server.baseUrl, { email: world.playerEmail, password: world.playerPassword });
    const tokenOf = (spec: LoadCase) => (spec.asPlayer ? playerToken : token);
    const spreadRun: SpreadRun = { data: prepared.spread, tokens: [] };
    for (const user of prepared.spread.users) {
      const signedIn = await json<{ token: string }>(`${server.baseUrl}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(user),
      });
      spreadRun.tokens.push(signedIn.token);
    }
    const charactersPath = `/api/worlds/${world.bigWorldId}/characters`;
    const characters = { path: { worldId: world.bigWorldId } };
    const firstPage = unwrap(await client.GET('/api/worlds/{worldId}/characters', { params: { ...characters, query: { limit: 10 } } }));
    const deep = unwrap(
      await client.GET('/api/worlds/{worldId}/characters', { params: { ...characters, query: { limit: 10, page: DEEP_PAGE - 1 } } }),
    );

    const pageFile = path.join(os.tmpdir(), `loreforge-bench-page-${process.pid}.json`);
    fs.writeFileSync(pageFile, JSON.stringify(firstPage));
    baseline = await startProcess({
      script: 'bench/src/baseline.ts',
      cwd: REPO_ROOT,
      env: { ...process.env, BASELINE_PAGE_FILE: pageFile },
      readyPath: '/page',
    });

    log(`${dialect}: baseline`);
    const base = await load(baseline.baseUrl, null, { name: 'baseline', path: '/page' });

    const cases: LoadCase[] = [
      { name: 'characters page 1', path: `${charactersPath}?limit=10` },
      // A player's page: the visibility rule hides one character in twenty (issue 11).
      { name: "a player's characters page 1", path: `${charactersPath}?limit=10`, asPlayer: true },
      { name: 'characters page 5,000 (page number)', path: `${charactersPath}?limit=10&page=${DEEP_PAGE}` },
      { name: 'characters page 5,000 (cursor)', path: `${charactersPath}?limit=10&cursor=${deep.pagination.nextCursor ?? ''}` },
      { name: `search "${world.searchTerm}" (~1.5%)`, path: `${charactersPath}?limit=10&search=${world.searchTerm}` },
      { name: 'sort by name', path: `${charactersPath}?limit=10&sortBy=name` },
      { name: 'one character by id', path: `${charactersPath}/${world.sampleCharacterId}` },
      { name: 'worlds list with counts', path: '/api/worlds?limit=10' },
      {
        name: 'create a character (POST)',
        path: `/api/worlds/${world.smallWorldId}/characters`,
        method: 'POST',
        body: JSON.stringify({ name: 'Newcomer', description: 'Arrived during the benchmark', attributes: { level: 1 } }),
      },
      // One character's state: the engine replays all 10,000 events either way, but the answer for every one of
      // 100,000 characters is tens of megabytes, which would measure JSON size rather than the engine.
      {
        name: 'timeline state at the end (10,000 events)',
        path: `/api/worlds/${world.bigWorldId}/timelines/${world.timelineId}/state?characterId=${world.engineCharacterId}`,
      },
      // The same engine on a timeline in a world calendar (issue 12): the state at a date of the Harptos calendar,
      // read from its text, and the first page of its events sorted by date (their instants' sort keys).
      {
        name: CALENDAR_STATE_CASE,
        path: `/api/worlds/${world.bigWorldId}/timelines/${world.calendarTimelineId}/state?characterId=${world.engineCharacterId}&date=${encodeURIComponent(world.calendarMidDate)}`,
      },
      {
        name: CALENDAR_LIST_CASE,
        path: `/api/worlds/${world.bigWorldId}/timelines/${world.calendarTimelineId}/events?limit=50&sortBy=dateTime&sortOrder=desc`,
      },
      // Traffic as it comes (spread.ts): 100 worlds, 10 users, requests drawn at random; then the same kinds of
      // reads by each world's player, who sees one row in twenty fewer (the visibility rule on every read).
      { name: SPREAD_READS, path: '/api/health', spread: { writeShare: 0, viewer: 'owner', seed: 1 } },
      { name: SPREAD_WRITES, path: '/api/health', spread: { writeShare: 0.1, viewer: 'owner', seed: 2 } },
      { name: SPREAD_PLAYER, path: '/api/health', spread: { writeShare: 0, viewer: 'player', seed: 3 } },
    ];

    const searchPath = `/api/worlds/${world.bigWorldId}/search`;
    cases.push(
      { name: 'world search "Gwendolyn"', path: `${searchPath}?q=Gwendolyn` },
      { name: 'world search "Gwendolin" (typo)', path: `${searchPath}?q=Gwendolin` },
    );

    let maxRss = rssMb(server);
    let caseRss = 0;
    const sampler = setInterval(() => {
      const rss = server ? rssMb(server) : 0;
      maxRss = Math.max(maxRss, rss);
      caseRss = Math.max(caseRss, rss);
    }, 250);
    const results: CaseResult[] = [];
    try {
      const only = process.env.BENCH_ONLY?.toLowerCase();
      for (const spec of only ? cases.filter((c) => c.name.toLowerCase().includes(only)) : cases) {
        const probe = spec.spread
          ? { ok: true, status: 200 }
          : await fetch(`${server.baseUrl}${spec.path}`, {
              method: spec.method ?? 'GET',
              headers: { authorization: `Bearer ${tokenOf(spec)}`, 'content-type': 'application/json' },
              ...(spec.body ? { body: spec.body } : {}),
            });
        if (!probe.ok) {
          log(`${dialect}: ${spec.name}: skipped, the route answered ${probe.status}`);
          results.push({ name: spec.name, reqPerSec: 0, p50: 0, p99: 0, errors: -1, ratio: null, maxRssMb: 0 });
          continue;
        }
        log(`${dialect}: ${spec.name}`);
        caseRss = 0;
        const drawer = spec.spread ? spreadRequests(spreadRun.data, spreadRun.tokens, spec.spread) : undefined;
        const r = await load(server.baseUrl, tokenOf(spec), spec, drawer);
        const open =
          spec.spread && drawer && SPREAD_OPEN_LOOP !== undefined
            ? await openLoopSpread(server.baseUrl, spec.name, spec.spread, drawer, SPREAD_OPEN_LOOP * r.reqPerSec)
            : undefined;
        results.push({
          name: spec.name,
          ...r,
          ratio: base.reqPerSec > 0 ? r.reqPerSec / base.reqPerSec : null,
          maxRssMb: caseRss,
          ...(open ? { openLoop: open } : {}),
        });
      }
      if (!only || LIVE_CASE.toLowerCase().includes(only)) {
        log(`${dialect}: ${LIVE_CASE}`);
        // On a server of its own: the one that ran the cases above holds their caches, and its memory would be
        // theirs more than the streams'.
        const liveServer = await startProcess({
          script: BUILT_SERVER,
          env: { ...process.env, ...prepared.env },
          nodeFlags: SERVER_NODE_FLAGS,
        });
        try {
          const { token: liveToken } = await signIn(liveServer.baseUrl, { email: world.email, password: world.password });
          const live = await liveFeedCase(liveServer, liveToken, world.smallWorldId, DURATION, (memory) =>
            log(
              `${dialect}: live server RSS ${memory.idleMb.toFixed(0)} MB idle, ${memory.openMb.toFixed(0)} MB with ${LIVE_STREAMS} streams, ${memory.peakMb.toFixed(0)} MB at most`,
            ),
          );
          maxRss = Math.max(maxRss, live.maxRssMb);
          results.push(live);
        } finally {
          await liveServer.stop();
        }
      }
    } finally {
      clearInterval(sampler);
    }
    const only = process.env.BENCH_ONLY?.toLowerCase();
    if (!only || TYPED_SEARCH_CASE.toLowerCase().includes(only)) {
      log(`${dialect}: ${TYPED_SEARCH_CASE}`);
      results.push(await typedSearch(server.baseUrl, token, searchPath));
    }
    if (!only || [EXPORT_CASE, IMPORT_CASE].some((name) => name.toLowerCase().includes(only))) {
      log(`${dialect}: ${EXPORT_CASE}, then ${IMPORT_CASE}`);
      // On a server of its own, as the live case: the memory budget is judged on the transfer's own peak, not on
      // the caches and replays the cases above left in the heap.
      const transferServer = await startProcess({
        script: BUILT_SERVER,
        env: { ...process.env, ...prepared.env },
        nodeFlags: SERVER_NODE_FLAGS,
      });
      try {
        const { token: transferToken } = await signIn(transferServer.baseUrl, { email: world.email, password: world.password });
        results.push(
          ...(await benchTransfer(
            transferServer,
            transferToken,
            world.bigWorldId,
            (line) => log(`${dialect}: ${line}`),
            (memory) =>
              log(
                `${dialect}: transfer server RSS: export ${memory.export.idleMb.toFixed(0)} MB idle, ${memory.export.peakMb.toFixed(0)} MB at most; import ${memory.import.idleMb.toFixed(0)} MB idle, ${memory.import.peakMb.toFixed(0)} MB at most`,
              ),
          )),
        );
      } finally {
        await transferServer.stop();
      }
    }
    if (dialect === 'sqlite' && process.env.BENCH_WEB !== '0') web = await benchWeb(prepared.env, world);
    return { dialect, baselineReqPerSec: base.reqPerSec, cases: results, maxRssMb: maxRss, generateSeconds: prepared.seconds };
  } finally {
    await baseline?.stop();
    await server?.stop();
    await prepared.cleanup();
  }
}

const dialects: Array<'sqlite' | 'postgres'> = process.env.BENCH_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
const started = Date.now();
const results: DialectResult[] = [];
let web: WebResult | undefined;
/** Seconds the SQLite part took (with the web part): the whole run of `npm run bench` as the README gives it. */
let sqliteSeconds = 0;
for (const dialect of dialects) {
  results.push(await benchDialect(dialect));
  if (dialect === 'sqlite') sqliteSeconds = (Date.now() - started) / 1000;
}
const apiFailures = printApiTable(results);
if (web) printWebTable(web);
const webFailures = web ? web.figures.filter((f) => !f.pass).length : 0;
const seconds = (Date.now() - started) / 1000;
const output = path.join(REPO_ROOT, 'bench/results.json');
fs.writeFileSync(
  output,
  `${JSON.stringify({ date: new Date().toISOString(), durationSeconds: DURATION, connections: CONNECTIONS, spreadConnections: SPREAD_CONNECTIONS, spreadOpenLoop: SPREAD_OPEN_LOOP ?? null, seconds, sqliteSeconds, results, web }, null, 2)}\n`,
);
// The 10-minute budget is the run `npm run bench` makes on its own (SQLite and the web); PostgreSQL, when asked
// for, runs every API case again on top of it.
const durationFailed = sqliteSeconds > 600;
const failures = apiFailures + webFailures + (durationFailed ? 1 : 0);
const postgresPart = dialects.includes('postgres') ? `; with PostgreSQL, ${seconds.toFixed(0)} s in all` : '';
console.log(
  `\n${failures === 0 ? 'Every budget is met.' : `${failures} budget(s) not met.`} Wrote ${path.relative(REPO_ROOT, output)}. SQLite and the web in ${sqliteSeconds.toFixed(0)} s after the build (budget: 600 s): ${durationFailed ? 'FAIL' : 'PASS'}${postgresPart}.`,
);
