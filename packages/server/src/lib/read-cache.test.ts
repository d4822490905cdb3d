/**
 * The read cache as a user sees it, through GET /api/worlds/{w}/characters and …/characters/{c} on both
 * databases: answers kept under the world's content version stay exact after writes made by another
 * connection (as another app instance would), active-quest links included, and never leak across worlds.
 * Every read is asked twice, since the cache keeps an answer from its second ask on (lib/doorkeeper.ts), so the
 * answer a write must replace was kept. Then the cache itself, with builds of two statements: an answer torn by a
 * write between them (by another connection, or by the app's own) is sent to its own request but never kept, an
 * untouched one is kept, and one asked for once is not.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Character, World } from '@loreforge/contract';
import type { TestApp } from '../../test/app.js';
import { DIALECTS } from '../../test/dialects.js';
import { present } from '../../test/present.js';
import { buildTestAppWithSecondConnection } from '../../test/second-connection.js';
import { insertQuestRow } from '../../test/factories/quest-row.js';
import { createWorld } from '../../test/factories/world.js';
import type { TestUser } from '../../test/factories/user.js';
import type { DatabaseHandle } from '../db/connect.js';
import type { Db } from '../db/database.js';
import { resolveWorldScope } from '../access/world-scope.js';
import { cachedWorldRead, readCacheSettled } from './read-cache.js';
import { newId } from './ids.js';
import { nowIso } from './time.js';

describe.each(DIALECTS)('read cache on %s', (dialect) => {
  let t: TestApp, other: DatabaseHandle, close: () => Promise<void>;
  beforeAll(async () => ({ t, other, close } = await buildTestAppWithSecondConnection(dialect)));
  afterAll(async () => close());

  /** GET `url` twice, so its answer is kept by the cache; both answers must be the same. */
  const getKept = async (url: string, owner: TestUser) => {
    const first = await t.app.inject({ url, headers: owner.headers });
    const second = await t.app.inject({ url, headers: owner.headers });
    expect(second.body).toBe(first.body);
    return second;
  };

  const getCharacter = async (owner: TestUser, worldId: string, characterId: string): Promise<Character> => {
    const response = await getKept(`/api/worlds/${worldId}/characters/${characterId}`, owner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Character>();
  };
  const listCharacters = async (owner: TestUser, worldId: string): Promise<Character[]> => {
    const response = await getKept(`/api/worlds/${worldId}/characters?limit=50`, owner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Character[] }>().data;
  };
  const createCharacter = async (owner: TestUser, worldId: string, name: string): Promise<Character> => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${worldId}/characters`,
      headers: owner.headers,
      payload: { name },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Character>();
  };

  it('shows a character renamed by another connection on the next read, by id and in the list', async () => {
    const { world, owner } = await createWorld(t.app);
    const dorothy = await createCharacter(owner, world.worldId, 'Dorothy Gale');
    expect((await getCharacter(owner, world.worldId, dorothy.characterId)).name).toBe('Dorothy Gale');
    expect((await listCharacters(owner, world.worldId)).map((c) => c.name)).toEqual(['Dorothy Gale']);

    await other.db
      .updateTable('character')
      .set({ name: 'Dorothy of Kansas', updated_at: nowIso() })
      .where('id', '=', dorothy.characterId)
      .execute();
    expect((await getCharacter(owner, world.worldId, dorothy.characterId)).name).toBe('Dorothy of Kansas');
    expect((await listCharacters(owner, world.worldId)).map((c) => c.name)).toEqual(['Dorothy of Kansas']);

    await other.db.deleteFrom('character').where('id', '=', dorothy.characterId).execute();
    const gone = await t.app.inject({ url: `/api/worlds/${world.worldId}/characters/${dorothy.characterId}`, headers: owner.headers });
    expect(gone.statusCode).toBe(404);
    expect(await listCharacters(owner, world.worldId)).toEqual([]);
  });

  it('shows active quests linked or unlinked by another connection, which write no character row', async () => {
    const { world, owner } = await createWorld(t.app);
    const dorothy = await createCharacter(owner, world.worldId, 'Dorothy Gale');
    const questId = await insertQuestRow(t.app, world.worldId, 'Reach the Emerald City');
    expect((await getCharacter(owner, world.worldId, dorothy.characterId)).activeQuests).toEqual([]);
    expect(present((await listCharacters(owner, world.worldId))[0], 'the character').activeQuests).toEqual([]);

    await other.db
      .insertInto('character_active_quest')
      .values({ character_id: dorothy.characterId, quest_id: questId, created_at: nowIso() })
      .execute();
    expect((await getCharacter(owner, world.worldId, dorothy.characterId)).activeQuests).toEqual([questId]);
    expect(present((await listCharacters(owner, world.worldId))[0], 'the character').activeQuests).toEqual([questId]);

    await other.db.deleteFrom('character_active_quest').where('quest_id', '=', questId).execute();
    expect((await getCharacter(owner, world.worldId, dorothy.characterId)).activeQuests).toEqual([]);
    expect(present((await listCharacters(owner, world.worldId))[0], 'the character').activeQuests).toEqual([]);
  });

  it('answers two worlds with the same query apart, and another user not at all', async () => {
    const first = await createWorld(t.app);
    const second = await createWorld(t.app);
    await createCharacter(first.owner, first.world.worldId, 'Glinda');
    await createCharacter(second.owner, second.world.worldId, 'Ozma');
    expect((await listCharacters(first.owner, first.world.worldId)).map((c) => c.name)).toEqual(['Glinda']);
    expect((await listCharacters(second.owner, second.world.worldId)).map((c) => c.name)).toEqual(['Ozma']);
    const intruder = await t.app.inject({ url: `/api/worlds/${first.world.worldId}/characters?limit=50`, headers: second.owner.headers });
    expect(intruder.statusCode).toBe(404);
    expect(intruder.body).not.toContain('Glinda');
  });

  it.each([
    ['items', 'item', { name: 'Golden Cap' }, 'itemId'],
    ['timelines', 'timeline', { name: 'The story', currentDateTime: '1900-05-01T00:00:00.000Z' }, 'timelineId'],
    ['events', 'event', { name: 'The cyclone', dateTime: '1900-05-01T00:00:00.000Z' }, 'eventId'],
  ] as const)('shows %s renamed by another connection on the next read, by id and in the list', async (path, table, payload, idField) => {
    const { world, owner } = await createWorld(t.app);
    const created = await t.app.inject({ method: 'POST', url: `/api/worlds/${world.worldId}/${path}`, headers: owner.headers, payload });
    expect(created.statusCode, created.body).toBe(201);
    const id = present(created.json<Record<string, string>>()[idField], idField);
    const names = async () => {
      const one = await getKept(`/api/worlds/${world.worldId}/${path}/${id}`, owner);
      const list = await getKept(`/api/worlds/${world.worldId}/${path}?limit=5`, owner);
      return [one.json<{ name: string }>().name, ...list.json<{ data: Array<{ name: string }> }>().data.map((row) => row.name)];
    };
    expect(await names()).toEqual([payload.name, payload.name]);
    await other.db.updateTable(table).set({ name: 'Renamed elsewhere', updated_at: nowIso() }).where('id', '=', id).execute();
    expect(await names()).toEqual(['Renamed elsewhere', 'Renamed elsewhere']);
  });

  it("shows a character's relationships, inventory and goals changed by another connection on the next read", async () => {
    const { world, owner } = await createWorld(t.app);
    const w = world.worldId;
    const post = async (path: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/worlds/${w}/${path}`, headers: owner.headers, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Record<string, string>>();
    };
    const dorothy = await createCharacter(owner, w, 'Dorothy Gale');
    const toto = await createCharacter(owner, w, 'Toto');
    const base = `characters/${dorothy.characterId}`;
    const relationship = await post(`${base}/relationships`, {
      targetCharacterId: toto.characterId,
      relationshipType: 'friend',
      description: 'Her dog',
    });
    const item = await post('items', { name: 'Silver Shoes' });
    const entry = await post(`${base}/inventory`, { itemId: item.itemId, quantity: 1, equipped: false });
    const goal = await post(`${base}/goals`, { title: 'Return to Kansas', description: 'Home', goalType: 'Primary', status: 'Pending' });
    const read = async () => {
      const get = async (path: string) => (await getKept(`/api/worlds/${w}/${base}/${path}`, owner)).json<Record<string, unknown>>();
      const relationships = (await get('relationships')).data as Array<{ description: string }>;
      const inventory = (await get('inventory')).data as Array<{ quantity: number }>;
      const goals = (await get('goals')).data as Array<{ title: string }>;
      return {
        relationship: [(await get(`relationships/${relationship.relationshipId}`)).description, relationships[0]?.description],
        quantity: [(await get(`inventory/${entry.inventoryItemId}`)).quantity, inventory[0]?.quantity],
        goal: [(await get(`goals/${goal.goalId}`)).title, goals[0]?.title],
      };
    };
    expect(await read()).toEqual({
      relationship: ['Her dog', 'Her dog'],
      quantity: [1, 1],
      goal: ['Return to Kansas', 'Return to Kansas'],
    });
    const now = nowIso();
    await other.db
      .updateTable('relationship')
      .set({ description: 'Her best friend', updated_at: now })
      .where('id', '=', present(relationship.relationshipId, 'the relationship id'))
      .execute();
    await other.db
      .updateTable('inventory_item')
      .set({ quantity: 2, updated_at: now })
      .where('id', '=', present(entry.inventoryItemId, 'the inventory entry id'))
      .execute();
    await other.db
      .updateTable('goal')
      .set({ title: 'Go home to Aunt Em', updated_at: now })
      .where('id', '=', present(goal.goalId, 'the goal id'))
      .execute();
    expect(await read()).toEqual({
      relationship: ['Her best friend', 'Her best friend'],
      quantity: [2, 2],
      goal: ['Go home to Aunt Em', 'Go home to Aunt Em'],
    });
  });

  const listWorlds = async (owner: TestUser): Promise<World[]> => {
    const response = await getKept('/api/worlds?limit=50&sortBy=name', owner);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: World[] }>().data;
  };

  it("keeps the worlds list's names and counts exact after writes by another connection", async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    await createWorld(t.app, { owner, name: 'Kansas' });
    expect((await listWorlds(owner)).map((w) => [w.name, w.counts.characters])).toEqual([
      ['Kansas', 0],
      ['Oz', 0],
    ]);

    await other.db.updateTable('world').set({ name: 'Land of Oz', updated_at: nowIso() }).where('id', '=', world.worldId).execute();
    expect((await listWorlds(owner)).map((w) => w.name)).toEqual(['Kansas', 'Land of Oz']);

    // A character inserted straight into the database: its triggers count it in the world.
    const now = nowIso();
    await other.db
      .insertInto('character')
      .values({
        id: newId(),
        world_id: world.worldId,
        name: 'Toto',
        description: null,
        attributes: '{}',
        current_location_id: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
    expect((await listWorlds(owner)).map((w) => [w.name, w.counts.characters])).toEqual([
      ['Kansas', 0],
      ['Land of Oz', 1],
    ]);

    await other.db.deleteFrom('world').where('id', '=', world.worldId).execute();
    expect((await listWorlds(owner)).map((w) => w.name)).toEqual(['Kansas']);
  });

  it("shows a world's new counts in the list as soon as a character is created through the API", async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    expect(present((await listWorlds(owner))[0], 'the world').counts.characters).toBe(0);
    await createCharacter(owner, world.worldId, 'Tin Woodman');
    expect(present((await listWorlds(owner))[0], 'the world').counts.characters).toBe(1);
    const another = await createWorld(t.app, { name: 'Quadling Country' });
    expect((await listWorlds(another.owner)).map((w) => w.name)).toEqual(['Quadling Country']);
  });

  describe('builds of several statements', () => {
    /** The names of a world's characters, read by one statement of the app's connection. */
    const namesIn = async (worldId: string): Promise<string[]> =>
      (await t.app.db.selectFrom('character').select('name').where('world_id', '=', worldId).orderBy('name').execute()).map(
        (row) => row.name,
      );
    /** A build that reads the names twice, running `between` after the first read. */
    const twoReads = (worldId: string, between: () => Promise<unknown>) => async () => {
      const first = await namesIn(worldId);
      await between();
      return { first, second: await namesIn(worldId) };
    };
    const rename = (db: Db, characterId: string, name: string) =>
      db.updateTable('character').set({ name, updated_at: nowIso() }).where('id', '=', characterId).execute();

    it.each([
      ['another connection', () => other.db],
      ["the app's own connection", () => t.app.db],
    ])('never keeps an answer torn by a write of %s between its statements', async (_writer, writer) => {
      const { world, owner } = await createWorld(t.app);
      const dorothy = await createCharacter(owner, world.worldId, 'Dorothy Gale');
      // The world's version as a request reads it, before a write that comes while the answer is built.
      const scope = await resolveWorldScope(t.app.db, world.worldId, owner.user.userId);
      // Asked for once already, so the torn build is one the cache would keep were it not torn.
      await cachedWorldRead(
        t.app.db,
        scope.world,
        'names',
        twoReads(world.worldId, async () => undefined),
      );
      const torn = await cachedWorldRead(
        t.app.db,
        scope.world,
        'names',
        twoReads(world.worldId, () => rename(writer(), dorothy.characterId, 'Dorothy of Kansas')),
      );
      expect(torn).toEqual({ first: ['Dorothy Gale'], second: ['Dorothy of Kansas'] });
      await readCacheSettled(t.app.db);

      // A request that read the same version (it began before the write) builds anew instead of getting the torn answer.
      const again = await cachedWorldRead(
        t.app.db,
        scope.world,
        'names',
        twoReads(world.worldId, async () => undefined),
      );
      expect(again).toEqual({ first: ['Dorothy of Kansas'], second: ['Dorothy of Kansas'] });
    });

    it('keeps an answer built while nothing was written, and while only another world changed', async () => {
      const { world, owner } = await createWorld(t.app);
      const elsewhere = await createWorld(t.app);
      await createCharacter(owner, world.worldId, 'Dorothy Gale');
      const stranger = await createCharacter(elsewhere.owner, elsewhere.world.worldId, 'Ozma');
      for (const [key, between] of [
        ['quiet', async () => undefined],
        ['another world changed', () => rename(other.db, stranger.characterId, 'Princess Ozma')],
      ] as const) {
        const scope = await resolveWorldScope(t.app.db, world.worldId, owner.user.userId);
        await cachedWorldRead(t.app.db, scope.world, key, async () => ({ first: ['the first ask'], second: [] }));
        await cachedWorldRead(t.app.db, scope.world, key, twoReads(world.worldId, between));
        await readCacheSettled(t.app.db);
        let builds = 0;
        const kept = await cachedWorldRead(t.app.db, scope.world, key, async () => {
          builds += 1;
          return { first: [], second: [] };
        });
        expect({ kept, builds }).toEqual({ kept: { first: ['Dorothy Gale'], second: ['Dorothy Gale'] }, builds: 0 });
      }
    });

    it('builds an answer asked for once anew on its second ask, and keeps that one', async () => {
      const { world, owner } = await createWorld(t.app);
      const scope = await resolveWorldScope(t.app.db, world.worldId, owner.user.userId);
      const answers: string[] = [];
      for (const ask of ['first', 'second', 'third', 'fourth']) {
        answers.push(await cachedWorldRead(t.app.db, scope.world, 'asked', async () => `built on the ${ask} ask`));
        await readCacheSettled(t.app.db);
      }
      expect(answers).toEqual(['built on the first ask', 'built on the second ask', 'built on the second ask', 'built on the second ask']);
    });
  });
});
