import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, type Character, HISTORY_MESSAGES, type HistoryPage } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { addMember } from '../../../test/factories/member.js';
import type { TestUser } from '../../../test/factories/user.js';
import { present } from '../../../test/present.js';

describe.each(DIALECTS)('entity history and restore on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { webhookPollMs: 0 });
  });
  afterAll(async () => t.close());

  const historyOf = async (worldId: string, characterId: string, user: TestUser) =>
    t.app.inject({ url: `/api/worlds/${worldId}/history/character/${characterId}`, headers: user.headers });
  const edit = async (worldId: string, character: Character, user: TestUser, changes: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${worldId}/characters/${character.characterId}`,
      headers: user.headers,
      payload: { name: character.name, description: character.description, attributes: character.attributes, ...changes },
    });
    expect(response.statusCode).toBe(200);
    return response.json<Character>();
  };

  it('lists who changed what from what to what, newest first, and restores the old name as a new change', async () => {
    const { character, world, owner } = await createCharacter(t.app, { name: 'Cowardly Lion', description: 'Wants courage' });
    const renamed = await edit(world.worldId, character, owner, { name: 'Courageous Lion', attributes: { courage: 10 } });

    const history = (await historyOf(world.worldId, character.characterId, owner)).json<HistoryPage>();
    expect(history).toMatchObject({ name: 'Courageous Lion', deleted: false, restorable: true, pagination: { totalItems: 2 } });
    const update = present(history.data[0], 'the rename entry');
    const create = present(history.data[1], 'the creation entry');
    expect(update).toMatchObject({ action: 'updated', by: owner.user.userId, byUsername: owner.user.username });
    expect(update.changes).toEqual([
      { field: 'name', oldValue: 'Cowardly Lion', newValue: 'Courageous Lion', plain: true },
      { field: 'attributes', oldValue: {}, newValue: { courage: 10 }, plain: false },
    ]);
    expect(create.action).toBe('created');
    expect(create.changes).toContainEqual({ field: 'name', oldValue: null, newValue: 'Cowardly Lion', plain: true });
    expect(create.changes.map((change) => change.field)).not.toContain('updatedAt');

    const stale = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/history/character/${character.characterId}/${create.sequence}/restore`,
      headers: { ...owner.headers, 'if-match': `W/"${character.updatedAt}"` },
    });
    expect(stale.statusCode).toBe(409);

    const restored = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/history/character/${character.characterId}/${create.sequence}/restore`,
      headers: { ...owner.headers, 'if-match': `W/"${renamed.updatedAt}"` },
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json<Character>()).toMatchObject({ name: 'Cowardly Lion', description: 'Wants courage', attributes: {} });
    expect(restored.headers.etag).toBe(`W/"${restored.json<Character>().updatedAt}"`);

    const after = (await historyOf(world.worldId, character.characterId, owner)).json<HistoryPage>();
    expect(after.pagination.totalItems).toBe(3);
    expect(after.data[0]).toMatchObject({ action: 'updated', by: owner.user.userId });
    expect(present(after.data[0], 'the restore entry').changes.find((change) => change.field === 'name')).toEqual({
      field: 'name',
      oldValue: 'Courageous Lion',
      newValue: 'Cowardly Lion',
      plain: true,
    });
  });

  it("keeps GM notes and reveals out of a player's history, and a secret's history is a 404 like a missing one", async () => {
    const { character, world, owner } = await createCharacter(t.app, { name: 'Wizard', gmNotes: 'Just a man from Omaha' });
    const player = await addMember(t.app, owner, world.worldId, 'player');
    await edit(world.worldId, character, owner, { name: 'Great Oz', gmNotes: 'A humbug' });

    const own = (await historyOf(world.worldId, character.characterId, owner)).json<HistoryPage>();
    expect(present(own.data[0], 'the latest entry').changes.map((change) => change.field)).toEqual(['name', 'gmNotes']);
    const theirs = await historyOf(world.worldId, character.characterId, player);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.body).not.toContain('Omaha');
    expect(theirs.body).not.toContain('humbug');
    expect(present(theirs.json<HistoryPage>().data[0], "the player's latest entry").changes).toEqual([
      { field: 'name', oldValue: 'Wizard', newValue: 'Great Oz', plain: true },
    ]);

    const { character: secret } = await createCharacter(t.app, { world, owner, name: 'Wicked Witch', visibility: 'editors' });
    const hidden = await historyOf(world.worldId, secret.characterId, player);
    const missing = await historyOf(world.worldId, crypto.randomUUID(), player);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).toBe(missing.body);
    expect(hidden.json()).toMatchObject({ message: HISTORY_MESSAGES.notFound });
  });

  it("shows a player a revealed secret's history from the reveal on, without its secret past", async () => {
    const { character, world, owner } = await createCharacter(t.app, { name: 'Glinda in disguise', visibility: 'editors' });
    const player = await addMember(t.app, owner, world.worldId, 'player');
    expect((await historyOf(world.worldId, character.characterId, player)).statusCode).toBe(404);
    await edit(world.worldId, character, owner, { name: 'Glinda', visibility: 'editors', revealedTo: [player.user.userId] });

    const theirs = (await historyOf(world.worldId, character.characterId, player)).json<HistoryPage>();
    expect(theirs.data).toHaveLength(1);
    expect(present(theirs.data[0], "the player's first entry").changes).toContainEqual({
      field: 'name',
      oldValue: null,
      newValue: 'Glinda',
      plain: true,
    });
    expect(JSON.stringify(theirs)).not.toContain('disguise');
    expect(JSON.stringify(theirs)).not.toContain('revealedTo');
  });

  it('never shows a player the secret entity an earlier version of a map point linked to, only the editors', async () => {
    const { character: dorothy, world, owner } = await createCharacter(t.app, { name: 'Dorothy' });
    const { character: witch } = await createCharacter(t.app, { world, owner, name: 'Wicked Witch', visibility: 'editors' });
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const base = `/api/worlds/${world.worldId}`;
    const map = await t.app.inject({ method: 'POST', url: `${base}/maps`, headers: owner.headers, payload: { name: 'Land of Oz' } });
    expect(map.statusCode, map.body).toBe(201);
    const mapId = map.json<{ mapId: string }>().mapId;
    const point = { name: 'Castle', x: 1, y: 1 };
    const created = await t.app.inject({
      method: 'POST',
      url: `${base}/maps/${mapId}/points`,
      headers: owner.headers,
      payload: { ...point, entity: { type: 'character', id: witch.characterId } },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pointId = created.json<{ pointId: string }>().pointId;
    const moved = await t.app.inject({
      method: 'PUT',
      url: `${base}/maps/${mapId}/points/${pointId}`,
      headers: owner.headers,
      payload: { ...point, entity: { type: 'character', id: dorothy.characterId } },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const historyOfPoint = async (user: TestUser) => {
      const response = await t.app.inject({ url: `${base}/history/mapPoint/${pointId}`, headers: user.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response;
    };

    const theirs = await historyOfPoint(player);
    expect(theirs.body).not.toContain(witch.characterId);
    expect(present(theirs.json<HistoryPage>().data[0], "the player's latest entry").changes).toContainEqual({
      field: 'entityId',
      oldValue: null,
      newValue: dorothy.characterId,
      plain: true,
    });
    const own = await historyOfPoint(owner);
    expect(present(own.json<HistoryPage>().data[0], 'the latest entry').changes).toContainEqual({
      field: 'entityId',
      oldValue: witch.characterId,
      newValue: dorothy.characterId,
      plain: true,
    });
  });

  it('refuses a restore to players and viewers, and says when the version refers to something that is gone', async () => {
    const { character, world, owner } = await createCharacter(t.app, { name: 'Scarecrow' });
    const map = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/maps`,
      headers: owner.headers,
      payload: { name: 'Land of Oz' },
    });
    const mapId = map.json<{ mapId: string }>().mapId;
    const point = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/maps/${mapId}/points`,
      headers: owner.headers,
      payload: { name: 'Cornfield', x: 1, y: 2 },
    });
    const pointId = point.json<{ pointId: string }>().pointId;
    const placed = await edit(world.worldId, character, owner, { currentLocationId: pointId });
    await edit(world.worldId, placed, owner, { currentLocationId: null });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/worlds/${world.worldId}/maps/${mapId}/points/${pointId}`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(204);

    const history = (await historyOf(world.worldId, character.characterId, owner)).json<HistoryPage>();
    const placedVersion = history.data.find((entry) =>
      entry.changes.some((change) => change.field === 'currentLocationId' && change.newValue === pointId),
    );
    const placedEntry = present(placedVersion, 'the version that placed the character at the point');
    const url = `/api/worlds/${world.worldId}/history/character/${character.characterId}/${placedEntry.sequence}/restore`;

    const viewer = await addMember(t.app, owner, world.worldId, 'viewer');
    const byViewer = await t.app.inject({ method: 'POST', url, headers: viewer.headers });
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toMatchObject({ message: ACCESS_MESSAGES.forbidden });

    const gone = await t.app.inject({ method: 'POST', url, headers: owner.headers });
    expect(gone.statusCode).toBe(409);
    expect(gone.json<{ message: string }>().message).toContain('Current Location must be a map point of this world.');

    const noVersion = await t.app.inject({
      method: 'POST',
      url: url.replace(`/${placedEntry.sequence}/`, '/999999/'),
      headers: owner.headers,
    });
    expect(noVersion.statusCode).toBe(404);
    expect(noVersion.json()).toMatchObject({ message: HISTORY_MESSAGES.noSuchVersion });
  });

  it("keeps a deleted entity's history readable, and says it can be restored", async () => {
    const { character, world, owner } = await createCharacter(t.app, { name: 'Toto' });
    expect(
      (
        await t.app.inject({
          method: 'DELETE',
          url: `/api/worlds/${world.worldId}/characters/${character.characterId}`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(204);
    const history = (await historyOf(world.worldId, character.characterId, owner)).json<HistoryPage>();
    expect(history).toMatchObject({ name: 'Toto', deleted: true, restorable: true });
    expect(history.data.map((entry) => entry.action)).toEqual(['deleted', 'created']);
  });

  it('restores other kinds alike: an item with its properties, and a quest with its true/false and number fields', async () => {
    const { world, owner } = await createCharacter(t.app);
    const base = `/api/worlds/${world.worldId}`;
    const item = (
      await t.app.inject({
        method: 'POST',
        url: `${base}/items`,
        headers: owner.headers,
        payload: { name: 'Silver Shoes', properties: { magic: true, pairs: 1 } },
      })
    ).json<{ itemId: string }>();
    await t.app.inject({
      method: 'PUT',
      url: `${base}/items/${item.itemId}`,
      headers: owner.headers,
      payload: { name: 'Ruby Slippers', properties: {} },
    });
    const itemHistory = (await t.app.inject({ url: `${base}/history/item/${item.itemId}`, headers: owner.headers })).json<HistoryPage>();
    const itemRestore = await t.app.inject({
      method: 'POST',
      url: `${base}/history/item/${item.itemId}/${present(itemHistory.data.at(-1), "the item's creation").sequence}/restore`,
      headers: owner.headers,
    });
    expect(itemRestore.statusCode).toBe(200);
    expect(itemRestore.json()).toMatchObject({ name: 'Silver Shoes', properties: { magic: true, pairs: 1 } });

    const quest = (
      await t.app.inject({
        method: 'POST',
        url: `${base}/quests`,
        headers: owner.headers,
        payload: { name: 'Find the Wizard', status: 'active', isOptional: true, difficulty: 7 },
      })
    ).json<{ questId: string }>();
    await t.app.inject({
      method: 'PUT',
      url: `${base}/quests/${quest.questId}`,
      headers: owner.headers,
      payload: { name: 'Melt the Witch', status: 'completed', isOptional: false, difficulty: 3 },
    });
    const questHistory = (
      await t.app.inject({ url: `${base}/history/quest/${quest.questId}`, headers: owner.headers })
    ).json<HistoryPage>();
    const questRestore = await t.app.inject({
      method: 'POST',
      url: `${base}/history/quest/${quest.questId}/${present(questHistory.data.at(-1), "the quest's creation").sequence}/restore`,
      headers: owner.headers,
    });
    expect(questRestore.statusCode).toBe(200);
    expect(questRestore.json()).toMatchObject({ name: 'Find the Wizard', status: 'active', isOptional: true, difficulty: 7 });
  });

  it('answers a bad entity type or sequence with a 400 that names the allowed values', async () => {
    const { character, world, owner } = await createCharacter(t.app);
    const badType = await t.app.inject({
      url: `/api/worlds/${world.worldId}/history/dragon/${character.characterId}`,
      headers: owner.headers,
    });
    expect(badType.statusCode).toBe(400);
    expect(badType.json<{ message: string }>().message).toContain('entityType must be one of');
    const badSequence = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/history/character/${character.characterId}/first/restore`,
      headers: owner.headers,
    });
    expect(badSequence.statusCode).toBe(400);
    expect(badSequence.json<{ message: string }>().message).toBe('sequence must be a whole number of 1 or more.');
  });
});
