import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_MESSAGES,
  type BacklinksResponse,
  type Character,
  type DeletedEntityList,
  HISTORY_MESSAGES,
  type HistoryPage,
  type Item,
  type Quest,
  type WorldChangePage,
} from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter, worldCounts } from '../../../test/factories/character.js';
import { createItem } from '../../../test/factories/item.js';
import { addMember } from '../../../test/factories/member.js';
import type { TestUser } from '../../../test/factories/user.js';

describe.each(DIALECTS)('restoring a deleted entity on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { webhookPollMs: 0 });
  });
  afterAll(async () => t.close());

  const deletedList = async (worldId: string, user: TestUser) =>
    t.app.inject({ url: `/api/worlds/${worldId}/history/deleted`, headers: user.headers });
  const remove = async (url: string, user: TestUser) =>
    expect((await t.app.inject({ method: 'DELETE', url, headers: user.headers })).statusCode).toBe(204);

  it('lists a deleted character for editors and brings it back with its id, fields and creator, as a new change', async () => {
    const { character, world, owner } = await createCharacter(t.app, {
      name: 'Toto',
      description: 'A small black dog',
      attributes: { bark: 3 },
    });
    const editor = await addMember(t.app, owner, world.worldId, 'editor');
    const base = `/api/worlds/${world.worldId}`;
    const before = await worldCounts(t.app, owner, world.worldId);
    await remove(`${base}/characters/${character.characterId}`, editor);
    expect((await t.app.inject({ url: `${base}/characters/${character.characterId}`, headers: owner.headers })).statusCode).toBe(404);

    const list = (await deletedList(world.worldId, editor)).json<DeletedEntityList>().data;
    expect(list).toEqual([
      expect.objectContaining({
        entityType: 'character',
        entityId: character.characterId,
        name: 'Toto',
        deletedBy: editor.user.userId,
        deletedByUsername: editor.user.username,
      }),
    ]);
    const restored = await t.app.inject({
      method: 'POST',
      url: `${base}/history/character/${character.characterId}/${list[0]?.sequence}/restore`,
      headers: editor.headers,
    });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({
      characterId: character.characterId,
      name: 'Toto',
      description: 'A small black dog',
      attributes: { bark: 3 },
    });
    expect(typeof restored.headers.etag).toBe('string');

    const page = await t.app.inject({ url: `${base}/characters/${character.characterId}`, headers: owner.headers });
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({ name: 'Toto', createdBy: owner.user.userId, updatedBy: editor.user.userId });
    expect(await worldCounts(t.app, owner, world.worldId)).toEqual(before);
    expect((await deletedList(world.worldId, owner)).json<DeletedEntityList>().data).toEqual([]);
    // In the history and the feed like any write: a creation by whoever restored it.
    const history = (
      await t.app.inject({ url: `${base}/history/character/${character.characterId}`, headers: owner.headers })
    ).json<HistoryPage>();
    expect(history.deleted).toBe(false);
    expect(history.data.map((entry) => [entry.action, entry.by])).toEqual([
      ['created', editor.user.userId],
      ['deleted', editor.user.userId],
      ['created', owner.user.userId],
    ]);
    const feed = (await t.app.inject({ url: `${base}/changes?limit=1000`, headers: owner.headers })).json<WorldChangePage>().data;
    expect(feed.at(-1)).toMatchObject({
      entityType: 'character',
      entityId: character.characterId,
      action: 'created',
      by: editor.user.userId,
    });
  });

  it('brings a character back with its active quests and its mentions: backlinks list it again and texts link to it again', async () => {
    const { world, owner } = await createCharacter(t.app, { name: 'Glinda' });
    const base = `/api/worlds/${world.worldId}`;
    const quest = async (name: string): Promise<Quest> => {
      const response = await t.app.inject({ method: 'POST', url: `${base}/quests`, headers: owner.headers, payload: { name } });
      expect(response.statusCode).toBe(201);
      return response.json<Quest>();
    };
    const [ruby, road, wizard] = [await quest('Keep the ruby slippers'), await quest('Follow the road'), await quest('See the Wizard')];
    const { item: slippers } = await createItem(t.app, { world, owner, name: 'Ruby slippers' });
    const mentionOf = (type: string, id: string, label: string) =>
      `<span data-type="mention" data-entity-type="${type}" data-id="${id}">${label}</span>`;
    const { character: dorothy } = await createCharacter(t.app, {
      world,
      owner,
      name: 'Dorothy',
      descriptionHtml: `<p>Wears the ${mentionOf('item', slippers.itemId, 'slippers')}</p>`,
      activeQuests: [road.questId, ruby.questId, wizard.questId],
    });
    const { item: basket } = await createItem(t.app, {
      world,
      owner,
      name: 'Basket',
      descriptionHtml: `<p>Carried by ${mentionOf('character', dorothy.characterId, 'Dorothy')}</p>`,
    });
    const backlinksOfSlippers = async () =>
      (await t.app.inject({ url: `${base}/items/${slippers.itemId}/backlinks`, headers: owner.headers })).json<BacklinksResponse>().data;
    const basketHtml = async () =>
      (await t.app.inject({ url: `${base}/items/${basket.itemId}`, headers: owner.headers })).json<Item>().descriptionHtml;
    const dorothyLink = `data-id="${dorothy.characterId}">Dorothy</span>`;
    // The links as the character answered them (in the order it keeps), less the quest deleted below.
    const kept = dorothy.activeQuests.filter((id) => id !== wizard.questId);
    expect(kept).toHaveLength(2);
    expect(await backlinksOfSlippers()).toEqual([expect.objectContaining({ type: 'character', id: dorothy.characterId, name: 'Dorothy' })]);
    expect(await basketHtml()).toContain(dorothyLink);

    await remove(`${base}/characters/${dorothy.characterId}`, owner);
    expect(await backlinksOfSlippers()).toEqual([]);
    expect(await basketHtml()).toBe('<p>Carried by Dorothy</p>');
    // A quest deleted meanwhile does not come back as a link, nor stop the others.
    await remove(`${base}/quests/${wizard.questId}`, owner);

    const entry = (await deletedList(world.worldId, owner)).json<DeletedEntityList>().data.find((one) => one.entityType === 'character');
    const restored = await t.app.inject({
      method: 'POST',
      url: `${base}/history/character/${dorothy.characterId}/${entry?.sequence}/restore`,
      headers: owner.headers,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Character>().activeQuests).toEqual(kept);
    const page = (await t.app.inject({ url: `${base}/characters/${dorothy.characterId}`, headers: owner.headers })).json<Character>();
    expect(page.activeQuests).toEqual(kept);
    expect(page.descriptionHtml).toContain(`data-id="${slippers.itemId}">Ruby slippers</span>`);
    expect(await backlinksOfSlippers()).toEqual([expect.objectContaining({ type: 'character', id: dorothy.characterId, name: 'Dorothy' })]);
    expect(await basketHtml()).toContain(dorothyLink);

    // Deleted again, it comes back with the same links (they were kept again), not twice.
    await remove(`${base}/characters/${dorothy.characterId}`, owner);
    const again = (await deletedList(world.worldId, owner)).json<DeletedEntityList>().data.find((one) => one.entityType === 'character');
    const second = await t.app.inject({
      method: 'POST',
      url: `${base}/history/character/${dorothy.characterId}/${again?.sequence}/restore`,
      headers: owner.headers,
    });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json<Character>().activeQuests).toEqual(kept);
  });

  it('restoring an earlier version of an existing character puts its mentions back in the backlinks', async () => {
    const { world, owner } = await createCharacter(t.app, { name: 'Scarecrow' });
    const base = `/api/worlds/${world.worldId}`;
    const { item: diploma } = await createItem(t.app, { world, owner, name: 'Diploma' });
    const { character } = await createCharacter(t.app, {
      world,
      owner,
      name: 'Scarecrow',
      descriptionHtml: `<p>Holds a <span data-type="mention" data-entity-type="item" data-id="${diploma.itemId}">diploma</span></p>`,
    });
    const backlinks = async () =>
      (await t.app.inject({ url: `${base}/items/${diploma.itemId}/backlinks`, headers: owner.headers })).json<BacklinksResponse>().data;
    expect(await backlinks()).toHaveLength(1);
    const edited = await t.app.inject({
      method: 'PUT',
      url: `${base}/characters/${character.characterId}`,
      headers: owner.headers,
      payload: { name: 'Scarecrow', description: 'Has no brain', descriptionHtml: null, attributes: {} },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await backlinks()).toEqual([]);

    const history = (
      await t.app.inject({ url: `${base}/history/character/${character.characterId}`, headers: owner.headers })
    ).json<HistoryPage>();
    const created = history.data.find((one) => one.action === 'created');
    const restored = await t.app.inject({
      method: 'POST',
      url: `${base}/history/character/${character.characterId}/${created?.sequence}/restore`,
      headers: owner.headers,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json<Character>().descriptionHtml).toContain(`data-id="${diploma.itemId}">Diploma</span>`);
    expect(await backlinks()).toEqual([expect.objectContaining({ type: 'character', id: character.characterId, name: 'Scarecrow' })]);
  });

  it('refuses with a 409 naming what is missing while what the entity belongs to is deleted, and restores it once that is back', async () => {
    const { character, world, owner } = await createCharacter(t.app, { name: 'Dorothy' });
    const base = `/api/worlds/${world.worldId}`;
    const goal = await t.app.inject({
      method: 'POST',
      url: `${base}/characters/${character.characterId}/goals`,
      headers: owner.headers,
      payload: { title: 'Go home', description: 'Go home to Kansas', goalType: 'Personal', status: 'Pending' },
    });
    expect(goal.statusCode).toBe(201);
    const goalId = goal.json<{ goalId: string }>().goalId;
    await remove(`${base}/goals/${goalId}`, owner);
    await remove(`${base}/characters/${character.characterId}`, owner);

    const list = (await deletedList(world.worldId, owner)).json<DeletedEntityList>().data;
    expect(list.map((entry) => entry.entityType)).toEqual(['character', 'goal']);
    const goalEntry = list.find((entry) => entry.entityType === 'goal');
    const refused = await t.app.inject({
      method: 'POST',
      url: `${base}/history/goal/${goalId}/${goalEntry?.sequence}/restore`,
      headers: owner.headers,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(HISTORY_MESSAGES.parentMissing('character', 'Dorothy', 'goal'));
    expect(refused.json<{ message: string }>().message).toBe(
      'This goal belongs to the character "Dorothy", which was deleted: restore the character first.',
    );

    const characterEntry = list.find((entry) => entry.entityType === 'character');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${base}/history/character/${character.characterId}/${characterEntry?.sequence}/restore`,
          headers: owner.headers,
        })
      ).statusCode,
    ).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: `${base}/history/goal/${goalId}/${goalEntry?.sequence}/restore`,
      headers: owner.headers,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ goalId, characterId: character.characterId, title: 'Go home', description: 'Go home to Kansas' });
  });

  it('keeps the list and restore from players and viewers: 403, and a deleted secret stays a 404', async () => {
    const { world, owner } = await createCharacter(t.app);
    const base = `/api/worlds/${world.worldId}`;
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const viewer = await addMember(t.app, owner, world.worldId, 'viewer');
    const { character: secret } = await createCharacter(t.app, { world, owner, name: 'Ozma', visibility: 'editors' });
    await remove(`${base}/characters/${secret.characterId}`, owner);
    for (const user of [player, viewer]) {
      const refused = await deletedList(world.worldId, user);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ message: ACCESS_MESSAGES.forbidden });
      expect(refused.body).not.toContain('Ozma');
    }
    const sequence = (await deletedList(world.worldId, owner)).json<DeletedEntityList>().data[0]?.sequence;
    const hidden = await t.app.inject({
      method: 'POST',
      url: `${base}/history/character/${secret.characterId}/${sequence}/restore`,
      headers: player.headers,
    });
    expect(hidden.statusCode).toBe(404);
    expect(hidden.body).not.toContain('Ozma');
  });
});
