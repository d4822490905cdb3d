import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SinceLastVisit, VisitRecord } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { addMember } from '../../../test/factories/member.js';
import type { TestUser } from '../../../test/factories/user.js';
import { present } from '../../../test/present.js';

describe.each(DIALECTS)('since you last looked on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { webhookPollMs: 0 });
  });
  afterAll(async () => t.close());

  const since = async (worldId: string, user: TestUser) =>
    (await t.app.inject({ url: `/api/worlds/${worldId}/since-last-visit`, headers: user.headers })).json<SinceLastVisit>();
  const visit = async (worldId: string, user: TestUser) => {
    const response = await t.app.inject({ method: 'POST', url: `/api/worlds/${worldId}/visit`, headers: user.headers });
    expect(response.statusCode).toBe(200);
    return response.json<VisitRecord>();
  };

  it("lists what others changed since the member's previous visit, grouped, named, and without secrets", async () => {
    const { character: lion, world, owner } = await createCharacter(t.app, { name: 'Cowardly Lion' });
    const { character: toto } = await createCharacter(t.app, { world, owner, name: 'Toto' });
    const player = await addMember(t.app, owner, world.worldId, 'player');

    const first = await since(world.worldId, player);
    expect(first).toEqual({ previousVisitAt: null, totalEntities: 0, groups: [] });
    const recorded = await visit(world.worldId, player);
    expect(Date.parse(recorded.visitedAt)).toBeLessThanOrEqual(Date.now());

    await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${world.worldId}/characters/${lion.characterId}`,
      headers: owner.headers,
      payload: { name: 'Courageous Lion', description: null, attributes: {} },
    });
    await createCharacter(t.app, { world, owner, name: 'Wicked Witch of the West', visibility: 'editors' });
    await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/items`,
      headers: owner.headers,
      payload: { name: 'Silver Shoes' },
    });
    await t.app.inject({ method: 'DELETE', url: `/api/worlds/${world.worldId}/characters/${toto.characterId}`, headers: owner.headers });

    const news = await since(world.worldId, player);
    expect(news.previousVisitAt).toBe(recorded.visitedAt);
    expect(news.totalEntities).toBe(3);
    expect(JSON.stringify(news)).not.toContain('Wicked Witch');
    expect(news.groups.map((group) => group.entityType)).toEqual(['character', 'item']);
    expect(present(news.groups[0], 'the character group').entities.map((entity) => [entity.name, entity.actions, entity.deleted])).toEqual([
      ['Toto', ['deleted'], true],
      ['Courageous Lion', ['updated'], false],
    ]);
    expect(present(news.groups[1], 'the item group').entities[0]).toMatchObject({
      name: 'Silver Shoes',
      actions: ['created'],
      lastBy: owner.user.userId,
      lastByUsername: owner.user.username,
    });

    // The owner's own changes are no news to the owner.
    await visit(world.worldId, owner);
    await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/items`,
      headers: owner.headers,
      payload: { name: 'Golden Cap' },
    });
    expect((await since(world.worldId, owner)).totalEntities).toBe(0);

    // A new visit starts the list again.
    await visit(world.worldId, player);
    const after = await since(world.worldId, player);
    expect(after.totalEntities).toBe(0);
    expect(after.groups).toEqual([]);
  });

  it('answers a stranger 404, as for any world they are not in', async () => {
    const { world } = await createCharacter(t.app);
    const { owner: stranger } = await createCharacter(t.app);
    expect((await t.app.inject({ url: `/api/worlds/${world.worldId}/since-last-visit`, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/worlds/${world.worldId}/visit`, headers: stranger.headers })).statusCode).toBe(
      404,
    );
  });
});
