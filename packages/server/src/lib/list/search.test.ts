/**
 * Search ranks name matches first (usability review, item 7: a search for "Dorothy" must show Dorothy on page 1
 * even when newer characters merely mention her), on both databases: through the characters list (served
 * through the list cache), with SQLite's full-text index and without it, and through a character's
 * relationships (read from the database); page numbers, cursors and totals agree with that order.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Character, Relationship } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createRelationship } from '../../../test/factories/relationship.js';
import { createWorld } from '../../../test/factories/world.js';
import type { TestUser } from '../../../test/factories/user.js';
import { searchLimits } from './query.js';

interface Page<T> {
  data: T[];
  pagination: { currentPage: number; totalPages: number; totalItems: number; limit: number; nextCursor: string | null };
}

const defaults = { ...searchLimits };

describe.each(DIALECTS)('search ranks name matches first on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());
  afterEach(() => {
    Object.assign(searchLimits, defaults);
  });

  const get = async <T>(owner: TestUser, url: string): Promise<Page<T>> => {
    const response = await t.app.inject({ url, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<T>>();
  };

  /** A world with Dorothy created first, then six characters whose descriptions name her, then two others. */
  const ozWorld = async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const add = async (name: string, description: string | null) =>
      (await createCharacter(t.app, { world, owner, name, description })).character;
    const dorothy = await add('Dorothy Gale', 'A girl from Kansas');
    const mentions: Character[] = [];
    for (const name of ['Scarecrow', 'Tin Woodman', 'Cowardly Lion', 'Toto', 'Glinda', 'Wizard']) {
      mentions.push(await add(name, `Travels with dorothy to the Emerald City`));
    }
    const dot = await add('Dorothea of the North', null);
    await add('Ozma', 'Ruler of Oz');
    await add('Jellia Jamb', null);
    return { world, owner, dorothy, dot, mentions };
  };

  /** Every row of a list by following nextCursor from the first page. */
  const walk = async <T>(owner: TestUser, url: string): Promise<T[]> => {
    let page = await get<T>(owner, url);
    const rows = [...page.data];
    while (page.pagination.nextCursor) {
      page = await get<T>(owner, `${url}&cursor=${page.pagination.nextCursor}`);
      rows.push(...page.data);
    }
    return rows;
  };

  it('lists the characters named "Dorothy" before newer ones that only mention her, in the requested order within each group', async () => {
    const { world, owner, dorothy, dot, mentions } = await ozWorld();
    const base = `/api/worlds/${world.worldId}/characters?search=Doro`;

    const first = await get<Character>(owner, `${base}&limit=2`);
    expect(first.data.map((c) => c.name)).toEqual(['Dorothea of the North', 'Dorothy Gale']);
    expect(first.pagination).toMatchObject({ totalItems: 8, totalPages: 4 });

    const newestFirst = [...mentions].reverse().map((c) => c.characterId);
    const expected = [dot.characterId, dorothy.characterId, ...newestFirst];
    expect((await walk<Character>(owner, `${base}&limit=3`)).map((c) => c.characterId)).toEqual(expected);
    const byNumber: string[] = [];
    for (let page = 1; page <= 3; page += 1)
      byNumber.push(...(await get<Character>(owner, `${base}&limit=3&page=${page}`)).data.map((c) => c.characterId));
    expect(byNumber).toEqual(expected);

    const byName = await walk<Character>(owner, `${base}&limit=3&sortBy=name&sortOrder=asc`);
    expect(byName.map((c) => c.name)).toEqual([
      'Dorothea of the North',
      'Dorothy Gale',
      'Cowardly Lion',
      'Glinda',
      'Scarecrow',
      'Tin Woodman',
      'Toto',
      'Wizard',
    ]);
  });

  it('ranks the same way with the full-text index and keeps a cursor to its own search order', async () => {
    const { world, owner } = await ozWorld();
    const base = `/api/worlds/${world.worldId}/characters?search=dorothy&limit=4&sortBy=name&sortOrder=desc`;
    const scanned = await walk<Character>(owner, base);
    searchLimits.fullTextMinRows = 0;
    const indexed = await walk<Character>(owner, base.replace('dorothy', 'DOROTHY'));
    expect(indexed.map((c) => c.characterId)).toEqual(scanned.map((c) => c.characterId));
    expect(scanned[0]?.name).toBe('Dorothy Gale');
    expect(scanned.map((c) => c.name).slice(1)).toEqual(['Wizard', 'Toto', 'Tin Woodman', 'Scarecrow', 'Glinda', 'Cowardly Lion']);

    const unsearched = await get<Character>(owner, `/api/worlds/${world.worldId}/characters?limit=2&sortBy=name&sortOrder=desc`);
    const misused = await t.app.inject({ url: `${base}&cursor=${unsearched.pagination.nextCursor ?? ''}`, headers: owner.headers });
    expect(misused.statusCode).toBe(400);
    expect(misused.json<{ message: string }>().message).toBe(
      'The cursor was made for another sort order; start again from the first page.',
    );
  });

  it('finds wildcards and quotes as plain text, term after term, in small and large worlds alike, with a page past the end still counted', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    for (const [name, description] of [
      ['50% off "coupon"', null],
      ['5000 off', 'not a coupon'],
      ['Snake_case', 'under_score'],
      ['Quoted', 'says "hello"'],
    ] as const) {
      await createCharacter(t.app, { world, owner, name, description });
    }
    const names = async (term: string, query = '') =>
      (await get<Character>(owner, `/api/worlds/${world.worldId}/characters?search=${encodeURIComponent(term)}${query}`)).data
        .map((c) => c.name)
        .sort();
    // Each search reuses the statement compiled for the first, with its own term bound. A small world's search reads
    // its rows (on PostgreSQL without the trigram indexes); a large one's asks the indexes: both find the same rows.
    for (const fullTextMinRows of [defaults.fullTextMinRows, 0]) {
      searchLimits.fullTextMinRows = fullTextMinRows;
      expect(await names('50%')).toEqual(['50% off "coupon"']);
      expect(await names('e_c')).toEqual(['Snake_case']);
      expect(await names('"hello"')).toEqual(['Quoted']);
      expect(await names('coupon')).toEqual(['50% off "coupon"', '5000 off']);
      expect(await names('OFF', '&sortBy=name')).toEqual(['50% off "coupon"', '5000 off']);
      expect(await names('sCoRe')).toEqual(['Snake_case']);
    }
    searchLimits.fullTextMinRows = defaults.fullTextMinRows;
    const past = await get<Character>(owner, `/api/worlds/${world.worldId}/characters?search=off&page=3&limit=1`);
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ totalItems: 2, totalPages: 2 });
  });

  it("ranks a character's relationships whose target is named by the search before those whose description mentions it", async () => {
    const { world, owner, dorothy, dot, mentions } = await ozWorld();
    const [scarecrow, tin, lion] = mentions;
    if (!scarecrow || !tin || !lion) throw new Error('the world has its characters');
    const toDorothy = await createRelationship(t.app, owner, world.worldId, scarecrow.characterId, {
      targetCharacterId: dorothy.characterId,
      description: 'Best friends',
    });
    const aboutDorothy = await createRelationship(t.app, owner, world.worldId, scarecrow.characterId, {
      targetCharacterId: tin.characterId,
      description: 'Both walk with Dorothy',
    });
    const alsoAbout = await createRelationship(t.app, owner, world.worldId, scarecrow.characterId, {
      targetCharacterId: lion.characterId,
      description: "Met on Dorothy's road",
    });
    await createRelationship(t.app, owner, world.worldId, scarecrow.characterId, {
      targetCharacterId: dot.characterId,
      description: 'Never met',
    });
    const url = `/api/worlds/${world.worldId}/characters/${scarecrow.characterId}/relationships?search=dorothy&limit=1`;
    const rows = await walk<Relationship>(owner, url);
    expect(rows.map((r) => r.relationshipId)).toEqual([toDorothy.relationshipId, alsoAbout.relationshipId, aboutDorothy.relationshipId]);
    expect((await get<Relationship>(owner, url)).pagination.totalItems).toBe(3);
    expect((await get<Relationship>(owner, `${url}&page=3`)).data.map((r) => r.relationshipId)).toEqual([aboutDorothy.relationshipId]);
  });
});
