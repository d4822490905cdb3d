import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityTags, ErrorResponse, Pagination, WorldSearchResponse } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createItem } from '../../../test/factories/item.js';
import { createWorld } from '../../../test/factories/world.js';

/** A page of a list answer. */
interface Page<T> {
  data: T[];
  pagination: Pagination;
}

describe.each(DIALECTS)('tags on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function buildOz() {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const { character: witch } = await createCharacter(t.app, {
      world,
      owner,
      name: 'Wicked Witch of the West',
      description: 'Rules the Winkies.',
    });
    const { character: glinda } = await createCharacter(t.app, { world, owner, name: 'Glinda', description: 'Good.' });
    const { item: cap } = await createItem(t.app, { world, owner, name: 'Golden Cap' });
    const put = (type: string, id: string, tags: unknown) =>
      t.app.inject({ method: 'PUT', url: `/api/worlds/${world.worldId}/tags/${type}/${id}`, headers: owner.headers, payload: { tags } });
    return { world, owner, witch, glinda, cap, put };
  }

  it("replaces and reads an entity's tags, keeping one spelling per tag, and counts them per world", async () => {
    const oz = await buildOz();
    const put = await oz.put('character', oz.witch.characterId, [' Villain ', 'magic', 'villain', 'West']);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ entityType: 'character', entityId: oz.witch.characterId, tags: ['magic', 'Villain', 'West'] });
    await oz.put('character', oz.glinda.characterId, ['Magic', 'south']);
    await oz.put('item', oz.cap.itemId, ['magic']);
    const read = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${oz.world.worldId}/tags/character/${oz.witch.characterId}`,
      headers: oz.owner.headers,
    });
    expect(read.json<EntityTags>().tags).toEqual(['magic', 'Villain', 'West']);
    const world = await t.app.inject({ method: 'GET', url: `/api/worlds/${oz.world.worldId}/tags`, headers: oz.owner.headers });
    expect(world.json()).toEqual({
      data: [
        { tag: 'Magic', count: 3 },
        { tag: 'south', count: 1 },
        { tag: 'Villain', count: 1 },
        { tag: 'West', count: 1 },
      ],
    });
    expect((await oz.put('character', oz.witch.characterId, [])).json<EntityTags>().tags).toEqual([]);
  });

  it('filters lists by tag in any case', async () => {
    const oz = await buildOz();
    await oz.put('character', oz.witch.characterId, ['Villain']);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${oz.world.worldId}/characters?tag=VILLAIN`,
      headers: oz.owner.headers,
    });
    expect(list.json<Page<{ name: string }>>().data.map((c) => c.name)).toEqual(['Wicked Witch of the West']);
    expect(list.json<Page<{ name: string }>>().pagination.totalItems).toBe(1);
    const none = await t.app.inject({ method: 'GET', url: `/api/worlds/${oz.world.worldId}/items?tag=villain`, headers: oz.owner.headers });
    expect(none.json<Page<unknown>>().pagination.totalItems).toBe(0);
  });

  it('lets the world search find an entity by a tag starting with the query, after name matches', async () => {
    const oz = await buildOz();
    await oz.put('character', oz.glinda.characterId, ['Witchcraft']);
    const search = await t.app.inject({ method: 'GET', url: `/api/worlds/${oz.world.worldId}/search?q=witch`, headers: oz.owner.headers });
    expect(search.json<WorldSearchResponse>().data.map((hit) => [hit.name.text, hit.match])).toEqual([
      ['Wicked Witch of the West', 'contains'],
      ['Glinda', 'tag'],
    ]);
  });

  it('rejects bad tags with a clear message and answers 404 for an entity not in the world', async () => {
    const oz = await buildOz();
    const empty = await oz.put('character', oz.witch.characterId, ['  ']);
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorResponse>().message).toContain('A tag cannot be empty.');
    const long = await oz.put('character', oz.witch.characterId, ['x'.repeat(41)]);
    expect(long.json<ErrorResponse>().message).toContain('A tag must be no more than 40 characters.');
    const many = await oz.put(
      'character',
      oz.witch.characterId,
      Array.from({ length: 21 }, (_, i) => `t${i}`),
    );
    expect(many.json<ErrorResponse>().message).toContain('An entity can carry no more than 20 tags.');
    const wrongType = await oz.put('character', oz.cap.itemId, ['magic']);
    expect(wrongType.statusCode).toBe(404);
    expect(wrongType.json<ErrorResponse>().message).toBe('Character not found.');
    const badType = await oz.put('wizard', oz.cap.itemId, ['magic']);
    expect(badType.statusCode).toBe(400);
  });

  it("drops an entity's tags when it is deleted", async () => {
    const oz = await buildOz();
    await oz.put('item', oz.cap.itemId, ['magic']);
    await t.app.inject({ method: 'DELETE', url: `/api/worlds/${oz.world.worldId}/items/${oz.cap.itemId}`, headers: oz.owner.headers });
    const world = await t.app.inject({ method: 'GET', url: `/api/worlds/${oz.world.worldId}/tags`, headers: oz.owner.headers });
    expect(world.json()).toEqual({ data: [] });
  });
});
