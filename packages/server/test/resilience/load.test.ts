/**
 * Load: the real server process under a sustained mix of reads, searches, creates and updates for a bounded
 * time. No request may fail, and the process's resident memory (VmRSS) must stay under a generous bound.
 */
import crypto from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { DIALECTS } from '../dialects.js';
import { byLevel, report } from './level.js';
import { type ScratchDatabase, createScratchDatabase, residentKib, startServerProcess } from '../server-process.js';
import { requestJson } from './request-json.js';

const DURATION_MS = byLevel(5_000, 30_000);
const CLIENTS = byLevel(6, 12);
/** Far above a healthy server's footprint (~150 MiB), far below what a leak over the run would reach. */
const MEMORY_BOUND_MIB = 768;
const LOAD_DIALECTS = byLevel(DIALECTS.slice(0, 1), DIALECTS);

describe.each(LOAD_DIALECTS)('sustained load on %s', (dialect) => {
  let database: ScratchDatabase | undefined;
  afterAll(async () => database?.destroy());

  it(`answers a ${DURATION_MS / 1000} s mixed load without an error and with bounded memory`, async () => {
    database = await createScratchDatabase(dialect, 'resilience');
    const server = await startServerProcess(database, { waitForInvite: true });
    try {
      const registered = await requestJson(server.baseUrl, 'POST', '/api/auth/register', undefined, {
        username: 'load_tester',
        email: 'load@example.test',
        password: 'secret123',
        inviteCode: server.inviteCode,
      });
      const token = String((registered.body as { token: string }).token);
      const world = await requestJson(server.baseUrl, 'POST', '/api/worlds', token, { name: 'Load World' });
      const base = `/api/worlds/${String((world.body as { worldId: string }).worldId)}`;
      const characterIds: string[] = [];
      for (let index = 0; index < 20; index += 1) {
        const created = await requestJson(server.baseUrl, 'POST', `${base}/characters`, token, {
          name: `Seed ${index}`,
          description: 'the seed cast',
        });
        characterIds.push(String((created.body as { characterId: string }).characterId));
      }

      const errors: string[] = [];
      const counts = { reads: 0, searches: 0, creates: 0, updates: 0 };
      const samples: number[] = [];
      const sampler = setInterval(() => {
        const kib = residentKib(server.pid);
        if (kib !== undefined) samples.push(kib);
      }, 200);
      const stopAt = Date.now() + DURATION_MS;
      const expectOk = (what: string, status: number) => {
        if (status >= 300) errors.push(`${what}: ${status}`);
      };
      const client = async (seed: number) => {
        for (let round = seed; Date.now() < stopAt; round += 1) {
          const id = characterIds[round % characterIds.length] ?? '';
          switch (round % 5) {
            case 0:
              counts.reads += 1;
              expectOk(
                'list',
                (await requestJson(server.baseUrl, 'GET', `${base}/characters?page=${(round % 3) + 1}&limit=10`, token)).status,
              );
              break;
            case 1:
              counts.searches += 1;
              expectOk(
                'search',
                (await requestJson(server.baseUrl, 'GET', `${base}/characters?search=${round % 2 ? 'seed' : 'load'}`, token)).status,
              );
              break;
            case 2: {
              counts.creates += 1;
              const created = await requestJson(server.baseUrl, 'POST', `${base}/characters`, token, {
                name: `Load ${crypto.randomUUID().slice(0, 8)}`,
              });
              expectOk('create', created.status);
              break;
            }
            case 3: {
              counts.updates += 1;
              const current = await requestJson(server.baseUrl, 'GET', `${base}/characters/${id}`, token);
              const etag = current.headers.get('etag');
              const updated = await requestJson(
                server.baseUrl,
                'PUT',
                `${base}/characters/${id}`,
                token,
                { name: `Seed ${round}`, description: 'the seed cast, edited' },
                etag ? { 'if-match': etag } : {},
              );
              // A concurrent edit of the same character may be refused as stale (409); that is not an error.
              if (updated.status !== 409) expectOk('update', updated.status);
              break;
            }
            default:
              counts.reads += 1;
              expectOk('world', (await requestJson(server.baseUrl, 'GET', base, token)).status);
          }
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_unused, seed) => client(seed)));
      clearInterval(sampler);

      const peakMib = Math.round(Math.max(...samples) / 1024);
      const endMib = Math.round((samples.at(-1) ?? 0) / 1024);
      const total = counts.reads + counts.searches + counts.creates + counts.updates;
      report(`load ${dialect}`, {
        seconds: DURATION_MS / 1000,
        requests: total,
        ...counts,
        errors: errors.length,
        rssPeakMiB: peakMib,
        rssEndMiB: endMib,
        rssBoundMiB: MEMORY_BOUND_MIB,
      });
      expect(total).toBeGreaterThan(100);
      expect(samples.length).toBeGreaterThan(5);
      expect(errors).toEqual([]);
      expect(peakMib).toBeLessThan(MEMORY_BOUND_MIB);
    } finally {
      await server.stop();
    }
  }, 180_000);
});
