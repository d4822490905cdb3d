import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacklinksResponse, ErrorResponse, Character, Goal } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter, worldCounts } from '../../../test/factories/character.js';
import { connectionExists, insertConnectionRow } from '../../../test/factories/connection-row.js';
import { createGoal } from '../../../test/factories/goal.js';
import { createInventoryEntry } from '../../../test/factories/inventory.js';
import { createItem } from '../../../test/factories/item.js';
import { findMapPointEntity, insertMapPointRow } from '../../../test/factories/map-point-row.js';
import { insertQuestRow } from '../../../test/factories/quest-row.js';
import { createRelationship } from '../../../test/factories/relationship.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('PATCH /api/characters/{characterId} on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const move = (headers: { authorization: string }, characterId: string, worldId: string) =>
    t.app.inject({ method: 'PATCH', url: `/api/characters/${characterId}`, headers, payload: { worldId } });

  it('moves a character with its goals, drops what belongs to the old world and keeps every reference valid', async () => {
    const { world: from, owner } = await createWorld(t.app, { name: 'Kansas' });
    const { world: to } = await createWorld(t.app, { owner, name: 'Oz' });
    const questId = await insertQuestRow(t.app, from.worldId);
    const pointId = await insertMapPointRow(t.app, from.worldId);
    const { character } = await createCharacter(t.app, { world: from, owner, activeQuests: [questId], currentLocationId: pointId });
    const { character: aunt } = await createCharacter(t.app, { world: from, owner, name: 'Aunt Em' });
    await createRelationship(t.app, owner, from.worldId, character.characterId, { targetCharacterId: aunt.characterId });
    await createRelationship(t.app, owner, from.worldId, aunt.characterId, { targetCharacterId: character.characterId });
    const { item } = await createItem(t.app, { world: from, owner });
    await createInventoryEntry(t.app, owner, from.worldId, character.characterId, { itemId: item.itemId, quantity: 2 });
    const goal = await createGoal(t.app, owner, from.worldId, { characterId: character.characterId });
    const worldGoal = await createGoal(t.app, owner, from.worldId, { title: 'Harvest' });
    const linkedPoint = await insertMapPointRow(t.app, from.worldId, { type: 'character', id: character.characterId });
    const toCharacter = await insertConnectionRow(
      t.app,
      from.worldId,
      { type: 'character', id: character.characterId },
      { type: 'character', id: aunt.characterId },
    );
    const toGoal = await insertConnectionRow(
      t.app,
      from.worldId,
      { type: 'goal', id: goal.goalId },
      { type: 'character', id: aunt.characterId },
    );
    const unrelated = await insertConnectionRow(
      t.app,
      from.worldId,
      { type: 'goal', id: worldGoal.goalId },
      { type: 'character', id: aunt.characterId },
    );

    const response = await move(owner.headers, character.characterId, to.worldId);
    expect(response.statusCode).toBe(200);
    const moved = response.json<Character>();
    expect(moved).toMatchObject({
      characterId: character.characterId,
      worldId: to.worldId,
      name: 'Dorothy',
      activeQuests: [],
      currentLocationId: null,
    });

    expect(await worldCounts(t.app, owner, from.worldId)).toMatchObject({ characters: 1, items: 1 });
    expect((await worldCounts(t.app, owner, to.worldId)).characters).toBe(1);

    const get = (url: string) => t.app.inject({ method: 'GET', url: `/api${url}`, headers: owner.headers });
    expect((await get(`/worlds/${from.worldId}/characters/${character.characterId}`)).statusCode).toBe(404);
    expect((await get(`/worlds/${to.worldId}/characters/${character.characterId}`)).json()).toEqual(moved);
    expect((await get(`/worlds/${from.worldId}/characters/${aunt.characterId}/relationships`)).json<{ data: unknown[] }>().data).toEqual(
      [],
    );
    expect((await get(`/worlds/${to.worldId}/characters/${character.characterId}/relationships`)).json<{ data: unknown[] }>().data).toEqual(
      [],
    );
    expect((await get(`/worlds/${to.worldId}/characters/${character.characterId}/inventory`)).json<{ data: unknown[] }>().data).toEqual([]);

    const movedGoals = (await get(`/worlds/${to.worldId}/characters/${character.characterId}/goals`)).json<{ data: Goal[] }>().data;
    expect(movedGoals).toEqual([expect.objectContaining({ goalId: goal.goalId, worldId: to.worldId, characterId: character.characterId })]);
    const oldGoals = (await get(`/worlds/${from.worldId}/goals`)).json<{ data: Goal[] }>().data;
    expect(oldGoals.map((g) => g.goalId)).toEqual([worldGoal.goalId]);

    expect(await findMapPointEntity(t.app, linkedPoint)).toEqual({ type: null, id: null });
    expect(await connectionExists(t.app, toCharacter)).toBe(false);
    expect(await connectionExists(t.app, toGoal)).toBe(false);
    expect(await connectionExists(t.app, unrelated)).toBe(true);
    const inventoryRows = await t.app.db.selectFrom('inventory_item').select('id').where('item_id', '=', item.itemId).execute();
    expect(inventoryRows).toEqual([]);
    expect((await get(`/worlds/${from.worldId}/items/${item.itemId}`)).statusCode).toBe(200);
  });

  it('takes its goals\' mentions out of the old world\'s "Mentioned in" when it moves', async () => {
    const { world: from, owner } = await createWorld(t.app, { name: 'Kansas' });
    const { world: to } = await createWorld(t.app, { owner, name: 'Oz' });
    const { character } = await createCharacter(t.app, { world: from, owner });
    const { character: aunt } = await createCharacter(t.app, { world: from, owner, name: 'Aunt Em' });
    const mention = `<span data-type="mention" data-entity-type="character" data-id="${aunt.characterId}">Aunt Em</span>`;
    const goal = await createGoal(t.app, owner, from.worldId, {
      characterId: character.characterId,
      descriptionHtml: `<p>Get back to ${mention}</p>`,
      gmNotesHtml: `<p>${mention} waits</p>`,
    });
    const backlinks = async () =>
      (
        await t.app.inject({ url: `/api/worlds/${from.worldId}/characters/${aunt.characterId}/backlinks`, headers: owner.headers })
      ).json<BacklinksResponse>().data;
    expect((await backlinks()).map((link) => link.id)).toContain(goal.goalId);

    expect((await move(owner.headers, character.characterId, to.worldId)).statusCode).toBe(200);

    expect((await backlinks()).map((link) => link.id)).not.toContain(goal.goalId);
    const rows = [
      ...(await t.app.db.selectFrom('mention').select('world_id').where('source_id', '=', goal.goalId).execute()),
      ...(await t.app.db.selectFrom('gm_notes_mention').select('world_id').where('source_id', '=', goal.goalId).execute()),
    ];
    expect(rows).toEqual([]);
  });

  it('answers 200 and changes nothing when the character is already in that world', async () => {
    const { world, owner } = await createWorld(t.app);
    const questId = await insertQuestRow(t.app, world.worldId);
    const pointId = await insertMapPointRow(t.app, world.worldId);
    const { character } = await createCharacter(t.app, { world, owner, activeQuests: [questId], currentLocationId: pointId });
    const response = await move(owner.headers, character.characterId, world.worldId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(character);
    expect((await worldCounts(t.app, owner, world.worldId)).characters).toBe(1);
  });

  it("answers 404 for a missing character, a missing world, and another user's world or character", async () => {
    const { character, world, owner } = await createCharacter(t.app);
    const { world: foreign, owner: stranger } = await createWorld(t.app);
    const missing = '0190f5c2-0000-7000-8000-000000000000';
    const cases: Array<[string, string, string, { authorization: string }]> = [
      [missing, world.worldId, 'Character not found.', owner.headers],
      [character.characterId, missing, 'World not found.', owner.headers],
      [character.characterId, foreign.worldId, 'World not found.', owner.headers],
      [character.characterId, foreign.worldId, 'Character not found.', stranger.headers],
    ];
    for (const [characterId, worldId, message, headers] of cases) {
      const response = await move(headers, characterId, worldId);
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorResponse>().message).toBe(message);
    }
    expect((await worldCounts(t.app, owner, world.worldId)).characters).toBe(1);
    expect((await worldCounts(t.app, stranger, foreign.worldId)).characters).toBe(0);
  });

  it('rejects a missing or malformed worldId with 400', async () => {
    const { character, owner } = await createCharacter(t.app);
    const none = await t.app.inject({
      method: 'PATCH',
      url: `/api/characters/${character.characterId}`,
      headers: owner.headers,
      payload: {},
    });
    expect(none.statusCode).toBe(400);
    expect(none.json<ErrorResponse>().fields?.worldId).toBe('World is required.');
    const bad = await move(owner.headers, character.characterId, 'elsewhere');
    expect(bad.json<ErrorResponse>().fields?.worldId).toBe('Must be a valid UUID.');
  });
});
