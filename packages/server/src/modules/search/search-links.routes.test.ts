import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchHit, WorldSearchResponse } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createSharedWorld } from '../../../test/factories/shared-world.js';

describe.each(DIALECTS)('the world search finds relationships and connections on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /**
   * Oz with Dorothy, Toto and a secret Oscar: a public relationship and connection, a secret relationship and
   * connection, and a public relationship with Oscar (hidden with him), each saying something about the cyclone.
   */
  async function ozWithLinks() {
    const { world, owner, members, post } = await createSharedWorld(t.app, 'Oz', ['player', 'viewer']);
    const ids = async (path: string, payload: object) => (await post(path, payload)) as unknown as Record<string, string>;
    const dorothy = await ids('/characters', { name: 'Dorothy', description: 'A girl from Kansas.' });
    const toto = await ids('/characters', { name: 'Toto', description: 'A small black dog.' });
    const oscar = await ids('/characters', { name: 'Oscar', description: 'A humbug.', visibility: 'editors' });
    const cap = await ids('/items', { name: 'Golden Cap', description: 'It commands the Winged Monkeys.' });
    const friend = await ids(`/characters/${dorothy.characterId}/relationships`, {
      targetCharacterId: toto.characterId,
      relationshipType: 'friend',
      description: 'Together through the cyclone and back.',
    });
    const link = await ids('/connections', {
      sourceType: 'item',
      sourceId: cap.itemId,
      targetType: 'character',
      targetId: dorothy.characterId,
      connectionType: 'worn by',
      description: 'She finds it after the cyclone, in the castle.',
    });
    await ids(`/characters/${toto.characterId}/relationships`, {
      targetCharacterId: dorothy.characterId,
      relationshipType: 'friend',
      description: 'He hid from the cyclone under her bed, a secret.',
      visibility: 'editors',
    });
    await ids('/connections', {
      sourceType: 'character',
      sourceId: toto.characterId,
      targetType: 'item',
      targetId: cap.itemId,
      connectionType: 'chewed',
      description: 'The cyclone chewing, a secret.',
      visibility: 'editors',
    });
    await ids(`/characters/${dorothy.characterId}/relationships`, {
      targetCharacterId: oscar.characterId,
      relationshipType: 'Stranger',
      description: 'She never learns he made the cyclone.',
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${world.worldId}/tags/relationship/${friend.relationshipId}`,
      headers: owner.headers,
      payload: { tags: ['companions', 'Companionship'] },
    });
    return { world, owner, ...members, dorothy, toto, oscar, cap, friend, link };
  }

  const search = async (worldId: string, headers: Record<string, string>, q: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/worlds/${worldId}/search?q=${encodeURIComponent(q)}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<WorldSearchResponse>();
  };
  const names = (hits: SearchHit[]) => hits.map((hit) => hit.name.text).sort();

  it('finds them by description, titled by their ends and type, with the parent a link needs and the snippet', async () => {
    const oz = await ozWithLinks();
    const found = await search(oz.world.worldId, oz.owner.headers, 'cyclone');
    expect(names(found.data)).toEqual([
      'Dorothy → Oscar, Stranger',
      'Dorothy → Toto, friend',
      'Golden Cap → Dorothy, worn by',
      'Toto → Dorothy, friend',
      'Toto → Golden Cap, chewed',
    ]);
    expect(found.pagination.totalItems).toBe(5);
    const friend = found.data.find((hit) => hit.id === oz.friend.relationshipId);
    expect(friend).toEqual({
      type: 'relationship',
      id: oz.friend.relationshipId,
      parentId: oz.dorothy.characterId,
      parentType: 'character',
      match: 'text',
      name: { text: 'Dorothy → Toto, friend', highlights: [] },
      snippet: { text: 'Together through the cyclone and back.', highlights: [{ start: 21, end: 28 }] },
    });
    const link = found.data.find((hit) => hit.id === oz.link.connectionId);
    expect(link).toMatchObject({ type: 'connection', parentId: oz.cap.itemId, parentType: 'item', match: 'text' });
  });

  it('finds them by tag, and never by the names of their ends', async () => {
    const oz = await ozWithLinks();
    const tagged = await search(oz.world.worldId, oz.owner.headers, 'compan');
    expect(tagged.data.map((hit) => [hit.type, hit.match, hit.name.text])).toEqual([['relationship', 'tag', 'Dorothy → Toto, friend']]);
    const byName = await search(oz.world.worldId, oz.owner.headers, 'Toto');
    expect(byName.data.map((hit) => hit.type)).toEqual(['character']);
  });

  it('never lets a player or viewer find a secret one, or one with a secret end, nor count it', async () => {
    const oz = await ozWithLinks();
    for (const reader of [oz.player, oz.viewer]) {
      const found = await search(oz.world.worldId, reader.headers, 'cyclone');
      expect(names(found.data)).toEqual(['Dorothy → Toto, friend', 'Golden Cap → Dorothy, worn by']);
      expect(found.pagination.totalItems).toBe(2);
      expect(JSON.stringify(found)).not.toContain(oz.oscar.characterId);
      const secret = await search(oz.world.worldId, reader.headers, 'a secret');
      expect(secret.data).toEqual([]);
      expect(secret.pagination.totalItems).toBe(0);
      expect((await search(oz.world.worldId, reader.headers, 'made the cyclone')).pagination.totalItems).toBe(0);
    }
    expect((await search(oz.world.worldId, oz.owner.headers, 'a secret')).pagination.totalItems).toBe(2);
  });
});
