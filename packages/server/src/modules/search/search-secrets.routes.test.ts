import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldGraph, WorldSearchResponse } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createSharedWorld } from '../../../test/factories/shared-world.js';

describe.each(DIALECTS)('search, graph and tags keep secrets on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** Oz with a public Dorothy, a secret Oscar (tagged, related to Dorothy) and a secret revealed to the player. */
  async function ozWithSecrets() {
    const { world, owner, members, post } = await createSharedWorld(t.app, 'Oz', ['player', 'viewer']);
    const { player, viewer } = members;
    const dorothy = await post('/characters', { name: 'Dorothy', description: 'A girl from Kansas, far from the Wizard.' });
    const oscar = await post('/characters', { name: 'Oscar the Wizard', description: 'A humbug from Omaha.', visibility: 'editors' });
    const glinda = await post('/characters', { name: 'Glinda the Witch', visibility: 'editors', revealedTo: [player.user.userId] });
    await post(`/characters/${dorothy.characterId}/relationships`, { targetCharacterId: oscar.characterId, relationshipType: 'friend' });
    await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${world.worldId}/tags/character/${oscar.characterId}`,
      headers: owner.headers,
      payload: { tags: ['humbug'] },
    });
    return { world, owner, player, viewer, dorothy, oscar, glinda };
  }

  const get = (worldId: string, headers: Record<string, string>, path: string) =>
    t.app.inject({ method: 'GET', url: `/api/worlds/${worldId}${path}`, headers });

  it('never lets a player or viewer find a secret, by name, typo, tag or text, while the owner finds it', async () => {
    const oz = await ozWithSecrets();
    const names = async (headers: Record<string, string>, q: string) =>
      (await get(oz.world.worldId, headers, `/search?q=${encodeURIComponent(q)}`))
        .json<WorldSearchResponse>()
        .data.map((hit) => hit.name.text);
    expect(await names(oz.owner.headers, 'wizard')).toEqual(['Oscar the Wizard', 'Dorothy']);
    expect(await names(oz.owner.headers, 'humbug')).toEqual(['Oscar the Wizard']);
    for (const reader of [oz.player, oz.viewer]) {
      expect(await names(reader.headers, 'wizard')).toEqual(['Dorothy']);
      expect(await names(reader.headers, 'oscar')).toEqual([]);
      expect(await names(reader.headers, 'Oscr')).toEqual([]);
      expect(await names(reader.headers, 'humbug')).toEqual([]);
      const body = (await get(oz.world.worldId, reader.headers, '/search?q=wizard')).body;
      expect(body).not.toContain(oz.oscar.characterId);
      expect((await get(oz.world.worldId, reader.headers, '/search?q=wizard')).json<WorldSearchResponse>().pagination.totalItems).toBe(1);
    }
    expect(await names(oz.player.headers, 'glinda')).toEqual(['Glinda the Witch']);
    expect(await names(oz.viewer.headers, 'glinda')).toEqual([]);
  });

  it('draws no secret node or edge for a player, and lists no tag only a secret carries', async () => {
    const oz = await ozWithSecrets();
    const owner = (await get(oz.world.worldId, oz.owner.headers, '/graph')).json<WorldGraph>();
    expect(owner.nodes.map((node) => node.name).sort()).toEqual(['Dorothy', 'Glinda the Witch', 'Oscar the Wizard']);
    expect(owner.edges).toHaveLength(1);
    const player = await get(oz.world.worldId, oz.player.headers, '/graph');
    expect(
      player
        .json<WorldGraph>()
        .nodes.map((node) => node.name)
        .sort(),
    ).toEqual(['Dorothy', 'Glinda the Witch']);
    expect(player.json<WorldGraph>().edges).toEqual([]);
    expect(player.body).not.toContain(oz.oscar.characterId);
    expect((await get(oz.world.worldId, oz.owner.headers, '/tags')).json()).toEqual({ data: [{ tag: 'humbug', count: 1 }] });
    expect((await get(oz.world.worldId, oz.viewer.headers, '/tags')).json()).toEqual({ data: [] });
    const secretTags = await get(oz.world.worldId, oz.viewer.headers, `/tags/character/${oz.oscar.characterId}`);
    expect(secretTags.statusCode).toBe(404);
    const write = await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${oz.world.worldId}/tags/character/${oz.dorothy.characterId}`,
      headers: oz.viewer.headers,
      payload: { tags: ['x'] },
    });
    expect(write.statusCode).toBe(403);
  });
});
