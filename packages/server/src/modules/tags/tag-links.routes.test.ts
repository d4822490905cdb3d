import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldSearchResponse } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { addMember } from '../../../test/factories/member.js';
import { createWorld } from '../../../test/factories/world.js';

/** A page of a list, as far as these tests read it. */
interface Paged {
  pagination: { totalItems: number };
}

/** Tags on map points, map areas, relationships and connections (issue "Linked lore", tags). */
describe.each(DIALECTS)('tags on map points, areas, relationships and connections on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** Oz: Dorothy and the Scarecrow (related and connected), a map with a point and an area, and a player. */
  async function buildOz() {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const base = `/api/worlds/${world.worldId}`;
    const post = async <T>(path: string, payload: object): Promise<T> => {
      const response = await t.app.inject({ method: 'POST', url: `${base}${path}`, headers: owner.headers, payload });
      if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      return response.json<T>();
    };
    const { characterId: dorothy } = await post<{ characterId: string }>('/characters', { name: 'Dorothy' });
    const { characterId: scarecrow } = await post<{ characterId: string }>('/characters', { name: 'Scarecrow' });
    const { mapId } = await post<{ mapId: string }>('/maps', { name: 'Land of Oz' });
    const { pointId } = await post<{ pointId: string }>(`/maps/${mapId}/points`, { name: 'Crossroads', x: 2, y: 2 });
    const { areaId } = await post<{ areaId: string }>(`/maps/${mapId}/areas`, {
      name: 'Poppy Field',
      polygon: [
        [0, 0],
        [5, 0],
        [0, 5],
      ],
    });
    const { relationshipId } = await post<{ relationshipId: string }>(`/characters/${dorothy}/relationships`, {
      targetCharacterId: scarecrow,
      relationshipType: 'friend',
    });
    const { connectionId } = await post<{ connectionId: string }>('/connections', {
      sourceType: 'character',
      sourceId: dorothy,
      targetType: 'map',
      targetId: mapId,
      connectionType: 'travels',
    });
    const put = (type: string, id: string, tags: unknown, headers = owner.headers) =>
      t.app.inject({ method: 'PUT', url: `${base}/tags/${type}/${id}`, headers, payload: { tags } });
    const get = (path: string, headers = owner.headers) => t.app.inject({ method: 'GET', url: `${base}${path}`, headers });
    const worldTags = async (headers = owner.headers) =>
      (await get('/tags', headers)).json<{ data: Array<{ tag: string; count: number }> }>().data;
    return { world, base, owner, player, dorothy, scarecrow, mapId, pointId, areaId, relationshipId, connectionId, put, get, worldTags };
  }

  it('tags each of the four kinds, counts them, filters their lists by tag and finds tagged points and areas in the search', async () => {
    const oz = await buildOz();
    const kinds = [
      { type: 'map_point', id: oz.pointId, list: `/maps/${oz.mapId}/points`, key: 'pointId' },
      { type: 'map_area', id: oz.areaId, list: `/maps/${oz.mapId}/areas`, key: 'areaId' },
      { type: 'relationship', id: oz.relationshipId, list: `/characters/${oz.dorothy}/relationships`, key: 'relationshipId' },
      { type: 'connection', id: oz.connectionId, list: '/connections', key: 'connectionId' },
    ];
    for (const kind of kinds) {
      const put = await oz.put(kind.type, kind.id, [' Yellow Road ', 'yellow road', 'Journey']);
      expect(put.statusCode, put.body).toBe(200);
      expect(put.json()).toEqual({ entityType: kind.type, entityId: kind.id, tags: ['Journey', 'Yellow Road'] });
      expect((await oz.get(`/tags/${kind.type}/${kind.id}`)).json<{ tags: string[] }>().tags).toEqual(['Journey', 'Yellow Road']);
      const list = await oz.get(`${kind.list}?tag=YELLOW%20ROAD`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json<{ data: Array<Record<string, string>> }>().data.map((row) => row[kind.key])).toEqual([kind.id]);
      expect((await oz.get(`${kind.list}?tag=poppies`)).json<Paged>().pagination.totalItems).toBe(0);
    }
    expect(await oz.worldTags()).toEqual([
      { tag: 'Journey', count: 4 },
      { tag: 'Yellow Road', count: 4 },
    ]);

    const search = await oz.get('/search?q=yellow');
    const hits = search.json<WorldSearchResponse>().data.map((hit) => [hit.type, hit.name.text, hit.match]);
    expect(hits).toEqual(
      expect.arrayContaining([
        ['mapPoint', 'Crossroads', 'tag'],
        ['mapArea', 'Poppy Field', 'tag'],
      ]),
    );

    const tooMany = await oz.put(
      'map_point',
      oz.pointId,
      Array.from({ length: 21 }, (_, i) => `t${i}`),
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json<{ message: string }>().message).toContain('An entity can carry no more than 20 tags.');
    const wrongKind = await oz.put('map_area', oz.pointId, ['x']);
    expect(wrongKind.statusCode).toBe(404);
    expect(wrongKind.json<{ message: string }>().message).toBe('Map area not found.');
  });

  it("never shows a secret point's tags to a player: not in its tags, the world's tags and counts, nor the search", async () => {
    const oz = await buildOz();
    const secret = await t.app.inject({
      method: 'POST',
      url: `${oz.base}/maps/${oz.mapId}/points`,
      headers: oz.owner.headers,
      payload: { name: 'Hidden Door', x: 1, y: 1, visibility: 'editors' },
    });
    const { pointId } = secret.json<{ pointId: string }>();
    await oz.put('map_point', pointId, ['humbug']);
    await oz.put('map_point', oz.pointId, ['road']);
    expect(await oz.worldTags()).toEqual([
      { tag: 'humbug', count: 1 },
      { tag: 'road', count: 1 },
    ]);
    expect(await oz.worldTags(oz.player.headers)).toEqual([{ tag: 'road', count: 1 }]);
    const own = await oz.get(`/tags/map_point/${pointId}`, oz.player.headers);
    expect(own.statusCode).toBe(404);
    expect(own.body).not.toContain('humbug');
    const search = await oz.get('/search?q=humbug', oz.player.headers);
    expect(search.statusCode).toBe(200);
    expect(search.body).not.toContain(pointId);
    expect(search.json<WorldSearchResponse>().data).toEqual([]);
    const list = await oz.get(`/maps/${oz.mapId}/points?tag=humbug`, oz.player.headers);
    expect(list.json<Paged>().pagination.totalItems).toBe(0);
    expect((await oz.get('/search?q=humbug')).json<WorldSearchResponse>().data.map((hit) => hit.id)).toEqual([pointId]);
    const write = await oz.put('map_point', oz.pointId, ['mine'], oz.player.headers);
    expect(write.statusCode).toBe(403);
  });

  it('drops the tags of each kind when it is deleted, and of what goes with a deleted character or map', async () => {
    const oz = await buildOz();
    const tagAll = async () => {
      await oz.put('map_point', oz.pointId, ['point']);
      await oz.put('map_area', oz.areaId, ['area']);
      await oz.put('relationship', oz.relationshipId, ['bond']);
      await oz.put('connection', oz.connectionId, ['link']);
    };
    await tagAll();
    const del = (path: string) => t.app.inject({ method: 'DELETE', url: `${oz.base}${path}`, headers: oz.owner.headers });
    expect((await del(`/maps/${oz.mapId}/points/${oz.pointId}`)).statusCode).toBe(204);
    expect((await del(`/maps/${oz.mapId}/areas/${oz.areaId}`)).statusCode).toBe(204);
    expect((await del(`/characters/${oz.dorothy}/relationships/${oz.relationshipId}`)).statusCode).toBe(204);
    expect((await del(`/connections/${oz.connectionId}`)).statusCode).toBe(204);
    expect(await oz.worldTags()).toEqual([]);
    expect((await oz.get('/search?q=point')).json<WorldSearchResponse>().data).toEqual([]);

    const again = await buildOz();
    await again.put('map_point', again.pointId, ['point']);
    await again.put('map_area', again.areaId, ['area']);
    await again.put('relationship', again.relationshipId, ['bond']);
    await again.put('connection', again.connectionId, ['link']);
    const delAgain = (path: string) => t.app.inject({ method: 'DELETE', url: `${again.base}${path}`, headers: again.owner.headers });
    expect((await delAgain(`/characters/${again.scarecrow}`)).statusCode).toBe(204);
    expect((await again.worldTags()).map((row) => row.tag)).toEqual(['area', 'link', 'point']);
    expect((await delAgain(`/maps/${again.mapId}`)).statusCode).toBe(204);
    expect(await again.worldTags()).toEqual([]);
  });
});
