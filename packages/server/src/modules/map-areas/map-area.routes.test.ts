import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapArea, WorldMap, ErrorResponse, Pagination } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { type TestUser, createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('map areas on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function createMap(): Promise<{ owner: TestUser; url: string }> {
    const { world, owner } = await createWorld(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/maps`,
      headers: owner.headers,
      payload: { name: 'Oz map' },
    });
    return { owner, url: `/api/worlds/${world.worldId}/maps/${response.json<WorldMap>().mapId}/areas` };
  }

  const triangle = [
    [0, 0],
    [100, 0],
    [50, 80.5],
  ];

  it('creates, lists, reads, replaces and deletes an area, keeping the polygon as sent', async () => {
    const { owner, url } = await createMap();
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { name: 'Munchkin Country', polygon: triangle },
    });
    expect(created.statusCode).toBe(201);
    const area = created.json<MapArea>();
    expect(area).toMatchObject({ name: 'Munchkin Country', description: null, color: '#3388ff', polygon: triangle });

    const list = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(list.json()).toMatchObject({ data: [area], pagination: { totalItems: 1 } });
    expect((await t.app.inject({ method: 'GET', url: `${url}/${area.areaId}`, headers: owner.headers })).json()).toEqual(area);

    const square = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
    ];
    const put = await t.app.inject({
      method: 'PUT',
      url: `${url}/${area.areaId}`,
      headers: owner.headers,
      payload: { name: 'Blue lands', description: 'All blue', color: '#0000FF', polygon: square },
    });
    expect(put.json()).toMatchObject({ name: 'Blue lands', description: 'All blue', color: '#0000FF', polygon: square });
    expect((await t.app.inject({ method: 'GET', url: `${url}/${area.areaId}`, headers: owner.headers })).json<MapArea>().polygon).toEqual(
      square,
    );

    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${area.areaId}`, headers: owner.headers })).statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `${url}/${area.areaId}`, headers: owner.headers });
    expect(gone.json()).toEqual({ message: 'Map area not found.', code: 'NOT_FOUND' });
  });

  it('rejects a polygon of fewer than 3 points, malformed vertices and a bad colour', async () => {
    const { owner, url } = await createMap();
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url, headers: owner.headers, payload: payload as object });
    const two = await post({
      name: 'Line',
      polygon: [
        [0, 0],
        [1, 1],
      ],
    });
    expect(two.statusCode).toBe(400);
    expect(two.json<ErrorResponse>().fields?.polygon).toBe('Polygon must have at least 3 points.');
    const vertex = await post({ name: 'Odd', polygon: [[0, 0], [1, 1], [2]] });
    expect(vertex.statusCode).toBe(400);
    const notList = await post({ name: 'Odd', polygon: 'square' });
    expect(notList.json<ErrorResponse>().fields?.polygon).toBe('Polygon must be a list of [x, y] points.');
    const colour = await post({ name: 'Odd', color: 'blue', polygon: triangle });
    expect(colour.json<ErrorResponse>().fields?.color).toBe('Color must be a hex colour such as #3388ff.');
    const noName = await post({ polygon: triangle });
    expect(noName.json<ErrorResponse>().fields?.name).toBe('Name is required.');
    expect(
      (await t.app.inject({ method: 'GET', url, headers: owner.headers })).json<{ pagination: Pagination }>().pagination.totalItems,
    ).toBe(0);
  });

  it('answers 404 to another user and leaves the area unchanged', async () => {
    const { owner, url } = await createMap();
    const area = (
      await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: { name: 'Secret', polygon: triangle } })
    ).json<MapArea>();
    const intruder = await createUser(t.app);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `${url}/${area.areaId}`,
        headers: intruder.headers,
        ...(method === 'PUT' ? { payload: { name: 'Mine', polygon: triangle } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'POST', url, headers: intruder.headers, payload: { name: 'X', polygon: triangle } })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${url}/${area.areaId}`, headers: owner.headers })).json()).toEqual(area);
  });
});
