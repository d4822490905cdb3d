import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { World, WorldMap, ErrorResponse, MapPoint } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { insertRawCharacter } from '../../../test/factories/raw-entities.js';
import { type TestUser, createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('maps on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const mapsUrl = (world: World) => `/api/worlds/${world.worldId}/maps`;

  async function createMap(world: World, owner: TestUser, payload: Record<string, unknown> = {}): Promise<WorldMap> {
    const response = await t.app.inject({
      method: 'POST',
      url: mapsUrl(world),
      headers: owner.headers,
      payload: { name: 'Land of Oz', description: 'The whole country', ...payload },
    });
    expect(response.statusCode).toBe(201);
    return response.json<WorldMap>();
  }

  async function mapCount(world: World, owner: TestUser): Promise<number> {
    const response = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}`, headers: owner.headers });
    return response.json<World>().counts.maps;
  }

  describe('POST /api/worlds/{worldId}/maps', () => {
    it('creates a map without an image and counts it in the world', async () => {
      const { world, owner } = await createWorld(t.app);
      const map = await createMap(world, owner, { name: 'Emerald City', description: '' });
      expect(map).toMatchObject({ worldId: world.worldId, name: 'Emerald City', description: null, image: null });
      expect(map.mapId).toMatch(/^[0-9a-f-]{36}$/);
      expect(await mapCount(world, owner)).toBe(1);
    });

    it('enforces the spec name rules with their messages (required, 3 to 100 characters)', async () => {
      const { world, owner } = await createWorld(t.app);
      const cases: Array<[unknown, string]> = [
        [undefined, 'Name is required.'],
        ['  ', 'Name is required.'],
        ['Oz', 'Name must be at least 3 characters.'],
        ['x'.repeat(101), 'Name must be no more than 100 characters.'],
        [42, 'Name must be text.'],
      ];
      for (const [name, message] of cases) {
        const response = await t.app.inject({ method: 'POST', url: mapsUrl(world), headers: owner.headers, payload: { name } });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message, fields: { name: message } });
      }
      const edges = [await createMap(world, owner, { name: 'Ozz' }), await createMap(world, owner, { name: 'y'.repeat(100) })];
      expect(edges.map((m) => m.name.length)).toEqual([3, 100]);
      expect(await mapCount(world, owner)).toBe(2);
    });

    it('answers 400 for a body that is not JSON and never a 500', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: mapsUrl(world),
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: '{"name": ',
      });
      expect(response.statusCode).toBe(400);
      const array = await t.app.inject({ method: 'POST', url: mapsUrl(world), headers: owner.headers, payload: [1, 2] });
      expect(array.statusCode).toBe(400);
    });
  });

  describe('GET /api/worlds/{worldId}/maps', () => {
    it('pages newest first with exact totals and a cursor', async () => {
      const { world, owner } = await createWorld(t.app);
      for (const name of ['Gillikin', 'Munchkin', 'Quadling']) await createMap(world, owner, { name });
      const first = await t.app.inject({ method: 'GET', url: `${mapsUrl(world)}?limit=2`, headers: owner.headers });
      const body = first.json<{ data: WorldMap[]; pagination: { nextCursor: string | null } }>();
      expect(body.data.map((m) => m.name)).toEqual(['Quadling', 'Munchkin']);
      expect(body.pagination).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 3, limit: 2 });
      const next = await t.app.inject({
        method: 'GET',
        url: `${mapsUrl(world)}?limit=2&cursor=${String(body.pagination.nextCursor)}`,
        headers: owner.headers,
      });
      expect(next.json<{ data: WorldMap[] }>().data.map((m) => m.name)).toEqual(['Gillikin']);
      const page2 = await t.app.inject({ method: 'GET', url: `${mapsUrl(world)}?limit=2&page=2`, headers: owner.headers });
      expect(page2.json<{ data: WorldMap[] }>().data.map((m) => m.name)).toEqual(['Gillikin']);
      const past = await t.app.inject({ method: 'GET', url: `${mapsUrl(world)}?page=5`, headers: owner.headers });
      expect(past.json()).toMatchObject({ data: [], pagination: { totalItems: 3, totalPages: 1 } });
    });

    it('searches name and description case-insensitively and sorts by name', async () => {
      const { world, owner } = await createWorld(t.app);
      await createMap(world, owner, { name: 'winkie land', description: 'Yellow castle' });
      await createMap(world, owner, { name: 'Castle grounds', description: null });
      await createMap(world, owner, { name: 'Deadly desert', description: null });
      const response = await t.app.inject({
        method: 'GET',
        url: `${mapsUrl(world)}?search=CASTLE&sortBy=name&sortOrder=asc`,
        headers: owner.headers,
      });
      const body = response.json<{ data: WorldMap[]; pagination: { totalItems: number } }>();
      expect(body.data.map((m) => m.name)).toEqual(['Castle grounds', 'winkie land']);
      expect(body.pagination.totalItems).toBe(2);
      const desc = await t.app.inject({ method: 'GET', url: `${mapsUrl(world)}?sortBy=name&sortOrder=desc`, headers: owner.headers });
      expect(desc.json<{ data: WorldMap[] }>().data.map((m) => m.name)).toEqual(['winkie land', 'Deadly desert', 'Castle grounds']);
    });

    it('rejects an unknown sort field naming the allowed ones', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({ method: 'GET', url: `${mapsUrl(world)}?sortBy=secret`, headers: owner.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe('sortBy must be one of: createdAt, updatedAt, name.');
    });
  });

  describe('GET, PUT and DELETE /api/worlds/{worldId}/maps/{mapId}', () => {
    it('reads, updates (validating like create) and deletes a map, keeping the count exact', async () => {
      const { world, owner } = await createWorld(t.app);
      const map = await createMap(world, owner);
      const url = `${mapsUrl(world)}/${map.mapId}`;
      expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json()).toEqual(map);

      const short = await t.app.inject({ method: 'PUT', url, headers: owner.headers, payload: { name: 'ab' } });
      expect(short.statusCode).toBe(400);
      expect(short.json<ErrorResponse>().fields?.name).toBe('Name must be at least 3 characters.');

      const put = await t.app.inject({ method: 'PUT', url, headers: owner.headers, payload: { name: 'Oz, revised', description: 'New' } });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ mapId: map.mapId, name: 'Oz, revised', description: 'New', image: null });

      const del = await t.app.inject({ method: 'DELETE', url, headers: owner.headers });
      expect(del.statusCode).toBe(204);
      const gone = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: 'Map not found.', code: 'NOT_FOUND' });
      expect(await mapCount(world, owner)).toBe(0);
      expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(404);
      expect(await mapCount(world, owner)).toBe(0);
    });

    it('deletes its points, areas and connections, and unsets characters located on it', async () => {
      const { world, owner } = await createWorld(t.app);
      const map = await createMap(world, owner);
      const other = await createMap(world, owner, { name: 'Other map' });
      const url = `${mapsUrl(world)}/${map.mapId}`;
      const point = await t.app.inject({
        method: 'POST',
        url: `${url}/points`,
        headers: owner.headers,
        payload: { name: 'Gate', x: 1, y: 2 },
      });
      await t.app.inject({
        method: 'POST',
        url: `${url}/areas`,
        headers: owner.headers,
        payload: {
          name: 'Field',
          polygon: [
            [0, 0],
            [1, 0],
            [1, 1],
          ],
        },
      });
      const character = await insertRawCharacter(t.app, world.worldId);
      await t.app.db
        .updateTable('character')
        .set({ current_location_id: point.json<MapPoint>().pointId })
        .where('id', '=', character.id)
        .execute();
      const link = (targetId: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/worlds/${world.worldId}/connections`,
          headers: owner.headers,
          payload: { sourceType: 'character', sourceId: character.id, targetType: 'map', targetId, connectionType: 'lives on' },
        });
      expect((await link(map.mapId)).statusCode).toBe(201);
      expect((await link(other.mapId)).statusCode).toBe(201);

      expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(204);
      const db = t.app.db;
      expect(await db.selectFrom('map_point').select('id').where('map_id', '=', map.mapId).execute()).toEqual([]);
      expect(await db.selectFrom('map_area').select('id').where('map_id', '=', map.mapId).execute()).toEqual([]);
      const located = await db.selectFrom('character').select('current_location_id').where('id', '=', character.id).executeTakeFirst();
      expect(located?.current_location_id).toBeNull();
      const connections = await db.selectFrom('connection').select('target_id').where('world_id', '=', world.worldId).execute();
      expect(connections).toEqual([{ target_id: other.mapId }]);
      expect(await mapCount(world, owner)).toBe(1);
    });

    it('answers 404 to another user on every map route and leaves the map unchanged', async () => {
      const { world, owner } = await createWorld(t.app);
      const map = await createMap(world, owner, { name: 'Private map' });
      const intruder = await createUser(t.app);
      const url = `${mapsUrl(world)}/${map.mapId}`;
      const attempts = [
        { method: 'GET' as const, url: mapsUrl(world) },
        { method: 'POST' as const, url: mapsUrl(world), payload: { name: 'Sneaky' } },
        { method: 'GET' as const, url },
        { method: 'PUT' as const, url, payload: { name: 'Mine now' } },
        { method: 'DELETE' as const, url },
      ];
      for (const attempt of attempts) {
        const response = await t.app.inject({ ...attempt, headers: intruder.headers });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Private map');
      }
      // The intruder's own world cannot reach the map either.
      const { world: theirs } = await createWorld(t.app, { owner: intruder });
      const cross = await t.app.inject({ method: 'GET', url: `${mapsUrl(theirs)}/${map.mapId}`, headers: intruder.headers });
      expect(cross.statusCode).toBe(404);
      const still = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(still.json()).toEqual(map);
      expect(await mapCount(world, owner)).toBe(1);
    });

    it('answers 401 without a token and 400 for a malformed map id', async () => {
      const { world, owner } = await createWorld(t.app);
      expect((await t.app.inject({ method: 'GET', url: mapsUrl(world) })).statusCode).toBe(401);
      const bad = await t.app.inject({ method: 'GET', url: `${mapsUrl(world)}/nope`, headers: owner.headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorResponse>().fields?.mapId).toBe('Must be a valid UUID.');
    });
  });
});
