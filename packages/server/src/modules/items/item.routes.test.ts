import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, Item, Pagination, World } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { insertRawCharacter } from '../../../test/factories/raw-entities.js';
import { connectionExists, insertConnectionRow } from '../../../test/factories/connection-row.js';
import { createItem } from '../../../test/factories/item.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('items on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const itemsUrl = (world: World) => `/api/worlds/${world.worldId}/items`;
  const readWorld = async (world: World, headers: { authorization: string }) =>
    (await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}`, headers })).json<World>();

  describe('POST /api/worlds/{worldId}/items', () => {
    it('creates an item with its JSON properties and counts it in the world', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: itemsUrl(world),
        headers: owner.headers,
        payload: { name: 'Silver Shoes', description: 'Click the heels', properties: { magic: true, weight: 2 } },
      });
      expect(response.statusCode).toBe(201);
      const item = response.json<Item>();
      expect(item).toMatchObject({
        worldId: world.worldId,
        name: 'Silver Shoes',
        description: 'Click the heels',
        properties: { magic: true, weight: 2 },
        attributes: {},
      });
      expect(item.itemId).toMatch(/^[0-9a-f-]{36}$/);
      expect(item.createdAt).toMatch(/Z$/);
      expect((await readWorld(world, owner.headers)).counts.items).toBe(1);
    });

    it('defaults missing properties and attributes to empty objects and a blank description to null', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: itemsUrl(world),
        headers: owner.headers,
        payload: { name: 'Oil can', description: '' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ description: null, properties: {}, attributes: {} });
    });

    it("rejects a missing or blank name with 'Name is required.'", async () => {
      const { world, owner } = await createWorld(t.app);
      for (const payload of [{}, { name: '  ' }, { name: null }]) {
        const response = await t.app.inject({ method: 'POST', url: itemsUrl(world), headers: owner.headers, payload });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { name: 'Name is required.' } });
      }
    });

    it("rejects a one-character name with 'Name must be at least 2 characters.'", async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({ method: 'POST', url: itemsUrl(world), headers: owner.headers, payload: { name: 'X' } });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fields?.name).toBe('Name must be at least 2 characters.');
    });

    it("rejects properties that are not a JSON object with 'Properties field contains invalid JSON.'", async () => {
      const { world, owner } = await createWorld(t.app);
      for (const properties of ['{not json', [1, 2], 42, 'text']) {
        const response = await t.app.inject({
          method: 'POST',
          url: itemsUrl(world),
          headers: owner.headers,
          payload: { name: 'Broom', properties },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorResponse>().fields?.properties).toBe('Properties field contains invalid JSON.');
      }
      expect((await readWorld(world, owner.headers)).counts.items).toBe(0);
    });

    it('answers 400, never 500, for a body that is not an object or not JSON', async () => {
      const { world, owner } = await createWorld(t.app);
      const array = await t.app.inject({ method: 'POST', url: itemsUrl(world), headers: owner.headers, payload: [1] });
      expect(array.statusCode).toBe(400);
      const broken = await t.app.inject({
        method: 'POST',
        url: itemsUrl(world),
        headers: { ...owner.headers, 'content-type': 'application/json' },
        payload: '{"name":',
      });
      expect(broken.statusCode).toBe(400);
    });
  });

  describe('GET /api/worlds/{worldId}/items', () => {
    it('pages newest first with exact totals and a cursor', async () => {
      const { world, owner } = await createWorld(t.app);
      for (const name of ['Axe', 'Basket', 'Cage']) await createItem(t.app, { world, owner, name });
      const first = await t.app.inject({ method: 'GET', url: `${itemsUrl(world)}?limit=2`, headers: owner.headers });
      expect(first.statusCode).toBe(200);
      const body = first.json<{ data: Item[]; pagination: Pagination }>();
      expect(body.data.map((i) => i.name)).toEqual(['Cage', 'Basket']);
      expect(body.pagination).toMatchObject({ currentPage: 1, totalPages: 2, totalItems: 3, limit: 2 });
      const next = await t.app.inject({
        method: 'GET',
        url: `${itemsUrl(world)}?limit=2&cursor=${String(body.pagination.nextCursor)}`,
        headers: owner.headers,
      });
      expect(next.json<{ data: Item[] }>().data.map((i) => i.name)).toEqual(['Axe']);
      const past = await t.app.inject({ method: 'GET', url: `${itemsUrl(world)}?page=5&limit=2`, headers: owner.headers });
      expect(past.json()).toMatchObject({ data: [], pagination: { currentPage: 5, totalItems: 3, totalPages: 2 } });
    });

    it('searches name and description case-insensitively, name matches first, each group sorted by name', async () => {
      const { world, owner } = await createWorld(t.app);
      await createItem(t.app, { world, owner, name: 'Ruby Slippers' });
      await createItem(t.app, { world, owner, name: 'Amulet', description: 'Set with a RUBY' });
      await createItem(t.app, { world, owner, name: 'Hat' });
      await createItem(t.app, { world, owner, name: 'Big Ruby' });
      const response = await t.app.inject({
        method: 'GET',
        url: `${itemsUrl(world)}?search=ruby&sortBy=name&sortOrder=asc`,
        headers: owner.headers,
      });
      const body = response.json<{ data: Item[]; pagination: Pagination }>();
      expect(body.data.map((i) => i.name)).toEqual(['Big Ruby', 'Ruby Slippers', 'Amulet']);
      expect(body.pagination.totalItems).toBe(3);
    });

    it('rejects an unknown sort field naming the allowed ones', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({ method: 'GET', url: `${itemsUrl(world)}?sortBy=properties`, headers: owner.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().message).toBe('sortBy must be one of: createdAt, updatedAt, name.');
    });
  });

  describe('GET, PUT and DELETE /api/worlds/{worldId}/items/{itemId}', () => {
    it('reads and replaces an item, validating PUT like create', async () => {
      const { item, world, owner } = await createItem(t.app, { name: 'Wand', properties: { charges: 3 } });
      const url = `${itemsUrl(world)}/${item.itemId}`;
      const read = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(read.json()).toEqual(item);

      const put = await t.app.inject({
        method: 'PUT',
        url,
        headers: owner.headers,
        payload: { name: 'Staff', properties: { charges: 1 }, attributes: { rare: true } },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ itemId: item.itemId, name: 'Staff', properties: { charges: 1 }, attributes: { rare: true } });
      expect(put.json<Item>().updatedAt >= item.updatedAt).toBe(true);

      const bad = await t.app.inject({ method: 'PUT', url, headers: owner.headers, payload: { name: 'S', properties: 'x' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorResponse>().fields).toEqual({
        name: 'Name must be at least 2 characters.',
        properties: 'Properties field contains invalid JSON.',
      });
      expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json<Item>().name).toBe('Staff');
    });

    it('deletes an item with its instances and the connections to it, and keeps the count exact', async () => {
      const { world, owner } = await createWorld(t.app);
      const { item } = await createItem(t.app, { world, owner, name: 'Cursed ring' });
      const { item: kept } = await createItem(t.app, { world, owner, name: 'Plain ring' });
      const { id: characterId } = await insertRawCharacter(t.app, world.worldId, 'Dorothy');
      const give = await t.app.inject({
        method: 'POST',
        url: `${itemsUrl(world)}/${item.itemId}/instances`,
        headers: owner.headers,
        payload: { characterId },
      });
      expect(give.statusCode).toBe(201);
      const connectionId = await insertConnectionRow(
        t.app,
        world.worldId,
        { type: 'character', id: characterId },
        { type: 'item', id: item.itemId },
      );
      const keptConnection = await insertConnectionRow(
        t.app,
        world.worldId,
        { type: 'character', id: characterId },
        { type: 'item', id: kept.itemId },
      );
      expect((await readWorld(world, owner.headers)).counts.items).toBe(2);

      const del = await t.app.inject({ method: 'DELETE', url: `${itemsUrl(world)}/${item.itemId}`, headers: owner.headers });
      expect(del.statusCode).toBe(204);
      const gone = await t.app.inject({ method: 'GET', url: `${itemsUrl(world)}/${item.itemId}`, headers: owner.headers });
      expect(gone.statusCode).toBe(404);
      expect(gone.json()).toEqual({ message: 'Item not found.', code: 'NOT_FOUND' });
      expect((await readWorld(world, owner.headers)).counts.items).toBe(1);
      expect(await connectionExists(t.app, connectionId)).toBe(false);
      expect(await connectionExists(t.app, keptConnection)).toBe(true);
      const entries = await t.app.db.selectFrom('inventory_item').select('id').where('item_id', '=', item.itemId).execute();
      expect(entries).toEqual([]);
      const list = await t.app.inject({ method: 'GET', url: itemsUrl(world), headers: owner.headers });
      expect(list.json<{ pagination: Pagination }>().pagination.totalItems).toBe(1);

      const again = await t.app.inject({ method: 'DELETE', url: `${itemsUrl(world)}/${item.itemId}`, headers: owner.headers });
      expect(again.statusCode).toBe(404);
      expect((await readWorld(world, owner.headers)).counts.items).toBe(1);
    });

    it('answers 404 for an item of another world of the same user, and 400 for a malformed id', async () => {
      const { item, owner } = await createItem(t.app);
      const { world: otherWorld } = await createWorld(t.app, { owner });
      const response = await t.app.inject({ method: 'GET', url: `${itemsUrl(otherWorld)}/${item.itemId}`, headers: owner.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorResponse>().message).toBe('Item not found.');
      const malformed = await t.app.inject({ method: 'GET', url: `${itemsUrl(otherWorld)}/42`, headers: owner.headers });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<ErrorResponse>().message).toBe('Must be a valid UUID.');
    });
  });

  describe('two users', () => {
    it("cannot see or touch each other's items, and the owner's data stays unchanged", async () => {
      const { item, world, owner } = await createItem(t.app, { name: 'Secret map' });
      const intruder = await createUser(t.app);
      const itemUrl = `${itemsUrl(world)}/${item.itemId}`;
      const attempts = [
        { method: 'GET' as const, url: itemsUrl(world) },
        { method: 'POST' as const, url: itemsUrl(world), payload: { name: 'Planted' } },
        { method: 'GET' as const, url: itemUrl },
        { method: 'PUT' as const, url: itemUrl, payload: { name: 'Stolen' } },
        { method: 'DELETE' as const, url: itemUrl },
        { method: 'GET' as const, url: `${itemUrl}/instances` },
      ];
      for (const attempt of attempts) {
        const response = await t.app.inject({ ...attempt, headers: intruder.headers });
        expect(response.statusCode).toBe(404);
        expect(response.json<ErrorResponse>().message).toBe('World not found.');
        expect(response.body).not.toContain('Secret');
      }
      const still = await t.app.inject({ method: 'GET', url: itemUrl, headers: owner.headers });
      expect(still.json()).toEqual(item);
      expect((await readWorld(world, owner.headers)).counts.items).toBe(1);
    });
  });
});
