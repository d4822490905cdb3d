/**
 * The list cache as a user sees it, through GET /api/worlds/{w}/characters on both databases: searches, totals
 * and deep page numbers stay exact after writes through the API and after writes made straight in the database
 * over another connection (as another app instance would), and a deep page number returns the rows that
 * walking there by cursor does. Anchors are spaced 4 rows apart so small worlds reach the deep-page path.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Character } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { present } from '../../../test/present.js';
import { openSecondConnection } from '../../../test/second-connection.js';
import { insertQuestRow } from '../../../test/factories/quest-row.js';
import { createWorld } from '../../../test/factories/world.js';
import type { TestUser } from '../../../test/factories/user.js';
import type { Db } from '../../db/database.js';
import { listCharacters } from '../../modules/characters/character.repository.js';
import { scopeOf } from '../../access/world-scope.js';
import { newId } from '../ids.js';
import { listCacheLimits } from './cache.js';
import { searchLimits } from './query.js';

interface Page {
  data: Character[];
  pagination: { currentPage: number; totalPages: number; totalItems: number; limit: number; nextCursor: string | null };
}

const defaults = { ...listCacheLimits };
const searchDefaults = { ...searchLimits };
const NAMES = ['Gwendolyn Ashdown', 'Brenna Dunmore', 'Cedric Gwenfair', 'Dagny Larkspur', 'Elowen Oakheart'];

/** Inserts `count` characters straight into the database, 1 ms apart (the database keeps the world's count). */
async function insertCharacters(db: Db, worldId: string, count: number, from = 0): Promise<string[]> {
  const ids: string[] = [];
  const rows = Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const id = newId();
    ids.push(id);
    const at = new Date(Date.UTC(2026, 0, 1, 0, 0, 0, n)).toISOString();
    return {
      id,
      world_id: worldId,
      name: `${NAMES[n % NAMES.length]} ${String(n).padStart(3, '0')}`,
      description: null,
      attributes: '{}',
      current_location_id: null,
      created_at: at,
      updated_at: at,
    };
  });
  await db.insertInto('character').values(rows).execute();
  return ids;
}

