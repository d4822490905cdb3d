import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MapPoint, World, WorldMap, ErrorResponse, Pagination } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { removeReferencesTo } from '../../lib/references.js';
import { insertRawCharacter, insertRawItem } from '../../../test/factories/raw-entities.js';
import { type TestUser, createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('map points on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function createMap(): Promise<{ world: World; owner: TestUser; url: string }> {
    const { world, owner } = await createWorld(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/maps`,
      headers: owner.headers,
      payload: { name: 'Oz map' },
    });
    return { world, owner, url: `/api/worlds/${world.worldId}/maps/${response.json<WorldMap>().mapId}/points` };
  }

  it('creates, lists, reads, replaces and deletes a point linked to a character, naming it', async () => {
    const { world, owner, url } = await createMap();
    const dorothy = await insertRawCharacter(t.app, world.worldId, 'Dorothy');
    const created = await t.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { name: 'Farmhouse', description: 'Landed here', x: 120.5, y: 80, entity: { type: 'character', id: dorothy.id } },
    });
    expect(created.statusCode).toBe(201);
    const point = created.json<MapPoint>();
    expect(point).toMatchObject({ name: 'Farmhouse', x: 120.5, y: 80, entity: { type: 'character', id: dorothy.id, name: 'Dorothy' } });

    const list = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(list.json()).toMatchObject({ data: [point], pagination: { totalItems: 1, currentPage: 1 } });
    expect((await t.app.inject({ method: 'GET', url: `${url}/${point.pointId}`, headers: owner.headers })).json()).toEqual(point);

    const shoes = await insertRawItem(t.app, world.worldId, 'Silver Shoes');
    const put = await t.app.inject({
      method: 'PUT',
      url: `${url}/${point.pointId}`,
      headers: owner.headers,
      payload: { name: 'Shoe spot', x: 0, y: 0, entity: { type: 'item', id: shoes.id } },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Shoe spot', description: null, x: 0, y: 0, entity: { type: 'item', name: 'Silver Shoes' } });
    const unlinked = await t.app.inject({
      method: 'PUT',
      url: `${url}/${point.pointId}`,
      headers: owner.headers,
      payload: { name: 'Bare', x: 1, y: 1 },
    });
    expect(unlinked.json<MapPoint>().entity).toBeNull();

    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${point.pointId}`, headers: owner.headers })).statusCode).toBe(204);
    const gone = await t.app.inject({ method: 'GET', url: `${url}/${point.pointId}`, headers: owner.headers });
    expect(gone.json()).toEqual({ message: 'Map point not found.', code: 'NOT_FOUND' });
  });

  it('validates name, coordinates and the linked entity, which must be in the same world', async () => {
    const { world, owner, url } = await createMap();
    const post = (payload: unknown) => t.app.inject({ method: 'POST', url, headers: owner.headers, payload: payload as object });
    const missing = await post({ x: 1, y: 1 });
    expect(missing.json<ErrorResponse>().fields).toEqual({ name: 'Name is required.' });
    const negative = await post({ name: 'P', x: -1, y: 'north' });
    expect(negative.json<ErrorResponse>().fields).toMatchObject({ x: 'X must be at least 0.', y: 'Y must be a number.' });
    const badType = await post({ name: 'P', x: 1, y: 1, entity: { type: 'quest', id: world.worldId } });
    expect(badType.json<ErrorResponse>().fields?.['entity.type']).toBe('Linked entity type must be one of: character, item.');
    const notAnObject = await post({ name: 'P', x: 1, y: 1, entity: 'Dorothy' });
    expect(notAnObject.statusCode).toBe(400);
    expect(notAnObject.json<ErrorResponse>().fields).toEqual({
      entity: 'Linked entity must be an object {type, id} with type one of: character, item.',
    });

    const elsewhere = await createWorld(t.app, { owner });
    const stranger = await insertRawCharacter(t.app, elsewhere.world.worldId, 'Stranger');
    const foreign = await post({ name: 'P', x: 1, y: 1, entity: { type: 'character', id: stranger.id } });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: 'No character with that id in this world.',
      fields: { 'entity.id': 'No character with that id in this world.' },
    });
    const item = await insertRawItem(t.app, world.worldId);
    const wrongKind = await post({ name: 'P', x: 1, y: 1, entity: { type: 'character', id: item.id } });
    expect(wrongKind.json<ErrorResponse>().fields?.['entity.id']).toBe('No character with that id in this world.');
    const list = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(list.json<{ pagination: Pagination }>().pagination.totalItems).toBe(0);
  });

  it('unlinks a point when its entity is removed through the reference helper and searches by name', async () => {
    const { world, owner, url } = await createMap();
    const item = await insertRawItem(t.app, world.worldId, 'Golden Cap');
    await t.app.inject({
      method: 'POST',
      url,
      headers: owner.headers,
      payload: { name: 'Cap cave', x: 1, y: 1, entity: { type: 'item', id: item.id } },
    });
    await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: { name: 'River', x: 2, y: 2 } });
    const search = await t.app.inject({ method: 'GET', url: `${url}?search=cave`, headers: owner.headers });
    expect(search.json<{ data: MapPoint[] }>().data.map((p) => p.name)).toEqual(['Cap cave']);
    await t.app.db.transaction().execute(async (trx) => {
      await removeReferencesTo(trx, 'item', item.id);
      await trx.deleteFrom('item').where('id', '=', item.id).execute();
    });
    const unlinked = await t.app.inject({ method: 'GET', url: `${url}?search=cave`, headers: owner.headers });
    expect(unlinked.json<{ data: MapPoint[] }>().data[0]?.entity).toBeNull();
  });

  it('answers 404 to another user and for a point of another map', async () => {
    const { owner, url } = await createMap();
    const created = await t.app.inject({ method: 'POST', url, headers: owner.headers, payload: { name: 'Secret', x: 1, y: 1 } });
    const pointId = created.json<MapPoint>().pointId;
    const intruder = await createUser(t.app);
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await t.app.inject({
        method,
        url: `${url}/${pointId}`,
        headers: intruder.headers,
        ...(method === 'PUT' ? { payload: { name: 'Mine', x: 0, y: 0 } } : {}),
      });
      expect(response.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url, headers: intruder.headers })).statusCode).toBe(404);
    const other = await createMap();
    const cross = await t.app.inject({ method: 'GET', url: `${other.url}/${pointId}`, headers: other.owner.headers });
    expect(cross.statusCode).toBe(404);
    const still = await t.app.inject({ method: 'GET', url: `${url}/${pointId}`, headers: owner.headers });
    expect(still.json<MapPoint>().name).toBe('Secret');
  });
});
