import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, Goal } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { connectionExists, insertConnectionRow } from '../../../test/factories/connection-row.js';
import { GOAL_FIELDS, createGoal } from '../../../test/factories/goal.js';
import { createUser } from '../../../test/factories/user.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe.each(DIALECTS)('goals on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function setup() {
    const { character, world, owner } = await createCharacter(t.app);
    const worldUrl = `/api/worlds/${world.worldId}/goals`;
    const characterUrl = `/api/worlds/${world.worldId}/characters/${character.characterId}/goals`;
    const call = (method: Method, url: string, payload?: object, headers = owner.headers) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    return { character, world, owner, worldUrl, characterUrl, call };
  }

  describe('world goals: /api/worlds/{worldId}/goals', () => {
    it('creates a world goal, or a character goal when characterId is given', async () => {
      const { world, character, worldUrl, call } = await setup();
      const response = await call('POST', worldUrl, { ...GOAL_FIELDS, targetDateTime: '2025-03-14T09:30', notes: 'Soon' });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        ...GOAL_FIELDS,
        worldId: world.worldId,
        characterId: null,
        targetDateTime: '2025-03-14T09:30:00.000Z',
        notes: 'Soon',
      });
      const owned = await call('POST', worldUrl, { ...GOAL_FIELDS, characterId: character.characterId });
      expect(owned.json<Goal>().characterId).toBe(character.characterId);
      const blank = await call('POST', worldUrl, { ...GOAL_FIELDS, characterId: '' });
      expect(blank.json()).toMatchObject({ characterId: null, notes: null, targetDateTime: null });
    });

    it('rejects a characterId that is not a character of this world', async () => {
      const { owner, worldUrl, call } = await setup();
      const { character: outsider } = await createCharacter(t.app, { owner });
      const response = await call('POST', worldUrl, { ...GOAL_FIELDS, characterId: outsider.characterId });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fields).toEqual({ characterId: 'Character must be a character of this world.' });
    });

    it.each([
      [{ title: 'ab' }, 'title', 'Title must be at least 3 characters.'],
      [{ title: '' }, 'title', 'Title is required.'],
      [{ description: undefined }, 'description', 'Description is required.'],
      [{ goalType: undefined }, 'goalType', 'Goal Type is required.'],
      [{ status: undefined }, 'status', 'Status is required.'],
      [{ status: 'Done' }, 'status', 'Status must be one of: Pending, InProgress, Completed, Failed, Abandoned.'],
      [{ goalType: 'Main' }, 'goalType', 'Goal Type must be one of: Primary, Secondary, Personal, PlotDriven.'],
      [{ targetDateTime: 'tomorrow' }, 'targetDateTime', 'Target Date/Time must be a date and time such as 2025-03-14T09:30.'],
    ])('rejects %j with the message for %s', async (change, field, message) => {
      const { worldUrl, characterUrl, call } = await setup();
      for (const url of [worldUrl, characterUrl]) {
        const response = await call('POST', url, { ...GOAL_FIELDS, ...change });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorResponse>().fields?.[field]).toBe(message);
      }
    });

    it('lists every goal of the world with its characterId, with search and sort on title', async () => {
      const { owner, world, character, worldUrl, call } = await setup();
      await createGoal(t.app, owner, world.worldId, { title: 'Defeat the witch' });
      await createGoal(t.app, owner, world.worldId, {
        characterId: character.characterId,
        title: 'Go home',
        description: 'Back to KANSAS',
      });
      await createGoal(t.app, owner, world.worldId, { title: 'Crown a ruler', description: 'For the Emerald City' });
      const all = (await call('GET', `${worldUrl}?sortBy=title`)).json<{ data: Goal[]; pagination: { totalItems: number } }>();
      expect(all.data.map((g) => [g.title, g.characterId])).toEqual([
        ['Crown a ruler', null],
        ['Defeat the witch', null],
        ['Go home', character.characterId],
      ]);
      expect(all.pagination.totalItems).toBe(3);
      const found = (await call('GET', `${worldUrl}?search=kansas`)).json<{ data: Goal[] }>();
      expect(found.data.map((g) => g.title)).toEqual(['Go home']);
      const page = (await call('GET', `${worldUrl}?limit=2&page=2`)).json<{ data: Goal[] }>();
      expect(page.data.map((g) => g.title)).toEqual(['Defeat the witch']);
    });

    it('reads, replaces and deletes any goal of the world; PUT without characterId keeps the character', async () => {
      const { owner, world, character, worldUrl, call } = await setup();
      const goal = await createGoal(t.app, owner, world.worldId, { characterId: character.characterId });
      const url = `${worldUrl}/${goal.goalId}`;
      expect((await call('GET', url)).json()).toEqual(goal);
      const kept = await call('PUT', url, { ...GOAL_FIELDS, status: 'InProgress' });
      expect(kept.json()).toMatchObject({ status: 'InProgress', characterId: character.characterId });
      const detached = await call('PUT', url, { ...GOAL_FIELDS, characterId: null });
      expect(detached.json()).toMatchObject({ characterId: null, status: 'Pending' });
      const invalid = await call('PUT', url, { ...GOAL_FIELDS, title: 'no' });
      expect(invalid.json<ErrorResponse>().fields?.title).toBe('Title must be at least 3 characters.');
      expect((await call('DELETE', url)).statusCode).toBe(204);
      const gone = await call('GET', url);
      expect(gone.statusCode).toBe(404);
      expect(gone.json<ErrorResponse>().message).toBe('Goal not found.');
    });

    it('deleting a goal removes the connections to it', async () => {
      const { owner, world, character, worldUrl, call } = await setup();
      const goal = await createGoal(t.app, owner, world.worldId);
      const connectionId = await insertConnectionRow(
        t.app,
        world.worldId,
        { type: 'character', id: character.characterId },
        { type: 'goal', id: goal.goalId },
      );
      await call('DELETE', `${worldUrl}/${goal.goalId}`);
      expect(await connectionExists(t.app, connectionId)).toBe(false);
    });
  });

  describe("a character's goals: .../characters/{characterId}/goals", () => {
    it("creates, lists, reads, replaces and deletes only that character's goals", async () => {
      const { owner, world, character, characterUrl, call } = await setup();
      const { character: toto } = await createCharacter(t.app, { world, owner, name: 'Toto' });
      const worldGoal = await createGoal(t.app, owner, world.worldId, { title: 'World goal' });
      const totoGoal = await createGoal(t.app, owner, world.worldId, { characterId: toto.characterId, title: 'Bark' });

      const created = await call('POST', characterUrl, { ...GOAL_FIELDS, characterId: toto.characterId });
      expect(created.statusCode).toBe(201);
      const goal = created.json<Goal>();
      expect(goal).toMatchObject({ ...GOAL_FIELDS, characterId: character.characterId, worldId: world.worldId });

      const list = (await call('GET', characterUrl)).json<{ data: Goal[]; pagination: { totalItems: number } }>();
      expect(list.data.map((g) => g.goalId)).toEqual([goal.goalId]);
      expect(list.pagination.totalItems).toBe(1);

      const url = `${characterUrl}/${goal.goalId}`;
      expect((await call('GET', url)).json()).toEqual(goal);
      const put = await call('PUT', url, { ...GOAL_FIELDS, goalType: 'Personal', status: 'Completed', notes: 'Done at last' });
      expect(put.json()).toMatchObject({
        goalType: 'Personal',
        status: 'Completed',
        notes: 'Done at last',
        characterId: character.characterId,
      });

      for (const other of [worldGoal, totoGoal]) {
        for (const method of ['GET', 'PUT', 'DELETE'] as const) {
          const response = await call(method, `${characterUrl}/${other.goalId}`, method === 'PUT' ? GOAL_FIELDS : undefined);
          expect(response.statusCode).toBe(404);
        }
      }
      expect((await call('DELETE', url)).statusCode).toBe(204);
      expect((await call('GET', url)).statusCode).toBe(404);
    });

    it('answers 404 for a character of another world', async () => {
      const { owner, world } = await setup();
      const { character: outsider } = await createCharacter(t.app, { owner });
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/worlds/${world.worldId}/characters/${outsider.characterId}/goals`,
        headers: owner.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorResponse>().message).toBe('Character not found.');
    });
  });

  it('answers 404 to another user on every goal route and leaves the goals unchanged', async () => {
    const { owner, world, character, worldUrl, characterUrl, call } = await setup();
    const worldGoal = await createGoal(t.app, owner, world.worldId, { title: 'Secret plan' });
    const charGoal = await createGoal(t.app, owner, world.worldId, { characterId: character.characterId, title: 'Secret wish' });
    const intruder = await createUser(t.app);
    const attempts: Array<[Method, string, object?]> = [
      ['GET', worldUrl],
      ['POST', worldUrl, GOAL_FIELDS],
      ['GET', `${worldUrl}/${worldGoal.goalId}`],
      ['PUT', `${worldUrl}/${worldGoal.goalId}`, GOAL_FIELDS],
      ['DELETE', `${worldUrl}/${worldGoal.goalId}`],
      ['GET', characterUrl],
      ['POST', characterUrl, GOAL_FIELDS],
      ['GET', `${characterUrl}/${charGoal.goalId}`],
      ['PUT', `${characterUrl}/${charGoal.goalId}`, GOAL_FIELDS],
      ['DELETE', `${characterUrl}/${charGoal.goalId}`],
    ];
    for (const [method, path, payload] of attempts) {
      const response = await call(method, path, payload, intruder.headers);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.body).not.toContain('Secret');
    }
    const list = (await call('GET', `${worldUrl}?sortBy=title`)).json<{ data: Goal[] }>();
    expect(list.data).toEqual([worldGoal, charGoal]);
  });
});
