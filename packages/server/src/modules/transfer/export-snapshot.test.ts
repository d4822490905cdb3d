/**
 * An export reads one snapshot (issue 13): a write that lands after the export began is not in the bundle, so
 * records read early and records read late agree and no reference dangles. On each database, through the
 * same snapshot the export route uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BundleRecord } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createWorld } from '../../../test/factories/world.js';
import { readZipArchive } from './archive.js';
import { streamBundle } from './bundle.export.js';
import { streamInSnapshot } from './export-snapshot.js';

const LARGE = { maxArchiveBytes: 1e9, maxEntries: 1e6, maxUnpackedBytes: 4e9, maxJsonDepth: 1000 };

async function bytesOf(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe.each(DIALECTS)('an export in one snapshot on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('leaves out a write made while it runs, so a character still names a place the bundle holds', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Snapshot of Oz' });
    const send = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
      const response = await t.app.inject({
        method,
        url: `/api/worlds/${world.worldId}${url}`,
        headers: owner.headers,
        ...(payload ? { payload } : {}),
      });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.statusCode === 204 ? {} : response.json<Record<string, string>>();
    };
    const map = await send('POST', '/maps', { name: 'Map of Oz' });
    const city = await send('POST', `/maps/${map.mapId}/points`, { name: 'Emerald City', x: 10, y: 20 });
    const dorothy = await send('POST', '/characters', { name: 'Dorothy', currentLocationId: city.pointId });
    const row = await t.app.db.selectFrom('world').selectAll().where('id', '=', world.worldId).executeTakeFirstOrThrow();
    const scope = { world: row, worldId: row.id, viewer: { userId: owner.user.userId, role: 'owner' as const }, seesSecrets: true };
    const archive = await bytesOf(
      await streamInSnapshot(t.app.db, async (snapshot) => {
        // The export has begun (its snapshot is taken); the place is deleted before any page of it is read.
        await send('DELETE', `/maps/${map.mapId}/points/${city.pointId}`);
        return streamBundle(snapshot, scope);
      }),
    );

    const files = await readZipArchive(archive, LARGE);
    const read = (path: string): unknown => JSON.parse(Buffer.from(files.get(path) ?? new Uint8Array()).toString('utf8'));
    const characters = read('characters.json') as Array<BundleRecord<'characters'>>;
    const points = read('map-points.json') as Array<BundleRecord<'mapPoints'>>;
    expect(characters.find((c) => c.characterId === dorothy.characterId)?.currentLocationId).toBe(city.pointId);
    expect(points.map((point) => point.pointId)).toEqual([city.pointId]);
    // The write itself went through: the world no longer holds the place.
    const left = await t.app.db
      .selectFrom('map_point')
      .select('id')
      .where('id', '=', city.pointId ?? '')
      .execute();
    expect(left).toEqual([]);
  });
});
