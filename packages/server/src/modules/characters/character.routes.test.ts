import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorResponse, type Character, MESSAGES, type Pagination } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter, worldCounts } from '../../../test/factories/character.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';
import { insertMapPointRow } from '../../../test/factories/map-point-row.js';
import { insertQuestRow } from '../../../test/factories/quest-row.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
interface Page {
  data: Character[];
  pagination: { currentPage: number; totalPages: number; totalItems: number; limit: number; nextCursor: string | null };
}

describe.each(DIALECTS)('characters on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const call = (headers: { authorization: string }, method: Method, url: string, payload?: unknown) =>
    t.app.inject({ method, url: `/api${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  describe('POST /api/worlds/{worldId}/characters', () => {
    it('creates a character with defaults and adds one to the world count', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await call(owner.headers, 'POST', `/worlds/${world.worldId}/characters`, { name: 'Dorothy' });
      expect(response.statusCode).toBe(201);
      const character = response.json<Character>();
      expect(character).toMatchObject({
        worldId: world.worldId,
        name: 'Dorothy',
        description: null,
        attributes: {},
        currentLocationId: null,
        activeQuests: [],
      });
      expect(character.characterId).toMatch(/^[0-9a-f-]{36}$/);
      expect(character.createdAt).toBe(character.updatedAt);
      expect((await worldCounts(t.app, owner, world.worldId)).characters).toBe(1);
    });

    it('keeps attributes, active quests (without duplicates) and a location of the same world', async () => {
      const { world, owner } = await createWorld(t.app);
      const [q1, q2] = [await insertQuestRow(t.app, world.worldId), await insertQuestRow(t.app, world.worldId)];
      const pointId = await insertMapPointRow(t.app, world.worldId);
      const attributes = { strength: 3, brave: true, magic: { mana: 10 } };
      const { character } = await createCharacter(t.app, {
        world,
        owner,
        attributes,
        activeQuests: [q1, q2, q1],
        currentLocationId: pointId,
        description: 'From Kansas',
      });
      expect(character).toMatchObject({ attributes, currentLocationId: pointId, description: 'From Kansas' });
      expect([...character.activeQuests].sort()).toEqual([q1, q2].sort());
    });

    it("rejects a blank name with the spec's message", async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await call(owner.headers, 'POST', `/worlds/${world.worldId}/characters`, { name: ' ' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: 'Name is required.' } });
      const missing = await call(owner.headers, 'POST', `/worlds/${world.worldId}/characters`, { description: 'x' });
      expect(missing.json<ErrorResponse>().fields?.name).toBe('Name is required.');
    });

    it.each([
      ['a string', '{"broken'],
      ['an array', [1, 2]],
      ['a number', 7],
    ])("rejects attributes given as %s with the spec's JSON message", async (_kind, attributes) => {
      const { world, owner } = await createWorld(t.app);
      const response = await call(owner.headers, 'POST', `/worlds/${world.worldId}/characters`, { name: 'Toto', attributes });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fields?.attributes).toBe(MESSAGES.attributesInvalidJson);
      expect(response.json<ErrorResponse>().fields?.attributes).toBe('Error parsing Attributes JSON. Please ensure it is valid JSON.');
    });

    it('treats null attributes, location and quests as empty', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await call(owner.headers, 'POST', `/worlds/${world.worldId}/characters`, {
        name: 'Toto',
        attributes: null,
        currentLocationId: '',
        activeQuests: null,
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ attributes: {}, currentLocationId: null, activeQuests: [] });
    });

    it('rejects quests and locations of another world, naming the field, and creates nothing', async () => {
      const { world, owner } = await createWorld(t.app);
      const { world: other } = await createWorld(t.app, { owner });
      const foreignQuest = await insertQuestRow(t.app, other.worldId);
      const foreignPoint = await insertMapPointRow(t.app, other.worldId);
      const url = `/worlds/${world.worldId}/characters`;
      const quests = await call(owner.headers, 'POST', url, { name: 'Toto', activeQuests: [foreignQuest] });
      expect(quests.statusCode).toBe(400);
      expect(quests.json<ErrorResponse>().fields).toEqual({ activeQuests: 'Active Quests must be quests of this world.' });
      const point = await call(owner.headers, 'POST', url, { name: 'Toto', currentLocationId: foreignPoint });
      expect(point.statusCode).toBe(400);
      expect(point.json<ErrorResponse>().fields).toEqual({ currentLocationId: 'Current Location must be a map point of this world.' });
      const malformed = await call(owner.headers, 'POST', url, { name: 'Toto', activeQuests: ['nope'], currentLocationId: 'x' });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<ErrorResponse>().fields).toMatchObject({
        'activeQuests.0': 'Must be a valid UUID.',
        currentLocationId: 'Must be a valid UUID.',
      });
      expect((await worldCounts(t.app, owner, world.worldId)).characters).toBe(0);
    });

    it('answers 400, never 500, for bodies that are not JSON objects', async () => {
      const { world, owner } = await createWorld(t.app);
      const url = `/api/worlds/${world.worldId}/characters`;
      for (const payload of ['[]', '"text"', '{"name":', 'null']) {
        const response = await t.app.inject({
          method: 'POST',
          url,
          headers: { ...owner.headers, 'content-type': 'application/json' },
          payload,
        });
        expect(response.statusCode).toBe(400);
      }
      const huge = await call(owner.headers, 'POST', `/worlds/${world.worldId}/characters`, { name: 'x'.repeat(201) });
      expect(huge.json<ErrorResponse>().fields?.name).toBe('Name must be no more than 200 characters.');
    });
  });

  describe('GET /api/worlds/{worldId}/characters', () => {
    it('pages newest first with exact totals and walks every character by cursor', async () => {
      const { world, owner } = await createWorld(t.app);
      const names = ['Ann', 'Bob', 'Cid', 'Dee', 'Eve'];
      for (const name of names) await createCharacter(t.app, { world, owner, name });
      const first = (await call(owner.headers, 'GET', `/worlds/${world.worldId}/characters?limit=2`)).json<Page>();
      expect(first.data.map((c) => c.name)).toEqual(['Eve', 'Dee']);
      expect(first.pagination).toMatchObject({ currentPage: 1, totalPages: 3, totalItems: 5, limit: 2 });

      const walked: string[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const query: string = cursor ? `&cursor=${cursor}` : '';
        const page: Page = (await call(owner.headers, 'GET', `/worlds/${world.worldId}/characters?limit=2${query}`)).json<Page>();
        walked.push(...page.data.map((c) => c.name));
        cursor = page.pagination.nextCursor;
      }
      expect(walked).toEqual([...names].reverse());

      const third = (await call(owner.headers, 'GET', `/worlds/${world.worldId}/characters?limit=2&page=3`)).json<Page>();
      expect(third.data.map((c) => c.name)).toEqual(['Ann']);
      const past = (await call(owner.headers, 'GET', `/worlds/${world.worldId}/characters?limit=2&page=4`)).json<Page>();
      expect(past).toMatchObject({ data: [], pagination: { totalItems: 5, totalPages: 3 } });
    });

    it('searches name and description case-insensitively, sorts by name, and walks a sorted search by cursor', async () => {
      const { world, owner } = await createWorld(t.app);
      await createCharacter(t.app, { world, owner, name: 'Scarecrow', description: 'Wants a brain' });
      await createCharacter(t.app, { world, owner, name: 'Tin Man', description: 'Wants a HEART' });
      await createCharacter(t.app, { world, owner, name: 'Lion', description: 'Wants courage' });
      await createCharacter(t.app, { world, owner, name: 'Heartless Witch' });
      const url = `/worlds/${world.worldId}/characters`;
      const found = (await call(owner.headers, 'GET', `${url}?search=heart&sortBy=name&sortOrder=asc`)).json<Page>();
      expect(found.data.map((c) => c.name)).toEqual(['Heartless Witch', 'Tin Man']);
      expect(found.pagination.totalItems).toBe(2);
      const short = (await call(owner.headers, 'GET', `${url}?search=LI`)).json<Page>();
      expect(short.data.map((c) => c.name)).toEqual(['Lion']);

      const desc = (await call(owner.headers, 'GET', `${url}?sortBy=name&sortOrder=desc&limit=3`)).json<Page>();
      expect(desc.data.map((c) => c.name)).toEqual(['Tin Man', 'Scarecrow', 'Lion']);
      const rest = (
        await call(owner.headers, 'GET', `${url}?sortBy=name&sortOrder=desc&limit=3&cursor=${desc.pagination.nextCursor}`)
      ).json<Page>();
      expect(rest.data.map((c) => c.name)).toEqual(['Heartless Witch']);
      expect(rest.pagination.nextCursor).toBeNull();
    });

    it('lists each character with its own active quests, as its own page orders them, on every kind of page', async () => {
      const { world, owner } = await createWorld(t.app);
      const [q1, q2, q3] = [
        await insertQuestRow(t.app, world.worldId),
        await insertQuestRow(t.app, world.worldId),
        await insertQuestRow(t.app, world.worldId),
      ];
      const given: Record<string, string[]> = { 'Ann Heart': [q2, q1], Bob: [], 'Cy Heartwood': [q3], Dee: [q1, q3, q2] };
      const held: Record<string, string[]> = {};
      for (const [name, activeQuests] of Object.entries(given)) {
        const { character } = await createCharacter(t.app, { world, owner, name, activeQuests });
        const own = await call(owner.headers, 'GET', `/worlds/${world.worldId}/characters/${character.characterId}`);
        held[name] = own.json<Character>().activeQuests;
        expect([...(held[name] ?? [])].sort()).toEqual([...activeQuests].sort());
      }
      const url = `/worlds/${world.worldId}/characters`;
      const questsOf = (page: Page) => Object.fromEntries(page.data.map((c) => [c.name, c.activeQuests]));
      const get = async (query: string) => (await call(owner.headers, 'GET', `${url}?${query}`)).json<Page>();

      const plain = await get('sortBy=name&sortOrder=desc');
      expect(plain.data.map((c) => c.name)).toEqual(['Dee', 'Cy Heartwood', 'Bob', 'Ann Heart']);
      expect(questsOf(plain)).toEqual(held);
      // A search ranks name matches first; each row keeps its own quests through the rank, the order and a cursor.
      const searched = await get('search=heart&sortBy=name&sortOrder=desc&limit=1');
      expect(questsOf(searched)).toEqual({ 'Cy Heartwood': held['Cy Heartwood'] });
      const nextSearched = await get(`search=heart&sortBy=name&sortOrder=desc&limit=1&cursor=${searched.pagination.nextCursor}`);
      expect(questsOf(nextSearched)).toEqual({ 'Ann Heart': held['Ann Heart'] });
      const second = await get('sortBy=name&limit=2&page=2');
      expect(second.data.map((c) => c.name)).toEqual(['Cy Heartwood', 'Dee']);
      expect(questsOf(second)).toEqual({ 'Cy Heartwood': held['Cy Heartwood'], Dee: held.Dee });
    });

    it('rejects an unknown sort field naming the allowed ones, and a malformed cursor', async () => {
      const { world, owner } = await createWorld(t.app);
      const sort = await call(owner.headers, 'GET', `/worlds/${world.worldId}/characters?sortBy=attributes`);
      expect(sort.statusCode).toBe(400);
      expect(sort.json<ErrorResponse>().message).toBe('sortBy must be one of: createdAt, updatedAt, name.');
      const cursor = await call(owner.headers, 'GET', `/worlds/${world.worldId}/characters?cursor=%%%`);
      expect(cursor.statusCode).toBe(400);
    });
  });

  describe('GET, PUT and DELETE /api/worlds/{worldId}/characters/{characterId}', () => {
    it('reads and replaces a character, keeping the order of active quests already held', async () => {
      const { world, owner } = await createWorld(t.app);
      const quests = [await insertQuestRow(t.app, world.worldId), await insertQuestRow(t.app, world.worldId)];
      const pointId = await insertMapPointRow(t.app, world.worldId);
      const { character } = await createCharacter(t.app, { world, owner, activeQuests: [quests[0] ?? ''] });
      const url = `/worlds/${world.worldId}/characters/${character.characterId}`;
      expect((await call(owner.headers, 'GET', url)).json()).toEqual(character);

      const put = await call(owner.headers, 'PUT', url, {
        name: 'Dorothy Gale',
        description: 'Farm girl',
        attributes: { age: 12 },
        currentLocationId: pointId,
        activeQuests: [quests[1], quests[0]],
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        characterId: character.characterId,
        name: 'Dorothy Gale',
        description: 'Farm girl',
        attributes: { age: 12 },
        currentLocationId: pointId,
        activeQuests: [quests[0], quests[1]],
        createdAt: character.createdAt,
      });
      expect(put.json<Character>().updatedAt >= character.updatedAt).toBe(true);

      const cleared = await call(owner.headers, 'PUT', url, { name: 'Dorothy', activeQuests: [] });
      expect(cleared.json()).toMatchObject({ description: null, attributes: {}, currentLocationId: null, activeQuests: [] });
      const blank = await call(owner.headers, 'PUT', url, { name: '' });
      expect(blank.json<ErrorResponse>().fields?.name).toBe('Name is required.');
    });

    it('answers 404 for a missing character and for one of another world of the same owner', async () => {
      const { world, owner } = await createWorld(t.app);
      const { character: elsewhere } = await createCharacter(t.app, { owner });
      for (const id of ['0190f5c2-0000-7000-8000-000000000000', elsewhere.characterId]) {
        const response = await call(owner.headers, 'GET', `/worlds/${world.worldId}/characters/${id}`);
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Character not found.', code: 'NOT_FOUND' });
      }
      const malformed = await call(owner.headers, 'GET', `/worlds/${world.worldId}/characters/42`);
      expect(malformed.statusCode).toBe(400);
    });

    it('deletes a character with its relationships both ways, goals, inventory and references, and counts it', async () => {
      const { world, owner } = await createWorld(t.app);
      const { character } = await createCharacter(t.app, { world, owner, name: 'Witch' });
      const { character: other } = await createCharacter(t.app, { world, owner, name: 'Glinda' });
      const base = `/worlds/${world.worldId}/characters`;
      await call(owner.headers, 'POST', `${base}/${character.characterId}/relationships`, { targetCharacterId: other.characterId });
      await call(owner.headers, 'POST', `${base}/${other.characterId}/relationships`, { targetCharacterId: character.characterId });
      await call(owner.headers, 'POST', `${base}/${character.characterId}/goals`, {
        title: 'Get the shoes',
        description: 'Ruby ones',
        goalType: 'Primary',
        status: 'Pending',
      });
      const pointId = await insertMapPointRow(t.app, world.worldId, { type: 'character', id: character.characterId });
      expect((await worldCounts(t.app, owner, world.worldId)).characters).toBe(2);

      const del = await call(owner.headers, 'DELETE', `${base}/${character.characterId}`);
      expect(del.statusCode).toBe(204);
      expect((await call(owner.headers, 'GET', `${base}/${character.characterId}`)).statusCode).toBe(404);
      expect((await call(owner.headers, 'DELETE', `${base}/${character.characterId}`)).statusCode).toBe(404);
      expect((await worldCounts(t.app, owner, world.worldId)).characters).toBe(1);
      const otherRelationships = await call(owner.headers, 'GET', `${base}/${other.characterId}/relationships`);
      expect(otherRelationships.json<{ data: unknown[] }>().data).toEqual([]);
      const goals = await call(owner.headers, 'GET', `/worlds/${world.worldId}/goals`);
      expect(goals.json<{ pagination: Pagination }>().pagination.totalItems).toBe(0);
      const point = await t.app.db
        .selectFrom('map_point')
        .select(['entity_type', 'entity_id'])
        .where('id', '=', pointId)
        .executeTakeFirst();
      expect(point).toEqual({ entity_type: null, entity_id: null });
    });
  });

  describe('ownership', () => {
    it('answers 404 to another user on every character route and leaves the character unchanged', async () => {
      const { character, world, owner } = await createCharacter(t.app, { name: 'Private' });
      const intruder = await createUser(t.app);
      const { world: intruderWorld } = await createWorld(t.app, { owner: intruder });
      const url = `/worlds/${world.worldId}/characters/${character.characterId}`;
      const attempts: Array<[Method, string, unknown?]> = [
        ['GET', `/worlds/${world.worldId}/characters`],
        ['POST', `/worlds/${world.worldId}/characters`, { name: 'Sneak' }],
        ['GET', url],
        ['PUT', url, { name: 'Mine now' }],
        ['DELETE', url],
        ['PATCH', `/characters/${character.characterId}`, { worldId: intruderWorld.worldId }],
        ['GET', `/worlds/${intruderWorld.worldId}/characters/${character.characterId}`],
      ];
      for (const [method, path, payload] of attempts) {
        const response = await call(intruder.headers, method, path, payload);
        expect(response.statusCode, `${method} ${path}`).toBe(404);
        expect(response.body).not.toContain('Private');
      }
      expect((await call(owner.headers, 'GET', url)).json()).toEqual(character);
      expect((await worldCounts(t.app, owner, world.worldId)).characters).toBe(1);
      expect((await worldCounts(t.app, intruder, intruderWorld.worldId)).characters).toBe(0);
    });

    it('deleting a world deletes its characters and everything hanging off them', async () => {
      const { character, world, owner } = await createCharacter(t.app);
      const { character: friend } = await createCharacter(t.app, { world, owner, name: 'Toto' });
      const questId = await insertQuestRow(t.app, world.worldId);
      const base = `/worlds/${world.worldId}/characters/${character.characterId}`;
      await call(owner.headers, 'PUT', base, { name: 'Dorothy', activeQuests: [questId] });
      await call(owner.headers, 'POST', `${base}/relationships`, { targetCharacterId: friend.characterId });
      await call(owner.headers, 'POST', `${base}/goals`, {
        title: 'Go home',
        description: 'Kansas',
        goalType: 'Primary',
        status: 'Pending',
      });
      await call(owner.headers, 'POST', `/worlds/${world.worldId}/goals`, {
        title: 'Peace',
        description: 'For Oz',
        goalType: 'PlotDriven',
        status: 'Pending',
      });

      expect((await call(owner.headers, 'DELETE', `/worlds/${world.worldId}`)).statusCode).toBe(204);
      const count = async (table: 'character' | 'relationship' | 'goal' | 'inventory_item') =>
        (await t.app.db.selectFrom(table).select('id').where('world_id', '=', world.worldId).execute()).length;
      expect(await count('character')).toBe(0);
      expect(await count('relationship')).toBe(0);
      expect(await count('goal')).toBe(0);
      expect(await count('inventory_item')).toBe(0);
      const links = await t.app.db
        .selectFrom('character_active_quest')
        .select('quest_id')
        .where('character_id', '=', character.characterId)
        .execute();
      expect(links).toEqual([]);
    });
  });
});
