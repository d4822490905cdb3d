/**
 * Crash safety: the real server process takes concurrent creates and is killed with SIGKILL mid-flight, then
 * restarted on the same database, several times. Every create it answered 2xx must still be there; the world's
 * kept counts must equal the rows; no row may be orphaned; and the database's own checks must pass.
 */
import crypto from 'node:crypto';
import { SQLite as Database } from '../../src/db/sqlite-driver.js';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../dialects.js';
import { byLevel, report } from './level.js';
import { type ScratchDatabase, type ServerProcess, createScratchDatabase, startServerProcess } from '../server-process.js';
import { requestJson } from './request-json.js';

const CYCLES = byLevel(1, 5);
const CLIENTS = byLevel(8, 16);

/** What each kind of create writes, and the kept count it moves. */
const KINDS = [
  {
    path: 'characters',
    idField: 'characterId',
    table: 'character',
    count: 'character_count',
    body: () => ({ name: `Crash ${crypto.randomUUID()}` }),
  },
  { path: 'items', idField: 'itemId', table: 'item', count: 'item_count', body: () => ({ name: `Crash ${crypto.randomUUID()}` }) },
  { path: 'maps', idField: 'mapId', table: 'map', count: 'map_count', body: () => ({ name: `Crash ${crypto.randomUUID().slice(0, 8)}` }) },
  {
    path: 'timelines',
    idField: 'timelineId',
    table: 'timeline',
    count: 'timeline_count',
    body: () => ({ name: `Crash ${crypto.randomUUID()}`, currentDateTime: '2026-01-01T00:00:00.000Z' }),
  },
] as const;

/** Rows per table of a world, and the world's kept counts, read straight from the database. */
interface Storage {
  rows: Record<string, number>;
  counts: Record<string, number>;
  /** Problems the database's own checks reported (integrity, foreign keys, orphans). */
  problems: string[];
}

const ORPHAN_CHECKS: Array<[table: string, column: string, parent: string]> = [
  ['character', 'world_id', 'world'],
  ['item', 'world_id', 'world'],
  ['map', 'world_id', 'world'],
  ['timeline', 'world_id', 'world'],
  ['event', 'world_id', 'world'],
  ['inventory_item', 'character_id', 'character'],
  ['relationship', 'character_id', 'character'],
  ['relationship', 'target_character_id', 'character'],
  ['map_point', 'map_id', 'map'],
];

async function readStorage(database: ScratchDatabase, worldId: string): Promise<Storage> {
  const orphanSql = ORPHAN_CHECKS.map(
    ([table, column, parent]) =>
      `select '${table}.${column}' as what, count(*) as n from ${table} t where not exists (select 1 from ${parent} p where p.id = t.${column})`,
  );
  if (database.dialect === 'sqlite') {
    const db = new Database(`${database.dataDir}/loreforge.sqlite`, { readonly: true });
    try {
      const problems: string[] = [];
      const integrity = db.pragma('integrity_check') as Array<{ integrity_check: string }>;
      if (integrity.map((row) => row.integrity_check).join() !== 'ok') problems.push(`integrity_check: ${JSON.stringify(integrity)}`);
      const foreign = db.pragma('foreign_key_check') as unknown[];
      if (foreign.length > 0) problems.push(`foreign_key_check: ${JSON.stringify(foreign)}`);
      for (const sql of orphanSql) {
        const row = db.prepare(sql).get() as { what: string; n: number };
        if (row.n > 0) problems.push(`${row.n} orphan rows in ${row.what}`);
      }
      const rows: Record<string, number> = {};
      for (const kind of KINDS)
        rows[kind.count] = (db.prepare(`select count(*) as n from ${kind.table} where world_id = ?`).get(worldId) as { n: number }).n;
      const counts = db
        .prepare('select character_count, item_count, map_count, timeline_count from world where id = ?')
        .get(worldId) as Record<string, number>;
      return { rows, counts, problems };
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  try {
    const problems: string[] = [];
    for (const sql of orphanSql) {
      const result = await client.query<{ what: string; n: string }>(sql);
      const row = result.rows[0];
      if (row && Number(row.n) > 0) problems.push(`${row.n} orphan rows in ${row.what}`);
    }
    // Every foreign key constraint must be valid (none left NOT VALID by an interrupted migration).
    const invalid = await client.query<{ conname: string }>("select conname from pg_constraint where contype = 'f' and not convalidated");
    if (invalid.rows.length > 0) problems.push(`unvalidated foreign keys: ${invalid.rows.map((row) => row.conname).join(', ')}`);
    const rows: Record<string, number> = {};
    for (const kind of KINDS) {
      const result = await client.query<{ n: string }>(`select count(*) as n from ${kind.table} where world_id = $1`, [worldId]);
      rows[kind.count] = Number(result.rows[0]?.n ?? -1);
    }
    const world = await client.query<Record<string, number>>(
      'select character_count, item_count, map_count, timeline_count from world where id = $1',
      [worldId],
    );
    return { rows, counts: Object.fromEntries(Object.entries(world.rows[0] ?? {}).map(([key, value]) => [key, Number(value)])), problems };
  } finally {
    await client.end();
  }
}

/**
 * Fires creates from `clients` concurrent loops and SIGKILLs the server while they are in flight.
 * Adds the ids the server acknowledged with 201 to `acknowledged` (id → path). @returns the creates attempted.
 */
async function fireCreates(
  server: ServerProcess,
  token: string,
  worldId: string,
  clients: number,
  acknowledged: Map<string, string>,
): Promise<number> {
  let attempts = 0;
  let dead = false;
  const loop = async (client: number) => {
    for (let round = 0; !dead; round += 1) {
      const kind = KINDS[(client + round) % KINDS.length] ?? KINDS[0];
      attempts += 1;
      try {
        const answer = await requestJson(server.baseUrl, 'POST', `/api/worlds/${worldId}/${kind.path}`, token, kind.body());
        const body = answer.body as Record<string, unknown> | undefined;
        if (answer.status === 201 && typeof body?.[kind.idField] === 'string') acknowledged.set(String(body[kind.idField]), kind.path);
        else if (answer.status >= 500) throw new Error(`create answered ${answer.status}`);
      } catch (error) {
        if (error instanceof TypeError)
          dead = true; // the connection was cut: the server is gone
        else throw error;
      }
    }
  };
  // Kill only once writes are flowing (at least 10 more acknowledged), then after a random 0–600 ms.
  const target = acknowledged.size + 10;
  const killer = (async () => {
    const giveUpAt = Date.now() + 30_000;
    while (acknowledged.size < target && Date.now() < giveUpAt) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, Math.floor(Math.random() * 600)));
    await server.kill();
  })();
  await Promise.all([...Array.from({ length: clients }, (_unused, client) => loop(client)), killer]);
  return attempts;
}

