import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Connection, Quest, WorldMap, ErrorResponse, Pagination } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { insertRawCharacter, insertRawItem } from '../../../test/factories/raw-entities.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('connections on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function setup() {
    const { world, owner } = await createWorld(t.app);
    const dorothy = await insertRawCharacter(t.app, world.worldId, 'Dorothy');
    const shoes = await insertRawItem(t.app, world.worldId, 'Silver Shoes');
    const url = `/api/worlds/${world.worldId}/connections`;
    const connect = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: owner.headers, payload });
    return { world, owner, dorothy, shoes, url, connect };
  }

  it('creates, lists, reads, replaces and deletes a connection with both ends named', async () => {
    const { owner, dorothy, shoes, url, connect, world } = await setup();
    const created = await connect({
      sourceType: 'character',
      sourceId: dorothy.id,
      targetType: 'item',
      targetId: shoes.id,
      connectionType: 'owns',
    });
    expect(created.statusCode).toBe(201);
    const connection = created.json<Connection>();
    expect(connection).toMatchObject({
      worldId: world.worldId,
      sourceType: 'character',
      sourceId: dorothy.id,
      sourceName: 'Dorothy',
      targetType: 'item',
      targetId: shoes.id,
      targetName: 'Silver Shoes',
      connectionType: 'owns',
      description: null,
    });
    const list = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(list.json()).toMatchObject({ data: [connection], pagination: { totalItems: 1 } });
    expect((await t.app.inject({ method: 'GET', url: `${url}/${connection.connectionId}`, headers: owner.headers })).json()).toEqual(
      connection,
    );

    const map = (
      await t.app.inject({ method: 'POST', url: `/api/worlds/${world.worldId}/maps`, headers: owner.headers, payload: { name: 'Kansas' } })
    ).json<WorldMap>();
    const put = await t.app.inject({
      method: 'PUT',
      url: `${url}/${connection.connectionId}`,
      headers: owner.headers,
      payload: {
        sourceType: 'character',
        sourceId: dorothy.id,
        targetType: 'map',
        targetId: map.mapId,
        connectionType: 'comes from',
        description: 'Home',
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ targetType: 'map', targetName: 'Kansas', connectionType: 'comes from', description: 'Home' });

    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${connection.connectionId}`, headers: owner.headers })).statusCode).toBe(
      204,
    );
    const gone = await t.app.inject({ method: 'GET', url: `${url}/${connection.connectionId}`, headers: owner.headers });
    expect(gone.json()).toEqual({ message: 'Connection not found.', code: 'NOT_FOUND' });
  });

  it('requires both ends to exist in the same world, naming sourceId and targetId', async () => {
    const { owner, dorothy, shoes, connect, url } = await setup();
    const elsewhere = await createWorld(t.app, { owner });
    const stranger = await insertRawCharacter(t.app, elsewhere.world.worldId, 'Stranger');

    const foreign = await connect({
      sourceType: 'character',
      sourceId: stranger.id,
      targetType: 'item',
      targetId: shoes.id,
      connectionType: 'owns',
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      message: 'No character with that id in this world.',
      fields: { sourceId: 'No character with that id in this world.' },
    });

    const wrongType = await connect({
      sourceType: 'character',
      sourceId: dorothy.id,
      targetType: 'quest',
      targetId: shoes.id,
      connectionType: 'owns',
    });
    expect(wrongType.json<ErrorResponse>().fields).toEqual({ targetId: 'No quest with that id in this world.' });

    const both = await connect({
      sourceType: 'timeline',
      sourceId: stranger.id,
      targetType: 'goal',
      targetId: stranger.id,
      connectionType: 'x',
    });
    expect(both.json<ErrorResponse>().fields).toEqual({
      sourceId: 'No timeline with that id in this world.',
      targetId: 'No goal with that id in this world.',
    });

    const self = await connect({
      sourceType: 'character',
      sourceId: dorothy.id,
      targetType: 'character',
      targetId: dorothy.id,
      connectionType: 'knows',
    });
    expect(self.json<ErrorResponse>().fields?.targetId).toBe('A connection must join two different entities.');

    const shape = await connect({ sourceType: 'planet', sourceId: 'nope', targetType: 'item', connectionType: '' });
    expect(shape.statusCode).toBe(400);
    expect(shape.json<ErrorResponse>().fields).toMatchObject({
      sourceType: 'Source Type must be one of: character, item, timeline, event, map, quest, goal.',
      sourceId: 'Must be a valid UUID.',
      targetId: 'Target is required.',
      connectionType: 'Connection Type is required.',
    });
    expect(
      (await t.app.inject({ method: 'GET', url, headers: owner.headers })).json<{ pagination: Pagination }>().pagination.totalItems,
    ).toBe(0);
  });

  it('filters by an entity at either end, searches and sorts by connection type', async () => {
    const { owner, dorothy, shoes, connect, url, world } = await setup();
    const toto = await insertRawCharacter(t.app, world.worldId, 'Toto');
    await connect({ sourceType: 'character', sourceId: dorothy.id, targetType: 'item', targetId: shoes.id, connectionType: 'wears' });
    await connect({ sourceType: 'character', sourceId: toto.id, targetType: 'character', targetId: dorothy.id, connectionType: 'follows' });
    await connect({ sourceType: 'character', sourceId: toto.id, targetType: 'item', targetId: shoes.id, connectionType: 'sniffs' });
    const names = async (query: string) =>
      (await t.app.inject({ method: 'GET', url: `${url}?${query}`, headers: owner.headers }))
        .json<{ data: Connection[] }>()
        .data.map((c) => c.connectionType);
    expect(await names(`entityId=${dorothy.id}&sortBy=connectionType`)).toEqual(['follows', 'wears']);
    expect(await names(`entityId=${shoes.id}&sortBy=connectionType&sortOrder=desc`)).toEqual(['wears', 'sniffs']);
    expect(await names('search=SNIFF')).toEqual(['sniffs']);
    expect(await names('limit=1&page=3')).toEqual(['wears']);
    const bad = await t.app.inject({ method: 'GET', url: `${url}?entityId=nope`, headers: owner.headers });
    expect(bad.statusCode).toBe(400);
  });

  it('disappears when either end is deleted (quest and map deletes clear their references)', async () => {
    const { owner, dorothy, connect, url, world } = await setup();
    const quest = (
      await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/quests`,
        headers: owner.headers,
        payload: { name: 'Go home' },
      })
    ).json<Quest>();
    await connect({
      sourceType: 'character',
      sourceId: dorothy.id,
      targetType: 'quest',
      targetId: quest.questId,
      connectionType: 'pursues',
    });
    await connect({
      sourceType: 'quest',
      sourceId: quest.questId,
      targetType: 'character',
      targetId: dorothy.id,
      connectionType: 'given to',
    });
    expect(
      (await t.app.inject({ method: 'GET', url, headers: owner.headers })).json<{ pagination: Pagination }>().pagination.totalItems,
    ).toBe(2);
    await t.app.inject({ method: 'DELETE', url: `/api/worlds/${world.worldId}/quests/${quest.questId}`, headers: owner.headers });
    expect(
      (await t.app.inject({ method: 'GET', url, headers: owner.headers })).json<{ pagination: Pagination }>().pagination.totalItems,
    ).toBe(0);
  });

  it('answers 404 to another user on every route and leaves the connection unchanged', async () => {
    const { owner, dorothy, shoes, connect, url } = await setup();
    const connection = (
      await connect({ sourceType: 'character', sourceId: dorothy.id, targetType: 'item', targetId: shoes.id, connectionType: 'owns' })
    ).json<Connection>();
    const intruder = await createUser(t.app);
    const payload = { sourceType: 'character', sourceId: dorothy.id, targetType: 'item', targetId: shoes.id, connectionType: 'stole' };
    const attempts = [
      { method: 'GET' as const, url },
      { method: 'POST' as const, url, payload },
      { method: 'GET' as const, url: `${url}/${connection.connectionId}` },
      { method: 'PUT' as const, url: `${url}/${connection.connectionId}`, payload },
      { method: 'DELETE' as const, url: `${url}/${connection.connectionId}` },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: intruder.headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Dorothy');
    }
    // Their own world cannot link to the owner's entities either.
    const theirs = await createWorld(t.app, { owner: intruder });
    const cross = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${theirs.world.worldId}/connections`,
      headers: intruder.headers,
      payload,
    });
    expect(cross.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `${url}/${connection.connectionId}`, headers: owner.headers })).json()).toEqual(
      connection,
    );
  });
});
