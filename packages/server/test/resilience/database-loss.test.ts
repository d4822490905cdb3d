/**
 * The database going away never takes the server down (issue 20). PostgreSQL: every connection of the test's
 * schema is terminated (`pg_terminate_backend`) again and again while clients read and write; the server keeps
 * answering (2xx, or 503 for a request caught by a drop, never a 500 or a dead process) and recovers; a database
 * that accepts connections and never answers gives 503 within the configured timeout instead of a hang.
 * SQLite: the file turning read-only answers 503, a full disk 507 with health saying so, and both recover.
 */
import net from 'node:net';
import pg from 'pg';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, type ErrorResponse, type Pagination } from '@loreforge/contract';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { connectDatabase } from '../../src/db/connect.js';
import { clearStorageFull } from '../../src/db/storage-state.js';
import { type TestApp, buildTestApp } from '../app.js';
import { DIALECTS, TEST_DATABASE_URL } from '../dialects.js';
import { type TestUser, createUser } from '../factories/user.js';
import { byLevel, report } from './level.js';

/** How long the drill goes on terminating connections (ms). */
const DRILL_MS = byLevel(3_000, 15_000);

/** Ends every backend of one schema's app; returns how many were ended. */
async function terminateBackends(admin: pg.Client, applicationName: string): Promise<number> {
  const result = await admin.query<{ ended: boolean }>(
    'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
    [applicationName],
  );
  return result.rows.filter((row) => row.ended).length;
}

describe.runIf(DIALECTS.includes('postgres'))('losing PostgreSQL', () => {
  let t: TestApp;
  let owner: TestUser;
  let admin: pg.Client;
  const connectionErrors: Error[] = [];

  beforeAll(async () => {
    t = await buildTestApp('postgres', {}, undefined, {
      connectTimeoutMs: 2_000,
      statementTimeoutMs: 5_000,
      onConnectionError: (error) => connectionErrors.push(error),
    });
    owner = await createUser(t.app);
    admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await t.close();
  });

  it('keeps answering while its connections are terminated mid-traffic, and recovers', async () => {
    const worldResponse = await t.app.inject({ method: 'POST', url: '/api/worlds', headers: owner.headers, payload: { name: 'Oz' } });
    const worldId = worldResponse.json<{ worldId: string }>().worldId;
    const statuses = new Map<number, number>();
    const created: string[] = [];
    let stop = false;
    const client = async (index: number) => {
      for (let round = 0; !stop; round += 1) {
        const create = round % 2 === 0;
        const response = create
          ? await t.app.inject({
              method: 'POST',
              url: `/api/worlds/${worldId}/characters`,
              headers: owner.headers,
              payload: { name: `Munchkin ${index}-${round}` },
            })
          : await t.app.inject({ method: 'GET', url: `/api/worlds/${worldId}/characters?limit=5`, headers: owner.headers });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        if (create && response.statusCode === 201) created.push(response.json<{ characterId: string }>().characterId);
      }
    };
    const clients = Array.from({ length: 6 }, (_unused, index) => client(index));
    let terminated = 0;
    const until = Date.now() + DRILL_MS;
    while (Date.now() < until) {
      terminated += await terminateBackends(admin, t.schema ?? '');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    stop = true;
    await Promise.all(clients);

    // Back to normal: health, a read and a write all succeed, and every acknowledged create is there.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${worldId}/characters`,
      headers: owner.headers,
      payload: { name: 'Glinda' },
    });
    expect(after.statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: `/api/worlds/${worldId}/characters?limit=10000`, headers: owner.headers });
    const listed = new Set(list.json<{ data: Array<{ characterId: string }> }>().data.map((character) => character.characterId));
    const lost = created.filter((id) => !listed.has(id));

    report('database loss postgres', {
      terminated,
      answers: [...statuses.entries()].map(([status, count]) => `${status}x${count}`).join(','),
      acknowledged: created.length,
      lost: lost.length,
    });
    expect(terminated).toBeGreaterThan(0);
    expect([...statuses.keys()].filter((status) => status !== 200 && status !== 201 && status !== 503)).toEqual([]);
    expect(statuses.get(201) ?? 0).toBeGreaterThan(0);
    expect(lost).toEqual([]);
  }, 120_000);

  describe('a database that accepts connections and never answers', () => {
    let hole: net.Server;
    const sockets = new Set<net.Socket>();
    let port = 0;

    beforeAll(async () => {
      hole = net.createServer((socket) => {
        sockets.add(socket);
        socket.on('error', () => undefined);
      });
      await new Promise<void>((resolve) => hole.listen(0, '127.0.0.1', resolve));
      port = (hole.address() as net.AddressInfo).port;
    });
    afterEach(() => {
      for (const socket of sockets) socket.destroy();
    });
    afterAll(async () => new Promise<void>((resolve) => hole.close(() => resolve())));

    it('answers 503 from health and from requests once the connect timeout has passed, instead of hanging', async () => {
      const connectTimeoutMs = 300;
      const database = connectDatabase({
        databaseUrl: `postgres://postgres@127.0.0.1:${port}/test`,
        sqliteFile: '',
        poolSize: 2,
        connectTimeoutMs,
        statementTimeoutMs: 1_000,
      });
      const config = loadConfig(
        {},
        {
          databaseUrl: 'postgres://unused',
          tokenSecret: 'black-hole-secret',
          logLevel: 'silent',
          webDistDir: undefined,
          validateResponses: true,
        },
      );
      const app = await buildApp({ config, database });
      try {
        // A hang would keep these promises pending until the test's own timeout fails it.
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.statusCode).toBe(503);
        expect(health.json()).toEqual({ message: MESSAGES.databaseUnavailable, code: 'SERVICE_UNAVAILABLE' });
        const token = app.signToken('00000000-0000-4000-8000-000000000000');
        const worlds = await app.inject({ method: 'GET', url: '/api/worlds', headers: { authorization: `Bearer ${token}` } });
        expect(worlds.statusCode).toBe(503);
        expect(worlds.headers['retry-after']).toBe('5');
        expect(worlds.json<ErrorResponse>().code).toBe('SERVICE_UNAVAILABLE');
        expect(sockets.size).toBeGreaterThan(0);
      } finally {
        await app.close();
      }
    }, 30_000);
  });
});