describe.each(DIALECTS)('crash safety on %s', (dialect) => {
  const databases: ScratchDatabase[] = [];
  let running: ServerProcess | undefined;
  afterAll(async () => {
    // A failed run may leave its last server up: kill it before dropping its database.
    await running?.kill();
    for (const database of databases) await database.destroy();
  });

  it(`keeps every acknowledged create through ${CYCLES} SIGKILLs, with exact counts and a clean database`, async () => {
    const database = await createScratchDatabase(dialect, 'resilience');
    databases.push(database);
    let server = await startServerProcess(database, { waitForInvite: true });
    running = server;
    const inviteCode = server.inviteCode;
    expect(inviteCode).toBeDefined();
    const registered = await requestJson(server.baseUrl, 'POST', '/api/auth/register', undefined, {
      username: 'crash_tester',
      email: 'crash@example.test',
      password: 'secret123',
      inviteCode,
    });
    expect(registered.status).toBe(201);
    const token = String((registered.body as { token: string }).token);
    const world = await requestJson(server.baseUrl, 'POST', '/api/worlds', token, { name: 'Crash World' });
    const worldId = String((world.body as { worldId: string }).worldId);

    const acknowledged = new Map<string, string>();
    const problems: string[] = [];
    let attempts = 0;
    let lost = 0;
    for (let cycle = 0; cycle < CYCLES; cycle += 1) {
      attempts += await fireCreates(server, token, worldId, CLIENTS, acknowledged);
      server = await startServerProcess(database);
      running = server;
      for (const [id, path] of acknowledged) {
        const found = await requestJson(server.baseUrl, 'GET', `/api/worlds/${worldId}/${path}/${id}`, token);
        if (found.status !== 200) {
          lost += 1;
          problems.push(`cycle ${cycle}: acknowledged ${path}/${id} answers ${found.status}`);
        }
      }
      const storage = await readStorage(database, worldId);
      problems.push(...storage.problems.map((problem) => `cycle ${cycle}: ${problem}`));
      for (const kind of KINDS) {
        if (storage.counts[kind.count] !== storage.rows[kind.count]) {
          problems.push(`cycle ${cycle}: ${kind.count} is ${storage.counts[kind.count]} but ${storage.rows[kind.count]} rows exist`);
        }
      }
      const api = await requestJson(server.baseUrl, 'GET', `/api/worlds/${worldId}`, token);
      const apiCounts = (api.body as { counts: Record<string, number> }).counts;
      const apiTotal = Object.values(apiCounts).reduce((sum, value) => sum + value, 0);
      const rowTotal = Object.values(storage.rows).reduce((sum, value) => sum + value, 0);
      if (apiTotal !== rowTotal + (apiCounts.events ?? 0))
        problems.push(`cycle ${cycle}: the API counts ${JSON.stringify(apiCounts)} disagree with ${rowTotal} rows`);
    }
    await server.stop();

    report(`crash ${dialect}`, { kills: CYCLES, attempts, acknowledged: acknowledged.size, lost, problems: problems.length });
    expect(acknowledged.size).toBeGreaterThanOrEqual(CYCLES * 10);
    expect(problems).toEqual([]);
    expect(lost).toBe(0);
  }, 300_000);
});