describe.each(DIALECTS)('list cache on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());
  afterEach(() => {
    Object.assign(listCacheLimits, defaults, { anchorSpacing: 4 });
  });
  Object.assign(listCacheLimits, { anchorSpacing: 4 });

  const get = async (owner: TestUser, worldId: string, query: string): Promise<Page> => {
    const response = await t.app.inject({ url: `/api/worlds/${worldId}/characters?${query}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };

  /** Every row of a list by following nextCursor from the first page. */
  const walk = async (owner: TestUser, worldId: string, query: string, limit: number): Promise<string[]> => {
    const ids: string[] = [];
    let page = await get(owner, worldId, `${query}&limit=${limit}`);
    ids.push(...page.data.map((c) => c.characterId));
    while (page.pagination.nextCursor) {
      page = await get(owner, worldId, `${query}&limit=${limit}&cursor=${page.pagination.nextCursor}`);
      ids.push(...page.data.map((c) => c.characterId));
    }
    return ids;
  };

  /** Every row of a list by asking each page number, with the totals each page reports. */
  const byPageNumber = async (owner: TestUser, worldId: string, query: string, limit: number) => {
    const first = await get(owner, worldId, `${query}&limit=${limit}`);
    const ids = first.data.map((c) => c.characterId);
    for (let page = 2; page <= first.pagination.totalPages + 1; page += 1) {
      const next = await get(owner, worldId, `${query}&limit=${limit}&page=${page}`);
      expect(next.pagination.totalItems).toBe(first.pagination.totalItems);
      if (page > first.pagination.totalPages) expect(next.data).toEqual([]);
      ids.push(...next.data.map((c) => c.characterId));
    }
    return { ids, total: first.pagination.totalItems };
  };

  /** The list as the database answers it without the cache (the same query, no content version). */
  const uncached = async (worldId: string, params: { sortBy?: string; sortOrder?: 'asc' | 'desc'; search?: string }) => {
    const world = await t.app.db.selectFrom('world').selectAll().where('id', '=', worldId).executeTakeFirstOrThrow();
    // No content version: the list is read from the database only (lib/list/index.ts worldListCache).
    const uncachedWorld = { ...world, content_version: undefined as unknown as number };
    const page = await listCharacters(t.app.db, scopeOf(uncachedWorld, world.created_by, 'owner'), { page: 1, limit: 10_000, ...params });
    return { ids: page.rows.map((row) => row.id), total: page.pagination.totalItems };
  };

  it.each([
    ['newest first', ''],
    ['name ascending', 'sortBy=name'],
    ['name descending', 'sortBy=name&sortOrder=desc'],
    ['updatedAt', 'sortBy=updatedAt&sortOrder=asc'],
  ])('a deep page number returns the rows walking there by cursor does (%s)', async (_name, query) => {
    const { world, owner } = await createWorld(t.app);
    await insertCharacters(t.app.db, world.worldId, 47);
    const cursorIds = await walk(owner, world.worldId, query, 3);
    expect(cursorIds).toHaveLength(47);
    const numbered = await byPageNumber(owner, world.worldId, query, 3);
    expect(numbered).toEqual({ ids: cursorIds, total: 47 });
    // A second pass answers from the kept anchors; it must not differ.
    expect(await byPageNumber(owner, world.worldId, query, 3)).toEqual(numbered);
  });

  it('answers search pages and totals exactly, by page number and by cursor, short terms included', async () => {
    const { world, owner } = await createWorld(t.app);
    await insertCharacters(t.app.db, world.worldId, 40);
    for (const [term, expected] of [
      ['gwen', 16],
      ['GWENDOLYN', 8],
      ['ce', 8],
      ['en', 32],
      ['zzz', 0],
    ] as const) {
      for (const query of [`search=${term}`, `search=${term}&sortBy=name`]) {
        const truth = await uncached(world.worldId, { search: term, ...(query.includes('name') ? { sortBy: 'name' } : {}) });
        expect(truth.total).toBe(expected);
        expect(await byPageNumber(owner, world.worldId, query, 3)).toEqual(truth);
        expect(await walk(owner, world.worldId, query, 3)).toEqual(truth.ids);
      }
    }
  });

  it('keeps totals, pages and searches exact after creates, edits and deletes through the API', async () => {
    const { world, owner } = await createWorld(t.app);
    const ids = await insertCharacters(t.app.db, world.worldId, 30);
    const check = async () => {
      const lists: Array<{ search?: string; sortBy?: string }> = [
        {},
        { search: 'gwen' },
        { sortBy: 'name' },
        { search: 'gwen', sortBy: 'name' },
      ];
      for (const params of lists) {
        const query = new URLSearchParams(params as Record<string, string>).toString();
        expect(await byPageNumber(owner, world.worldId, query, 4)).toEqual(await uncached(world.worldId, params));
      }
    };
    await check();
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/characters`,
      headers: owner.headers,
      payload: { name: 'Aaron Gwenlow' },
    });
    expect(created.statusCode).toBe(201);
    await check();
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${world.worldId}/characters/${ids[0]}`,
      headers: owner.headers,
      payload: { name: 'Zed Nobody' },
    });
    expect(renamed.statusCode).toBe(200);
    await check();
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/worlds/${world.worldId}/characters/${ids[5]}`,
      headers: owner.headers,
    });
    expect(deleted.statusCode).toBe(204);
    await check();
    expect((await get(owner, world.worldId, 'search=gwen')).pagination.totalItems).toBe(12 - 1 - 1 + 1);
  });

  it('sees writes made straight in the database over another connection', async () => {
    const { world, owner } = await createWorld(t.app);
    const ids = await insertCharacters(t.app.db, world.worldId, 25);
    const other = await openSecondConnection(t);
    try {
      const warm = async () => {
        await byPageNumber(owner, world.worldId, 'search=gwen', 4);
        await byPageNumber(owner, world.worldId, 'sortBy=name', 4);
      };
      await warm();
      expect((await get(owner, world.worldId, 'search=gwen')).pagination.totalItems).toBe(10);

      await insertCharacters(other.db, world.worldId, 5, 100);
      expect((await get(owner, world.worldId, 'search=gwen')).pagination.totalItems).toBe(12);
      await warm();

      await other.db
        .updateTable('character')
        .set({ name: 'Aaa Gwenhwyfar' })
        .where('id', '=', present(ids[1], 'the second character'))
        .execute();
      const search = await get(owner, world.worldId, 'search=gwenhwyfar');
      expect(search.data.map((c) => c.characterId)).toEqual([ids[1]]);
      expect(search.pagination.totalItems).toBe(1);
      expect((await get(owner, world.worldId, 'search=gwen')).pagination.totalItems).toBe(13);
      const byName = await byPageNumber(owner, world.worldId, 'sortBy=name', 4);
      expect(byName.ids[0]).toBe(ids[1]);
      await warm();

      await other.db
        .deleteFrom('character')
        .where('id', 'in', [present(ids[0], 'the first character'), present(ids[2], 'the third character')])
        .execute();
      const searched = await byPageNumber(owner, world.worldId, 'search=gwen', 4);
      expect(searched.ids).not.toContain(ids[0]);
      expect(searched).toEqual(await uncached(world.worldId, { search: 'gwen' }));
      const named = await byPageNumber(owner, world.worldId, 'sortBy=name', 4);
      expect(named.ids).toEqual((await uncached(world.worldId, { sortBy: 'name' })).ids);
      expect(named.ids).toHaveLength(28);
    } finally {
      await other.destroy();
    }
  });

  it("keeps a large scope's search totals exact across writes (the total kept per version)", async () => {
    // Every world counts as large, so searches use the full-text index (on SQLite) and keep their totals.
    Object.assign(searchLimits, { fullTextMinRows: 0 });
    try {
      const { world, owner } = await createWorld(t.app);
      const ids = await insertCharacters(t.app.db, world.worldId, 30);
      const truth = await uncached(world.worldId, { search: 'gwen' });
      expect(truth.total).toBe(12);
      expect(await byPageNumber(owner, world.worldId, 'search=gwen', 5)).toEqual(truth);
      expect(await walk(owner, world.worldId, 'search=gwen', 5)).toEqual(truth.ids);
      // A match deleted and another added: the next pages count anew.
      await t.app.db
        .deleteFrom('character')
        .where('id', '=', ids[0] ?? '')
        .execute();
      await insertCharacters(t.app.db, world.worldId, 5, 30);
      const after = await uncached(world.worldId, { search: 'gwen' });
      expect(after.total).toBe(13);
      expect(await byPageNumber(owner, world.worldId, 'search=gwen', 5)).toEqual(after);
    } finally {
      Object.assign(searchLimits, searchDefaults);
    }
  });

  it('answers a page past the end with no rows and the exact total', async () => {
    const { world, owner } = await createWorld(t.app);
    await insertCharacters(t.app.db, world.worldId, 10);
    const past = await get(owner, world.worldId, 'limit=3&page=50');
    expect(past.data).toEqual([]);
    expect(past.pagination).toMatchObject({ totalItems: 10, totalPages: 4, currentPage: 50, nextCursor: null });
    const searchPast = await get(owner, world.worldId, 'limit=3&page=50&search=gwen');
    expect(searchPast.data).toEqual([]);
    expect(searchPast.pagination).toMatchObject({ totalItems: 4, nextCursor: null });
  });

  it('keeps quest totals (no kept counter) exact per status filter when statuses change straight in the database', async () => {
    const { world, owner } = await createWorld(t.app);
    const ids: string[] = [];
    for (let i = 0; i < 9; i += 1) ids.push(await insertQuestRow(t.app, world.worldId, `Quest ${i}`));
    const total = async (path: string) => {
      const response = await t.app.inject({ url: `/api/worlds/${world.worldId}/${path}`, headers: owner.headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ pagination: { totalItems: number } }>().pagination.totalItems;
    };
    expect([await total('quests?limit=2'), await total('quests/active?limit=2')]).toEqual([9, 0]);
    const other = await openSecondConnection(t);
    try {
      await other.db.updateTable('quest').set({ status: 'active' }).where('id', 'in', ids.slice(0, 3)).execute();
      expect([await total('quests?limit=2'), await total('quests/active?limit=2')]).toEqual([9, 3]);
      await other.db.deleteFrom('quest').where('id', '=', present(ids[0], 'the first quest')).execute();
      expect([await total('quests?limit=2'), await total('quests/active?limit=2')]).toEqual([8, 2]);
    } finally {
      await other.destroy();
    }
  });
});
