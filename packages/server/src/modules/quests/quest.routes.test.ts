import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, Quest, World, Pagination } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { addMember } from '../../../test/factories/member.js';
import { insertRawCharacter } from '../../../test/factories/raw-entities.js';
import { type TestUser, createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';
import { findActiveQuestIds } from './quest.repository.js';

describe.each(DIALECTS)('quests on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const questsUrl = (world: World) => `/api/worlds/${world.worldId}/quests`;

  async function createQuest(world: World, owner: TestUser, payload: Record<string, unknown> = {}): Promise<Quest> {
    const response = await t.app.inject({
      method: 'POST',
      url: questsUrl(world),
      headers: owner.headers,
      payload: { name: 'Find the Wizard', ...payload },
    });
    expect(response.statusCode).toBe(201);
    return response.json<Quest>();
  }

  const names = (body: { data: Quest[] }) => body.data.map((q) => q.name);

  describe('POST /api/worlds/{worldId}/quests', () => {
    it('creates a pending quest by default with no objectives', async () => {
      const { world, owner } = await createWorld(t.app);
      const quest = await createQuest(world, owner, { description: 'Follow the yellow brick road' });
      expect(quest).toMatchObject({
        worldId: world.worldId,
        name: 'Find the Wizard',
        description: 'Follow the yellow brick road',
        status: 'pending',
        isOptional: false,
        difficulty: null,
        objectives: [],
      });
      const full = await createQuest(world, owner, { status: 'failed', isOptional: true, difficulty: 10 });
      expect(full).toMatchObject({ status: 'failed', isOptional: true, difficulty: 10 });
    });

    it('enforces the spec rules: name required, difficulty 1 to 10, a known status', async () => {
      const { world, owner } = await createWorld(t.app);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{}, 'name', 'Name is required.'],
        [{ name: '' }, 'name', 'Name is required.'],
        [{ name: 'Q', difficulty: 0 }, 'difficulty', 'Difficulty must be at least 1.'],
        [{ name: 'Q', difficulty: 11 }, 'difficulty', 'Difficulty must be no more than 10.'],
        [{ name: 'Q', difficulty: 'hard' }, 'difficulty', 'Difficulty must be a number.'],
        [{ name: 'Q', difficulty: 2.5 }, 'difficulty', 'Difficulty must be a whole number.'],
        [{ name: 'Q', status: 'done' }, 'status', 'Status must be one of: pending, active, completed, failed.'],
        [{ name: 'Q', isOptional: 'yes' }, 'isOptional', 'Optional Quest must be true or false.'],
      ];
      for (const [payload, field, message] of cases) {
        const response = await t.app.inject({ method: 'POST', url: questsUrl(world), headers: owner.headers, payload });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorResponse>().fields?.[field]).toBe(message);
      }
      expect((await createQuest(world, owner, { difficulty: 1 })).difficulty).toBe(1);
      const list = await t.app.inject({ method: 'GET', url: questsUrl(world), headers: owner.headers });
      expect(list.json<{ pagination: Pagination }>().pagination.totalItems).toBe(1);
    });
  });

  describe('GET /api/worlds/{worldId}/quests and …/quests/active', () => {
    it('pages, searches, sorts and filters by status, with exact counts', async () => {
      const { world, owner } = await createWorld(t.app);
      await createQuest(world, owner, { name: 'Alpha', status: 'active' });
      await createQuest(world, owner, { name: 'Bravo', description: 'Melt the witch' });
      await createQuest(world, owner, { name: 'Charlie', status: 'active' });
      await createQuest(world, owner, { name: 'Delta', status: 'completed' });
      const get = async (query: string) =>
        (await t.app.inject({ method: 'GET', url: `${questsUrl(world)}${query}`, headers: owner.headers })).json<{
          data: Quest[];
          pagination: Pagination;
        }>();

      const first = await get('?limit=3');
      expect(names(first)).toEqual(['Delta', 'Charlie', 'Bravo']);
      expect(first.pagination).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 4, limit: 3 });
      expect(names(await get('?limit=3&page=2'))).toEqual(['Alpha']);
      expect(names(await get(`?limit=3&cursor=${String(first.pagination.nextCursor)}`))).toEqual(['Alpha']);
      expect(names(await get('?sortBy=name&sortOrder=asc'))).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
      expect(names(await get('?sortBy=status&sortOrder=asc&limit=2'))).toEqual(['Alpha', 'Charlie']);
      expect(names(await get('?search=WITCH'))).toEqual(['Bravo']);
      const active = await get('?status=active&sortBy=name');
      expect(names(active)).toEqual(['Alpha', 'Charlie']);
      expect(active.pagination.totalItems).toBe(2);

      const activeList = await t.app.inject({ method: 'GET', url: `${questsUrl(world)}/active?sortBy=name`, headers: owner.headers });
      expect(activeList.statusCode).toBe(200);
      expect(names(activeList.json<{ data: Quest[] }>())).toEqual(['Alpha', 'Charlie']);
      expect(activeList.json<{ pagination: Pagination }>().pagination).toMatchObject({ totalItems: 2, totalPages: 1 });

      const bad = await t.app.inject({ method: 'GET', url: `${questsUrl(world)}?status=done`, headers: owner.headers });
      expect(bad.statusCode).toBe(400);
      const sort = await t.app.inject({ method: 'GET', url: `${questsUrl(world)}?sortBy=difficulty`, headers: owner.headers });
      expect(sort.json<ErrorResponse>().message).toBe('sortBy must be one of: createdAt, updatedAt, name, status.');
    });
  });

  describe('GET, PUT and DELETE /api/worlds/{worldId}/quests/{questId}', () => {
    it('keeps optional and difficulty when the quest form saves only name, description and status', async () => {
      const { world, owner } = await createWorld(t.app);
      const quest = await createQuest(world, owner, { isOptional: true, difficulty: 7 });
      const url = `${questsUrl(world)}/${quest.questId}`;
      const put = await t.app.inject({
        method: 'PUT',
        url,
        headers: owner.headers,
        payload: { name: 'Renamed', description: 'd', status: 'active' },
      });
      expect(put.json()).toMatchObject({ name: 'Renamed', status: 'active', isOptional: true, difficulty: 7 });
      const cleared = await t.app.inject({
        method: 'PUT',
        url,
        headers: owner.headers,
        payload: { name: 'Renamed', status: 'active', isOptional: false, difficulty: null },
      });
      expect(cleared.json()).toMatchObject({ isOptional: false, difficulty: null });
    });

    it('reads the quest itself with objectives, lets PUT set any status, and deletes it', async () => {
      const { world, owner } = await createWorld(t.app);
      const quest = await createQuest(world, owner);
      const url = `${questsUrl(world)}/${quest.questId}`;
      await t.app.inject({
        method: 'POST',
        url: `${url}/objectives`,
        headers: owner.headers,
        payload: { description: 'Meet the Scarecrow' },
      });
      const read = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(read.json()).toMatchObject({
        questId: quest.questId,
        name: 'Find the Wizard',
        objectives: [{ description: 'Meet the Scarecrow', completed: false }],
      });

      for (const status of ['completed', 'failed', 'active', 'pending'] as const) {
        const put = await t.app.inject({
          method: 'PUT',
          url,
          headers: owner.headers,
          payload: { name: 'Renamed', description: 'd', status },
        });
        expect(put.statusCode).toBe(200);
        expect(put.json()).toMatchObject({ name: 'Renamed', status, objectives: [{ description: 'Meet the Scarecrow' }] });
      }
      const invalid = await t.app.inject({ method: 'PUT', url, headers: owner.headers, payload: { name: '', difficulty: 12 } });
      expect(invalid.json<ErrorResponse>().fields).toEqual({
        name: 'Name is required.',
        difficulty: 'Difficulty must be no more than 10.',
      });

      expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(204);
      const gone = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(gone.json()).toEqual({ message: 'Quest not found.', code: 'NOT_FOUND' });
      const objectives = await t.app.db.selectFrom('quest_objective').select('id').where('quest_id', '=', quest.questId).execute();
      expect(objectives).toEqual([]);
    });

    it('answers 404 to another user on every quest route and changes nothing', async () => {
      const { world, owner } = await createWorld(t.app);
      const quest = await createQuest(world, owner, { name: 'Private quest' });
      const url = `${questsUrl(world)}/${quest.questId}`;
      const intruder = await createUser(t.app);
      const attempts = [
        { method: 'GET' as const, url: questsUrl(world) },
        { method: 'GET' as const, url: `${questsUrl(world)}/active` },
        { method: 'POST' as const, url: questsUrl(world), payload: { name: 'Sneaky' } },
        { method: 'GET' as const, url },
        { method: 'PUT' as const, url, payload: { name: 'Mine', status: 'failed' } },
        { method: 'POST' as const, url: `${url}/accept` },
        { method: 'DELETE' as const, url: `${url}/abandon` },
        { method: 'DELETE' as const, url },
      ];
      for (const attempt of attempts) {
        const response = await t.app.inject({ ...attempt, headers: intruder.headers });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('Private quest');
      }
      const theirs = await createWorld(t.app, { owner: intruder });
      expect(
        (await t.app.inject({ method: 'GET', url: `${questsUrl(theirs.world)}/${quest.questId}`, headers: intruder.headers })).statusCode,
      ).toBe(404);
      expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json()).toEqual(quest);
    });
  });

  describe('accept and abandon', () => {
    it("accepts with a character (it joins the character's activeQuests) and abandons it again", async () => {
      const { world, owner } = await createWorld(t.app);
      const quest = await createQuest(world, owner);
      const url = `${questsUrl(world)}/${quest.questId}`;
      const dorothy = await insertRawCharacter(t.app, world.worldId, 'Dorothy');
      const toto = await insertRawCharacter(t.app, world.worldId, 'Toto');

      const accepted = await t.app.inject({
        method: 'POST',
        url: `${url}/accept`,
        headers: owner.headers,
        payload: { characterId: dorothy.id },
      });
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ questId: quest.questId, status: 'active' });
      expect(await findActiveQuestIds(t.app.db, dorothy.id)).toEqual([quest.questId]);
      const active = await t.app.inject({ method: 'GET', url: `${questsUrl(world)}/active`, headers: owner.headers });
      expect(names(active.json())).toEqual(['Find the Wizard']);

      const again = await t.app.inject({ method: 'POST', url: `${url}/accept`, headers: owner.headers, payload: { characterId: toto.id } });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'Only a pending quest can be accepted; this one is active.', code: 'CONFLICT' });
      expect(await findActiveQuestIds(t.app.db, toto.id)).toEqual([]);

      const abandoned = await t.app.inject({ method: 'DELETE', url: `${url}/abandon?characterId=${dorothy.id}`, headers: owner.headers });
      expect(abandoned.statusCode).toBe(200);
      expect(abandoned.json<Quest>().status).toBe('pending');
      expect(await findActiveQuestIds(t.app.db, dorothy.id)).toEqual([]);

      const twice = await t.app.inject({ method: 'DELETE', url: `${url}/abandon`, headers: owner.headers });
      expect(twice.statusCode).toBe(409);
      expect(twice.json<ErrorResponse>().message).toBe('Only an active quest can be abandoned; this one is pending.');
    });

    it('abandons without a character for everyone, and takes the character from a JSON body too', async () => {
      const { world, owner } = await createWorld(t.app);
      const quest = await createQuest(world, owner);
      const url = `${questsUrl(world)}/${quest.questId}`;
      const a = await insertRawCharacter(t.app, world.worldId, 'A');
      const b = await insertRawCharacter(t.app, world.worldId, 'B');
      await t.app.inject({ method: 'POST', url: `${url}/accept`, headers: owner.headers });
      // A second holder, as a character edit could record it.
      await t.app.db
        .insertInto('character_active_quest')
        .values([
          { character_id: a.id, quest_id: quest.questId, created_at: new Date().toISOString() },
          { character_id: b.id, quest_id: quest.questId, created_at: new Date().toISOString() },
        ])
        .execute();
      const one = await t.app.inject({ method: 'DELETE', url: `${url}/abandon`, headers: owner.headers, payload: { characterId: a.id } });
      expect(one.statusCode).toBe(200);
      expect(await findActiveQuestIds(t.app.db, a.id)).toEqual([]);
      expect(await findActiveQuestIds(t.app.db, b.id)).toEqual([quest.questId]);

      await t.app.inject({ method: 'POST', url: `${url}/accept`, headers: owner.headers });
      expect((await t.app.inject({ method: 'DELETE', url: `${url}/abandon`, headers: owner.headers })).statusCode).toBe(200);
      expect(await findActiveQuestIds(t.app.db, b.id)).toEqual([]);
    });

    it('refuses a character of another world (400) and every disallowed transition (409), changing nothing', async () => {
      const { world, owner } = await createWorld(t.app);
      const elsewhere = await createWorld(t.app, { owner });
      const stranger = await insertRawCharacter(t.app, elsewhere.world.worldId, 'Stranger');
      const quest = await createQuest(world, owner);
      const url = `${questsUrl(world)}/${quest.questId}`;
      const foreign = await t.app.inject({
        method: 'POST',
        url: `${url}/accept`,
        headers: owner.headers,
        payload: { characterId: stranger.id },
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json<ErrorResponse>().fields).toEqual({ characterId: 'No character with that id in this world.' });
      const malformed = await t.app.inject({ method: 'POST', url: `${url}/accept`, headers: owner.headers, payload: { characterId: 'x' } });
      expect(malformed.json<ErrorResponse>().fields?.characterId).toBe('Must be a valid UUID.');
      expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json<Quest>().status).toBe('pending');

      for (const status of ['completed', 'failed'] as const) {
        await t.app.inject({ method: 'PUT', url, headers: owner.headers, payload: { name: 'Q', status } });
        const accept = await t.app.inject({ method: 'POST', url: `${url}/accept`, headers: owner.headers });
        expect(accept.statusCode).toBe(409);
        expect(accept.json<ErrorResponse>().message).toBe(`Only a pending quest can be accepted; this one is ${status}.`);
        const abandon = await t.app.inject({ method: 'DELETE', url: `${url}/abandon`, headers: owner.headers });
        expect(abandon.statusCode).toBe(409);
        expect(abandon.json<ErrorResponse>().message).toBe(`Only an active quest can be abandoned; this one is ${status}.`);
        expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json<Quest>().status).toBe(status);
      }
      const missing = await t.app.inject({ method: 'POST', url: `${questsUrl(world)}/${stranger.id}/accept`, headers: owner.headers });
      expect(missing.statusCode).toBe(404);
    });

    it('removes a deleted quest from every activeQuests list', async () => {
      const { world, owner } = await createWorld(t.app);
      const quest = await createQuest(world, owner);
      const keep = await createQuest(world, owner, { name: 'Keep me' });
      const dorothy = await insertRawCharacter(t.app, world.worldId, 'Dorothy');
      for (const q of [quest, keep]) {
        await t.app.inject({
          method: 'POST',
          url: `${questsUrl(world)}/${q.questId}/accept`,
          headers: owner.headers,
          payload: { characterId: dorothy.id },
        });
      }
      await t.app.inject({ method: 'DELETE', url: `${questsUrl(world)}/${quest.questId}`, headers: owner.headers });
      expect(await findActiveQuestIds(t.app.db, dorothy.id)).toEqual([keep.questId]);
    });
  });

  describe('players at the table', () => {
    /** A world with a player who plays Dorothy, a viewer, the Scarecrow nobody plays, and a quest with an objective. */
    async function table() {
      const { world, owner } = await createWorld(t.app);
      const player = await addMember(t.app, owner, world.worldId, 'player');
      const viewer = await addMember(t.app, owner, world.worldId, 'viewer');
      const { character: dorothy } = await createCharacter(t.app, { world, owner, name: 'Dorothy', assignedTo: player.user.userId });
      const { character: scarecrow } = await createCharacter(t.app, { world, owner, name: 'Scarecrow' });
      const quest = await createQuest(world, owner, { name: 'Reach the Emerald City' });
      const objectives = `${questsUrl(world)}/${quest.questId}/objectives`;
      const objective = await t.app.inject({
        method: 'POST',
        url: objectives,
        headers: owner.headers,
        payload: { description: 'Walk the road', target: 2 },
      });
      expect(objective.statusCode).toBe(201);
      const progressUrl = `${objectives}/${objective.json<{ objectiveId: string }>().objectiveId}/progress`;
      return { world, owner, player, viewer, dorothy, scarecrow, quest, progressUrl };
    }

    it('lets a player accept a quest for their own character and tick its objectives until it completes', async () => {
      const { world, player, dorothy, quest, progressUrl } = await table();
      const accept = await t.app.inject({
        method: 'POST',
        url: `${questsUrl(world)}/${quest.questId}/accept`,
        headers: player.headers,
        payload: { characterId: dorothy.characterId },
      });
      expect(accept.statusCode).toBe(200);
      expect(accept.json<Quest>().status).toBe('active');
      expect(await findActiveQuestIds(t.app.db, dorothy.characterId)).toEqual([quest.questId]);

      const first = await t.app.inject({ method: 'POST', url: progressUrl, headers: player.headers, payload: { increment: 1 } });
      expect(first.statusCode).toBe(200);
      expect(first.json<Quest>().objectives[0]?.progress).toBe(1);
      const done = await t.app.inject({ method: 'POST', url: progressUrl, headers: player.headers, payload: { progress: 2 } });
      expect(done.json<Quest>().status).toBe('completed');
    });

    it("refuses a player's accept for a character that is not theirs, or for none, with a message saying why", async () => {
      const { world, owner, player, scarecrow, quest } = await table();
      const url = `${questsUrl(world)}/${quest.questId}/accept`;
      for (const payload of [{ characterId: scarecrow.characterId }, {}]) {
        const response = await t.app.inject({ method: 'POST', url, headers: player.headers, payload });
        expect(response.statusCode).toBe(403);
        expect(response.json<ErrorResponse>().message).toBe(
          'Players accept a quest only for a character assigned to them: choose your character.',
        );
      }
      expect(
        (await t.app.inject({ method: 'GET', url: `${questsUrl(world)}/${quest.questId}`, headers: owner.headers })).json<Quest>().status,
      ).toBe('pending');
      expect(await findActiveQuestIds(t.app.db, scarecrow.characterId)).toEqual([]);
    });

    it("refuses a player's progress on a quest their character does not hold, and abandoning, and everything to a viewer", async () => {
      const { world, owner, player, viewer, dorothy, scarecrow, quest, progressUrl } = await table();
      const questUrl = `${questsUrl(world)}/${quest.questId}`;
      await t.app.inject({
        method: 'POST',
        url: `${questUrl}/accept`,
        headers: owner.headers,
        payload: { characterId: scarecrow.characterId },
      });
      const notYours = await t.app.inject({ method: 'POST', url: progressUrl, headers: player.headers, payload: { increment: 1 } });
      expect(notYours.statusCode).toBe(403);
      expect(notYours.json<ErrorResponse>().message).toBe('Players record progress only on quests their character has accepted.');
      const abandon = await t.app.inject({ method: 'DELETE', url: `${questUrl}/abandon`, headers: player.headers });
      expect(abandon.statusCode).toBe(403);

      const viewerAccept = await t.app.inject({
        method: 'POST',
        url: `${questUrl}/accept`,
        headers: viewer.headers,
        payload: { characterId: dorothy.characterId },
      });
      expect(viewerAccept.statusCode).toBe(403);
      const viewerProgress = await t.app.inject({ method: 'POST', url: progressUrl, headers: viewer.headers, payload: { increment: 1 } });
      expect(viewerProgress.statusCode).toBe(403);
      const quest2 = (await t.app.inject({ method: 'GET', url: questUrl, headers: owner.headers })).json<Quest>();
      expect(quest2.status).toBe('active');
      expect(quest2.objectives[0]?.progress).toBe(0);
    });
  });
});
