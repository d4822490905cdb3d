import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { type TestApp, buildTestApp } from '../../test/app.js';
import { DIALECTS } from '../../test/dialects.js';
import { type TestUser, createUser } from '../../test/factories/user.js';
import { etagFor, staleVersionMessage } from './versioned-update.js';
import type { ErrorResponse } from '@loreforge/contract';

/** An entity kind: where it lives, how to create it, and a body that edits it through PUT. */
interface EntityCase {
  entity: string;
  /** Collection URL, given the ids created so far. */
  collection: (ids: Ids) => string;
  idField: string;
  create: (ids: Ids) => Record<string, unknown>;
  update: (ids: Ids) => Record<string, unknown>;
}

type Ids = Record<string, string>;

const STALE = etagFor('2000-01-01T00:00:00.000Z');

/** The character, the case the header-form tests below edit. */
const CHARACTER_CASE: EntityCase = {
  entity: 'character',
  collection: (ids) => `/api/worlds/${ids.worldId}/characters`,
  idField: 'characterId',
  create: () => ({ name: 'Dorothy', attributes: {} }),
  update: () => ({ name: 'Dorothy Gale', description: 'From Kansas', attributes: { age: 12 } }),
};

/** Every kind of entity that PUT and DELETE edit, in creation order (later ones need earlier ids). */
const CASES: EntityCase[] = [
  {
    entity: 'world',
    collection: () => '/api/worlds',
    idField: 'worldId',
    create: () => ({ name: 'Oz' }),
    update: () => ({ name: 'Oz, renamed', description: 'Edited' }),
  },
  CHARACTER_CASE,
  {
    entity: 'item',
    collection: (ids) => `/api/worlds/${ids.worldId}/items`,
    idField: 'itemId',
    create: () => ({ name: 'Lantern', properties: {} }),
    update: () => ({ name: 'Silver Shoes', properties: { magic: true } }),
  },
  {
    entity: 'inventory item',
    collection: (ids) => `/api/worlds/${ids.worldId}/characters/${ids.characterId}/inventory`,
    idField: 'inventoryItemId',
    create: (ids) => ({ itemId: ids.itemId, quantity: 1 }),
    update: () => ({ quantity: 2, equipped: true }),
  },
  {
    entity: 'relationship',
    collection: (ids) => `/api/worlds/${ids.worldId}/characters/${ids.characterId}/relationships`,
    idField: 'relationshipId',
    create: (ids) => ({
      targetCharacterId: ids.otherCharacterId,
      relationshipType: 'friend',
      affinity: 50,
      powerBalance: 50,
      trustLevel: 50,
    }),
    update: (ids) => ({
      targetCharacterId: ids.otherCharacterId,
      relationshipType: 'acquaintence',
      affinity: 80,
      powerBalance: 40,
      trustLevel: 90,
    }),
  },
  {
    entity: 'goal',
    collection: (ids) => `/api/worlds/${ids.worldId}/goals`,
    idField: 'goalId',
    create: () => ({ title: 'Find the way home', description: 'Follow the road', goalType: 'Primary', status: 'Pending' }),
    update: () => ({ title: 'Go home', description: 'Click the heels', goalType: 'Primary', status: 'InProgress' }),
  },
  {
    entity: 'timeline',
    collection: (ids) => `/api/worlds/${ids.worldId}/timelines`,
    idField: 'timelineId',
    create: () => ({ name: 'Main', currentDateTime: '1900-05-01T12:00:00Z' }),
    update: () => ({ name: 'Main line', currentDateTime: '1900-05-02T12:00:00Z' }),
  },
  {
    entity: 'event',
    collection: (ids) => `/api/worlds/${ids.worldId}/events`,
    idField: 'eventId',
    create: () => ({ name: 'The cyclone', dateTime: '1900-05-02T16:00:00Z' }),
    update: () => ({ name: 'The great cyclone', dateTime: '1900-05-02T17:00:00Z' }),
  },
  {
    entity: 'map',
    collection: (ids) => `/api/worlds/${ids.worldId}/maps`,
    idField: 'mapId',
    create: () => ({ name: 'Land of Oz' }),
    update: () => ({ name: 'Oz and around', description: 'With the deserts' }),
  },
  {
    entity: 'map point',
    collection: (ids) => `/api/worlds/${ids.worldId}/maps/${ids.mapId}/points`,
    idField: 'pointId',
    create: () => ({ name: 'Emerald City', x: 10, y: 20 }),
    update: () => ({ name: 'Emerald City gate', x: 11, y: 21 }),
  },
  {
    entity: 'map area',
    collection: (ids) => `/api/worlds/${ids.worldId}/maps/${ids.mapId}/areas`,
    idField: 'areaId',
    create: () => ({
      name: 'Munchkin Country',
      polygon: [
        [0, 0],
        [10, 0],
        [10, 10],
      ],
    }),
    update: () => ({
      name: 'Munchkin Land',
      color: '#0000ff',
      polygon: [
        [0, 0],
        [20, 0],
        [20, 20],
      ],
    }),
  },
  {
    entity: 'connection',
    collection: (ids) => `/api/worlds/${ids.worldId}/connections`,
    idField: 'connectionId',
    create: (ids) => ({
      sourceType: 'character',
      sourceId: ids.characterId,
      targetType: 'item',
      targetId: ids.itemId,
      connectionType: 'owns',
    }),
    update: (ids) => ({
      sourceType: 'character',
      sourceId: ids.characterId,
      targetType: 'item',
      targetId: ids.itemId,
      connectionType: 'wears',
    }),
  },
  {
    entity: 'quest',
    collection: (ids) => `/api/worlds/${ids.worldId}/quests`,
    idField: 'questId',
    create: () => ({ name: 'Reach the city' }),
    update: () => ({ name: 'Reach the Emerald City', status: 'pending' }),
  },
  {
    entity: 'objective',
    collection: (ids) => `/api/worlds/${ids.worldId}/quests/${ids.questId}/objectives`,
    idField: 'objectiveId',
    create: () => ({ description: 'Follow the road', target: 3 }),
    update: () => ({ description: 'Follow the yellow brick road', target: 3, progress: 1 }),
  },
];

