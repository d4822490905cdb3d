/**
 * Concurrency (issue 7): two server instances on ONE PostgreSQL database, many clients editing the same
 * entities at once, each sending the version it read in If-Match. Proves that no successful update is ever
 * overwritten by a writer who had not seen it ("updates lost" = 0), that the final state is the last
 * successful update, that every success got a new version, and that kept counts stay exact under concurrent
 * creates and deletes. Prints the figures.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { type DatabaseHandle, connectDatabase } from '../../src/db/connect.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { TEST_DATABASE_URL } from '../dialects.js';
import { present } from '../present.js';
import { type TestUser, createUser } from '../factories/user.js';
import type { ErrorResponse } from '@loreforge/contract';

const CLIENTS = Number(process.env.CONCURRENCY_CLIENTS ?? 20);
const ROUNDS = Number(process.env.CONCURRENCY_ROUNDS ?? 12);
const CONTESTED = 4;
const runPostgres = (process.env.DIALECTS ?? 'sqlite,postgres').includes('postgres');

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface Success {
  characterId: string;
  /** The version the client read and sent in If-Match. */
  basedOn: string;
  /** The version the server answered. */
  version: string;
  name: string;
}

const versionOf = (etag: string | string[] | number | undefined): string => {
  const match = /^W\/"(.+)"$/.exec(String(etag));
  if (!match?.[1]) throw new Error(`not a version ETag: ${String(etag)}`);
  return match[1];
};

/**
 * Counts successful updates that were overwritten by a writer who had not seen them: per entity, ordered by
 * the version they produced, each success must be based on the version the previous success produced.
 */
function countLostUpdates(successes: Success[], initial: Map<string, string>): number {
  let lost = 0;
  for (const [characterId, first] of initial) {
    const chain = successes.filter((s) => s.characterId === characterId).sort((a, b) => a.version.localeCompare(b.version));
    let current = first;
    for (const success of chain) {
      if (success.basedOn !== current) lost += 1;
      current = success.version;
    }
  }
  return lost;
}