describe.runIf(DIALECTS.includes('sqlite'))('losing the SQLite file', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    owner = await createUser(t.app);
  });
  afterAll(async () => t.close());

  it('answers 503 while the file is read-only, keeps serving reads, and writes again once it is writable', async () => {
    const before = await t.app.inject({ method: 'POST', url: '/api/worlds', headers: owner.headers, payload: { name: 'Oz' } });
    expect(before.statusCode).toBe(201);
    await sql`pragma query_only = on`.execute(t.app.db);
    try {
      const refused = await t.app.inject({ method: 'POST', url: '/api/worlds', headers: owner.headers, payload: { name: 'Kansas' } });
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toEqual({ message: MESSAGES.databaseUnavailable, code: 'SERVICE_UNAVAILABLE' });
      const read = await t.app.inject({ method: 'GET', url: '/api/worlds', headers: owner.headers });
      expect(read.statusCode).toBe(200);
      expect(read.json<{ pagination: Pagination }>().pagination.totalItems).toBe(1);
    } finally {
      await sql`pragma query_only = off`.execute(t.app.db);
    }
    const again = await t.app.inject({ method: 'POST', url: '/api/worlds', headers: owner.headers, payload: { name: 'Kansas' } });
    expect(again.statusCode).toBe(201);
  });

  it('answers 507 with a message when the disk is full, says so in health, and recovers when space returns', async () => {
    clearStorageFull();
    const pages = await sql<{ page_count: number }>`pragma page_count`.execute(t.app.db);
    const current = Number(pages.rows[0]?.page_count ?? 0);
    // SQLite's own page cap makes the file full exactly as a full disk does (SQLITE_FULL).
    await sql.raw(`pragma max_page_count = ${current}`).execute(t.app.db);
    try {
      const long = 'A tale of the Deadly Desert. '.repeat(600);
      let full: { statusCode: number; json: () => { code?: string; message?: string } } | undefined;
      for (let attempt = 0; attempt < 50 && full === undefined; attempt += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/worlds',
          headers: owner.headers,
          payload: { name: `Land ${attempt}`, description: long },
        });
        if (response.statusCode !== 201) full = response;
      }
      expect(full?.statusCode).toBe(507);
      expect(full?.json()).toEqual({ message: MESSAGES.storageFull, code: 'INSUFFICIENT_STORAGE' });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(507);
      expect(health.json<ErrorResponse>().code).toBe('INSUFFICIENT_STORAGE');
      expect((await t.app.inject({ method: 'GET', url: '/api/worlds', headers: owner.headers })).statusCode).toBe(200);
    } finally {
      await sql.raw('pragma max_page_count = 1073741823').execute(t.app.db);
    }
    const again = await t.app.inject({ method: 'POST', url: '/api/worlds', headers: owner.headers, payload: { name: 'Emerald City' } });
    expect(again.statusCode).toBe(201);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
  });
});