describe.each(DIALECTS)('If-Match and ETag on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  const ids: Ids = {};

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await createUser(t.app);
  });
  afterAll(async () => t.close());

  const send = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
    ifMatch?: string,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method,
      url,
      headers: { ...owner.headers, ...(ifMatch ? { 'if-match': ifMatch } : {}) },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const itemUrl = (c: EntityCase): string => `${c.collection(ids)}/${ids[c.idField]}`;

  it('creates one of each entity with an ETag naming its version', async () => {
    for (const c of CASES) {
      const created = await send('POST', c.collection(ids), c.create(ids));
      expect(created.statusCode, `${c.entity}: ${created.body}`).toBe(201);
      const body = created.json<Record<string, string>>();
      const id = body[c.idField];
      if (!id) throw new Error(`${c.entity} has no ${c.idField}`);
      ids[c.idField] = id;
      expect(created.headers.etag).toBe(etagFor(body.updatedAt ?? ''));
      if (c.entity === 'character') {
        const other = await send('POST', c.collection(ids), { name: 'Toto', attributes: {} });
        ids.otherCharacterId = other.json<{ characterId: string }>().characterId;
      }
      const read = await send('GET', itemUrl(c));
      expect(read.headers.etag, c.entity).toBe(created.headers.etag);
    }
  });

  it.each(CASES.map((c) => [c.entity, c] as const))(
    'refuses a stale If-Match on PUT of a %s with 409 and changes nothing',
    async (_, c) => {
      const before = await send('GET', itemUrl(c));
      const refused = await send('PUT', itemUrl(c), c.update(ids), STALE);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({ code: 'CONFLICT', message: staleVersionMessage(c.entity) });
      const after = await send('GET', itemUrl(c));
      expect(after.json()).toEqual(before.json());
      expect(after.headers.etag).toBe(before.headers.etag);
    },
  );

  it.each(CASES.map((c) => [c.entity, c] as const))('accepts a fresh If-Match on PUT of a %s and answers a new ETag', async (_, c) => {
    const before = await send('GET', itemUrl(c));
    const etag = String(before.headers.etag);
    const saved = await send('PUT', itemUrl(c), c.update(ids), etag);
    expect(saved.statusCode, saved.body).toBe(200);
    const newEtag = String(saved.headers.etag);
    expect(newEtag).not.toBe(etag);
    expect(newEtag).toBe(etagFor(saved.json<{ updatedAt: string }>().updatedAt));
    expect((await send('GET', itemUrl(c))).headers.etag).toBe(newEtag);
    // The version it replaced is now stale, even when both writes fall in one millisecond.
    expect((await send('PUT', itemUrl(c), c.update(ids), etag)).statusCode).toBe(409);
    const again = await send('PUT', itemUrl(c), c.update(ids), newEtag);
    expect(again.statusCode).toBe(200);
    expect(again.headers.etag).not.toBe(newEtag);
  });

  it('accepts a strong tag, a list of tags, * and no header at all', async () => {
    const c = CHARACTER_CASE;
    const current = () => send('GET', itemUrl(c)).then((r) => r.json<{ updatedAt: string }>().updatedAt);
    expect((await send('PUT', itemUrl(c), c.update(ids), `"${await current()}"`)).statusCode).toBe(200);
    expect((await send('PUT', itemUrl(c), c.update(ids), `${STALE}, W/"${await current()}"`)).statusCode).toBe(200);
    expect((await send('PUT', itemUrl(c), c.update(ids), '*')).statusCode).toBe(200);
    expect((await send('PUT', itemUrl(c), c.update(ids))).statusCode).toBe(200);
  });

  it('answers 400 for an If-Match that is not an entity tag', async () => {
    const c = CHARACTER_CASE;
    const response = await send('PUT', itemUrl(c), c.update(ids), 'yesterday');
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorResponse>().message).toMatch(/If-Match/);
  });

  it('refuses a stale If-Match on PATCH (move) of a character', async () => {
    const target = await send('POST', '/api/worlds', { name: 'Kansas' });
    const worldId = target.json<{ worldId: string }>().worldId;
    const refused = await send('PATCH', `/api/characters/${ids.characterId}`, { worldId }, STALE);
    expect(refused.statusCode).toBe(409);
    const character = await send('GET', `/api/worlds/${ids.worldId}/characters/${ids.characterId}`);
    expect(character.statusCode).toBe(200);
  });

  it('answers 404, not 409, for another user’s entity whatever the If-Match', async () => {
    const stranger = await createUser(t.app);
    const c = CHARACTER_CASE;
    const response = await t.app.inject({
      method: 'PUT',
      url: itemUrl(c),
      headers: { ...stranger.headers, 'if-match': STALE },
      payload: c.update(ids),
    });
    expect(response.statusCode).toBe(404);
  });

  it.each([...CASES].reverse().map((c) => [c.entity, c] as const))(
    'refuses a stale If-Match on DELETE of a %s, then deletes with a fresh one',
    async (_, c) => {
      const refused = await send('DELETE', itemUrl(c), undefined, STALE);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<ErrorResponse>().message).toBe(staleVersionMessage(c.entity));
      const still = await send('GET', itemUrl(c));
      expect(still.statusCode).toBe(200);
      const deleted = await send('DELETE', itemUrl(c), undefined, String(still.headers.etag));
      expect(deleted.statusCode).toBe(204);
      expect((await send('GET', itemUrl(c))).statusCode).toBe(404);
    },
  );
});
