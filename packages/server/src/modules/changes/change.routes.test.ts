import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { LIVE_MESSAGES, type WorldChangePage } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { addMember } from '../../../test/factories/member.js';
import { createTimeline } from '../../../test/factories/timeline.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';
import type { TestUser } from '../../../test/factories/user.js';

describe.each(DIALECTS)('GET /api/worlds/{worldId}/changes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const changes = async (worldId: string, user: TestUser, query = '') => {
    const response = await t.app.inject({ url: `/api/worlds/${worldId}/changes${query}`, headers: user.headers });
    expect(response.statusCode).toBe(200);
    return response.json<WorldChangePage>();
  };

  it('lists every committed write of the world in order, with who made it, deletes included', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const editor = await addMember(t.app, owner, world.worldId, 'editor');
    const { character } = await createCharacter(t.app, { world, owner, name: 'Cowardly Lion' });
    const url = `/api/worlds/${world.worldId}/characters/${character.characterId}`;
    const renamed = await t.app.inject({ method: 'PUT', url, headers: editor.headers, payload: { ...character, name: 'Brave Lion' } });
    expect(renamed.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url, headers: editor.headers })).statusCode).toBe(204);

    const page = await changes(world.worldId, owner);
    const mine = page.data.filter((change) => change.entityType === 'character');
    expect(mine.map((change) => [change.action, change.by])).toEqual([
      ['created', owner.user.userId],
      ['updated', editor.user.userId],
      ['deleted', editor.user.userId],
    ]);
    expect(page.data.map((change) => change.sequence)).toEqual(page.data.map((_, index) => index + 1));
    expect(page.data[0]).toMatchObject({ entityType: 'world', entityId: world.worldId, action: 'created' });
    expect(page.data.some((change) => change.entityType === 'member' && change.entityId === editor.user.userId)).toBe(true);
    expect(page.hasMore).toBe(false);
    expect(page.nextAfter).toBe(page.data.at(-1)?.sequence);
  });

  it('records an edit sent with If-Match as one change, as the same edit without it', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const { character } = await createCharacter(t.app, { world, owner, name: 'Scarecrow' });
    const etag = `W/"${character.updatedAt}"`;
    const url = `/api/worlds/${world.worldId}/characters/${character.characterId}`;
    const headers = { ...owner.headers, 'if-match': etag };
    const edited = await t.app.inject({ method: 'PUT', url, headers, payload: { ...character, name: 'Wise Scarecrow' } });
    expect(edited.statusCode).toBe(200);
    const stale = await t.app.inject({ method: 'PUT', url, headers, payload: { ...character, name: 'Foolish Scarecrow' } });
    expect(stale.statusCode).toBe(409);
    const after = await t.app.inject({ url, headers: owner.headers });
    expect(after.json<{ name: string }>().name).toBe('Wise Scarecrow');
    expect(after.headers.etag).toBe(edited.headers.etag);
    expect(edited.headers.etag).not.toBe(etag);

    const mine = (await changes(world.worldId, owner)).data.filter((change) => change.entityType === 'character');
    expect(mine.map((change) => change.action)).toEqual(['created', 'updated']);
  });

  it('records each edit once, with a later version, when edits of one row come within one millisecond', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const { character } = await createCharacter(t.app, { world, owner, name: 'Tin Man' });
    const url = `/api/worlds/${world.worldId}/characters/${character.characterId}`;
    // Every write below is stamped with the same instant, as writes that come within one millisecond are.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(character.updatedAt) });
    const etags: string[] = [];
    try {
      for (const name of ['Tin Woodman', 'Emperor of the Winkies']) {
        const edited = await t.app.inject({ method: 'PUT', url, headers: owner.headers, payload: { ...character, name } });
        expect(edited.statusCode).toBe(200);
        etags.push(String(edited.headers.etag));
      }
    } finally {
      vi.useRealTimers();
    }
    expect(new Set([`W/"${character.updatedAt}"`, ...etags]).size).toBe(3);
    const after = await t.app.inject({ url, headers: owner.headers });
    expect(after.headers.etag).toBe(etags[1]);

    const mine = (await changes(world.worldId, owner)).data.filter((change) => change.entityType === 'character');
    expect(mine.map((change) => change.action)).toEqual(['created', 'updated', 'updated']);
  });

  it('names who deleted a row, not its last author, after reads and writes of others came and went', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const editor = await addMember(t.app, owner, world.worldId, 'editor');
    const { character } = await createCharacter(t.app, { world, owner, name: 'Kalidah' });
    const url = `/api/worlds/${world.worldId}/characters/${character.characterId}`;
    // Reads run without an actor and writes with one; each ends before the next starts.
    expect((await t.app.inject({ url, headers: editor.headers })).statusCode).toBe(200);
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/items`,
      headers: owner.headers,
      payload: { name: 'Axe' },
    });
    expect(other.statusCode).toBe(201);
    expect((await t.app.inject({ url, headers: owner.headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url, headers: editor.headers })).statusCode).toBe(204);

    const mine = (await changes(world.worldId, owner)).data.filter((change) => change.entityType === 'character');
    expect(mine.map((change) => [change.action, change.by])).toEqual([
      ['created', owner.user.userId],
      ['deleted', editor.user.userId],
    ]);
  });

  it("records a quest's objectives in the quest's world, and nothing of a deleted world", async () => {
    const { world, owner } = await createWorld(t.app);
    const quest = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/quests`,
      headers: owner.headers,
      payload: { name: 'Reach the Emerald City', status: 'active' },
    });
    expect(quest.statusCode).toBe(201);
    const questId = quest.json<{ questId: string }>().questId;
    const objective = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/quests/${questId}/objectives`,
      headers: owner.headers,
      payload: { description: 'Follow the yellow brick road', target: 100 },
    });
    expect(objective.statusCode).toBe(201);
    const page = await changes(world.worldId, owner);
    expect(page.data.filter((change) => change.entityType === 'objective').map((change) => [change.action, change.by])).toEqual([
      ['created', owner.user.userId],
    ]);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/worlds/${world.worldId}`, headers: owner.headers })).statusCode).toBe(204);
    const left = await t.app.db.selectFrom('world_change').select('sequence').where('world_id', '=', world.worldId).execute();
    expect(left).toEqual([]);
  });

  it('reads on from a sequence number, a page at a time', async () => {
    const { world, owner } = await createWorld(t.app);
    for (const name of ['Scarecrow', 'Tin Man', 'Toto']) await createCharacter(t.app, { world, owner, name });
    const first = await changes(world.worldId, owner, '?limit=2');
    expect(first.data.map((change) => change.sequence)).toEqual([1, 2]);
    expect(first.hasMore).toBe(true);
    const rest = await changes(world.worldId, owner, `?after=${first.nextAfter}`);
    expect(rest.data.map((change) => change.sequence)).toEqual([3, 4, 5]);
    expect(rest.hasMore).toBe(false);
  });

  it('never names a secret, its parts or its children to a player, but shows one revealed to them', async () => {
    const { world, owner } = await createWorld(t.app);
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const other = await addMember(t.app, owner, world.worldId, 'player');
    const { character: secret } = await createCharacter(t.app, { world, owner, name: 'Ozma', visibility: 'editors' });
    const { character: revealed } = await createCharacter(t.app, {
      world,
      owner,
      name: 'Glinda',
      visibility: 'editors',
      revealedTo: [player.user.userId],
    });
    const { timeline } = await createTimeline(t.app, { world, owner, name: 'Hidden history', visibility: 'editors' });
    const event = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/events`,
      headers: owner.headers,
      payload: { name: 'The swap', dateTime: '1900-05-02T00:00:00Z', timelineId: timeline.timelineId },
    });
    expect(event.statusCode).toBe(201);
    const eventId = event.json<{ eventId: string }>().eventId;
    const secretUrl = `/api/worlds/${world.worldId}/characters/${secret.characterId}`;
    expect((await t.app.inject({ method: 'DELETE', url: secretUrl, headers: owner.headers })).statusCode).toBe(204);

    const hidden = [secret.characterId, timeline.timelineId, eventId];
    const seenBy = async (user: TestUser) => (await changes(world.worldId, user)).data.map((change) => change.entityId);
    const playerSees = await seenBy(player);
    for (const id of hidden) expect(playerSees).not.toContain(id);
    expect(playerSees).toContain(revealed.characterId);
    expect(await seenBy(other)).not.toContain(revealed.characterId);
    const ownerSees = await seenBy(owner);
    for (const id of [...hidden, revealed.characterId]) expect(ownerSees).toContain(id);
  });

  it('answers 400 with a message for a bad after or limit, and 404 to a non-member', async () => {
    const { world, owner } = await createWorld(t.app);
    const bad = await t.app.inject({ url: `/api/worlds/${world.worldId}/changes?after=-1`, headers: owner.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain(LIVE_MESSAGES.afterInvalid);
    const tooMany = await t.app.inject({ url: `/api/worlds/${world.worldId}/changes?limit=5000`, headers: owner.headers });
    expect(tooMany.statusCode).toBe(400);
    const stranger = await createUser(t.app);
    expect((await t.app.inject({ url: `/api/worlds/${world.worldId}/changes`, headers: stranger.headers })).statusCode).toBe(404);
  });
});
