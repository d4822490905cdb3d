import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_MESSAGES, type DeletedEntityList, HISTORY_MESSAGES, type HistoryPage, type WorldChangePage } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter, worldCounts } from '../../../test/factories/character.js';
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