describe.skipIf(!runPostgres)('concurrency: two instances on one PostgreSQL', () => {
  const schema = `test_conc_${crypto.randomBytes(6).toString('hex')}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-concurrency-'));
  const handles: DatabaseHandle[] = [];
  const apps: FastifyInstance[] = [];
  let owner: TestUser;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query('create extension if not exists pg_trgm with schema public').catch(() => undefined);
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const config = loadConfig(
      {},
      {
        dataDir,
        databaseUrl: TEST_DATABASE_URL,
        tokenSecret: `concurrency-${schema}`,
        logLevel: 'silent',
        webDistDir: undefined,
        redisUrl: undefined,
        authRateLimitPerMinute: 100_000,
      },
    );
    for (let instance = 0; instance < 2; instance += 1) {
      const handle = connectDatabase({ databaseUrl: TEST_DATABASE_URL, sqliteFile: '', postgresSchema: schema, poolSize: 8 });
      if (instance === 0) await migrateToLatest(handle);
      handles.push(handle);
      const app = await buildApp({ config, database: handle });
      await app.ready();
      apps.push(app);
    }
    owner = await createUser(present(apps[0], 'the first app instance'));
  });

  afterAll(async () => {
    for (const app of apps) await app.close();
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** Sends a request through instance `instance % 2`. */
  const send = (
    instance: number,
    method: Method,
    url: string,
    payload?: Record<string, unknown>,
    ifMatch?: string,
  ): Promise<LightMyRequestResponse> => {
    const app = present(apps[instance % 2], `app instance ${instance % 2}`);
    return app.inject({
      method,
      url,
      headers: { ...owner.headers, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
      ...(payload ? { payload } : {}),
    });
  };

  const createWorldOn = async (name: string): Promise<string> => {
    const response = await send(0, 'POST', '/api/worlds', { name });
    expect(response.statusCode).toBe(201);
    return response.json<{ worldId: string }>().worldId;
  };

  it(`loses no update when ${CLIENTS} clients edit the same entities through both instances`, async () => {
    const worldId = await createWorldOn('Contested');
    const initial = new Map<string, string>();
    for (let index = 0; index < CONTESTED; index += 1) {
      const created = await send(index, 'POST', `/api/worlds/${worldId}/characters`, { name: `Character ${index}`, attributes: {} });
      expect(created.statusCode).toBe(201);
      initial.set(created.json<{ characterId: string }>().characterId, versionOf(created.headers.etag));
    }
    const characterIds = [...initial.keys()];
    const successes: Success[] = [];
    let tried = 0;
    let conflicts = 0;
    const unexpected: string[] = [];

    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        for (let round = 0; round < ROUNDS; round += 1) {
          const characterId = present(characterIds[(client + round) % characterIds.length], 'a character to edit');
          const url = `/api/worlds/${worldId}/characters/${characterId}`;
          const read = await send(client + round, 'GET', url);
          const etag = String(read.headers.etag);
          const name = `Edited by client ${client} in round ${round}`;
          tried += 1;
          // Read on one instance, write through the other: the version travels only in If-Match.
          const written = await send(
            client + round + 1,
            'PUT',
            url,
            { name, description: `${client}/${round}`, attributes: { client, round } },
            etag,
          );
          if (written.statusCode === 200) {
            const body = written.json<{ name: string; updatedAt: string }>();
            expect(written.headers.etag).toBe(`W/"${body.updatedAt}"`);
            successes.push({ characterId, basedOn: versionOf(etag), version: body.updatedAt, name: body.name });
          } else if (written.statusCode === 409) {
            conflicts += 1;
            expect(written.json<ErrorResponse>().message).toBe(
              'Someone else changed this character since you loaded it. Reload to see their changes, then try again.',
            );
          } else {
            unexpected.push(`${written.statusCode} ${written.body}`);
          }
        }
      }),
    );

    const lost = countLostUpdates(successes, initial);
    let finalMismatches = 0;
    for (const characterId of characterIds) {
      const last = successes
        .filter((s) => s.characterId === characterId)
        .sort((a, b) => a.version.localeCompare(b.version))
        .at(-1);
      const final = await send(0, 'GET', `/api/worlds/${worldId}/characters/${characterId}`);
      const body = final.json<{ name: string; updatedAt: string }>();
      if (last && (body.name !== last.name || body.updatedAt !== last.version)) finalMismatches += 1;
    }
    const versions = successes.map((s) => `${s.characterId}/${s.version}`);

    console.log(
      `[concurrency] instances: 2 (one PostgreSQL), clients: ${CLIENTS}, entities: ${CONTESTED}, ` +
        `updates tried: ${tried}, succeeded: ${successes.length}, 409s: ${conflicts}, other: ${unexpected.length}, ` +
        `final state mismatches: ${finalMismatches}, updates lost: ${lost + finalMismatches}`,
    );
    expect(unexpected).toEqual([]);
    expect(tried).toBe(CLIENTS * ROUNDS);
    expect(successes.length + conflicts).toBe(tried);
    expect(successes.length).toBeGreaterThanOrEqual(CONTESTED);
    expect(conflicts).toBeGreaterThan(0);
    expect(new Set(versions).size).toBe(versions.length);
    expect(finalMismatches).toBe(0);
    expect(lost).toBe(0);
  });

  it('refuses all but one of many deletes and edits racing on one entity', async () => {
    const worldId = await createWorldOn('Race to delete');
    const created = await send(0, 'POST', `/api/worlds/${worldId}/items`, { name: 'Ruby Slippers', properties: {} });
    const url = `/api/worlds/${worldId}/items/${created.json<{ itemId: string }>().itemId}`;
    const etag = String(created.headers.etag);
    const answers = await Promise.all(
      Array.from({ length: CLIENTS }, (_, client) =>
        client % 2 === 0
          ? send(client, 'DELETE', url, undefined, etag)
          : send(client, 'PUT', url, { name: `Slippers ${client}`, properties: {} }, etag),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // Exactly one writer wins; everyone else is told (409, or 404 once the winner deleted it).
    expect(statuses.filter((status) => status === 200 || status === 204)).toHaveLength(1);
    expect(statuses.every((status) => [200, 204, 404, 409].includes(status))).toBe(true);
    const world = await send(1, 'GET', `/api/worlds/${worldId}`);
    const exists = (await send(0, 'GET', url)).statusCode === 200;
    expect(world.json<{ counts: { items: number } }>().counts.items).toBe(exists ? 1 : 0);
  });

  it('keeps world counts exact under concurrent creates and deletes on both instances', async () => {
    const worldId = await createWorldOn('Counted');
    const kinds = [
      { path: 'characters', idField: 'characterId', count: 'characters', body: (n: string) => ({ name: n, attributes: {} }) },
      { path: 'items', idField: 'itemId', count: 'items', body: (n: string) => ({ name: n, properties: {} }) },
      {
        path: 'timelines',
        idField: 'timelineId',
        count: 'timelines',
        body: (n: string) => ({ name: n, currentDateTime: '1900-05-01T12:00:00Z' }),
      },
      { path: 'events', idField: 'eventId', count: 'events', body: (n: string) => ({ name: n, dateTime: '1900-05-02T16:00:00Z' }) },
      { path: 'maps', idField: 'mapId', count: 'maps', body: (n: string) => ({ name: n }) },
    ] as const;
    const expected: Record<string, number> = {};
    let writes = 0;
    await Promise.all(
      Array.from({ length: CLIENTS }, async (_, client) => {
        const kind = present(kinds[client % kinds.length], 'a kind of entity to create');
        const mine: string[] = [];
        for (let index = 0; index < 4; index += 1) {
          const response = await send(client + index, 'POST', `/api/worlds/${worldId}/${kind.path}`, kind.body(`K${client}.${index}`));
          expect(response.statusCode, response.body).toBe(201);
          writes += 1;
          expected[kind.count] = (expected[kind.count] ?? 0) + 1;
          mine.push(String(response.json<Record<string, unknown>>()[kind.idField]));
        }
        for (const id of mine.slice(0, 2)) {
          // Two clients delete the same entity at once, through different instances: it may be counted once only.
          const answers = await Promise.all([
            send(client, 'DELETE', `/api/worlds/${worldId}/${kind.path}/${id}`),
            send(client + 1, 'DELETE', `/api/worlds/${worldId}/${kind.path}/${id}`),
          ]);
          writes += 2;
          expect(answers.map((answer) => answer.statusCode).every((status) => status === 204 || status === 404)).toBe(true);
          expected[kind.count] = (expected[kind.count] ?? 0) - 1;
        }
      }),
    );
    const counts = (await send(1, 'GET', `/api/worlds/${worldId}`)).json<{ counts: Record<string, number> }>().counts;
    let drift = 0;
    for (const kind of kinds) {
      const listed = await send(0, 'GET', `/api/worlds/${worldId}/${kind.path}?limit=1`);
      const rows = listed.json<{ pagination: { totalItems: number } }>().pagination.totalItems;
      drift += Math.abs((counts[kind.count] ?? 0) - rows) + Math.abs((counts[kind.count] ?? 0) - (expected[kind.count] ?? 0));
    }
    console.log(`[concurrency] counted creates and deletes: ${writes}, count drift: ${drift}`);
    expect(counts).toMatchObject(expected);
    expect(drift).toBe(0);
  });
});
