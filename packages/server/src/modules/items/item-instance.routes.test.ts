import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, ItemInstance, Pagination } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { insertRawCharacter } from '../../../test/factories/raw-entities.js';
import { createItem } from '../../../test/factories/item.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('item instances on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const instancesUrl = (worldId: string, itemId: string) => `/api/worlds/${worldId}/items/${itemId}/instances`;

  describe('POST /api/worlds/{worldId}/items/{itemId}/instances', () => {
    it('gives an instance to a character of the world and answers it with its owner', async () => {
      const { item, world, owner } = await createItem(t.app, { name: 'Lantern' });
      const dorothy = await insertRawCharacter(t.app, world.worldId, 'Dorothy');
      const response = await t.app.inject({
        method: 'POST',
        url: instancesUrl(world.worldId, item.itemId),
        headers: owner.headers,
        payload: { characterId: dorothy.id, quantity: 3, equipped: true, notes: 'In the basket', attributes: { lit: false } },
      });
      expect(response.statusCode).toBe(201);
      const instance = response.json<ItemInstance>();
      expect(instance).toMatchObject({
        itemId: item.itemId,
        quantity: 3,
        equipped: true,
        notes: 'In the basket',
        attributes: { lit: false },
        owner: { type: 'character', id: dorothy.id, name: 'Dorothy' },
      });
      expect(typeof instance.quantity).toBe('number');

      const read = await t.app.inject({
        method: 'GET',
        url: `${instancesUrl(world.worldId, item.itemId)}/${instance.inventoryItemId}`,
        headers: owner.headers,
      });
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(instance);
    });

    it('defaults quantity to 1 and equipped to false', async () => {
      const { item, world, owner } = await createItem(t.app);
      const { id: characterId } = await insertRawCharacter(t.app, world.worldId, 'Dorothy');
      const response = await t.app.inject({
        method: 'POST',
        url: instancesUrl(world.worldId, item.itemId),
        headers: owner.headers,
        payload: { characterId },
      });
      expect(response.json()).toMatchObject({ quantity: 1, equipped: false, notes: null, attributes: {} });
    });

    it('asks to select a character when characterId is missing, malformed or not in this world', async () => {
      const { item, world, owner } = await createItem(t.app);
      const { world: otherWorld } = await createWorld(t.app, { owner });
      const elsewhere = await insertRawCharacter(t.app, otherWorld.worldId, 'Dorothy');
      for (const payload of [{}, { characterId: '' }, { characterId: 'nobody' }, { characterId: elsewhere.id }]) {
        const response = await t.app.inject({
          method: 'POST',
          url: instancesUrl(world.worldId, item.itemId),
          headers: owner.headers,
          payload,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({
          message: 'Please select a character.',
          fields: { characterId: 'Please select a character.' },
        });
      }
    });

    it('rejects a quantity below 1 or not a whole number', async () => {
      const { item, world, owner } = await createItem(t.app);
      const { id: characterId } = await insertRawCharacter(t.app, world.worldId, 'Dorothy');
      const zero = await t.app.inject({
        method: 'POST',
        url: instancesUrl(world.worldId, item.itemId),
        headers: owner.headers,
        payload: { characterId, quantity: 0 },
      });
      expect(zero.json<ErrorResponse>().fields?.quantity).toBe('Quantity must be at least 1.');
      const fraction = await t.app.inject({
        method: 'POST',
        url: instancesUrl(world.worldId, item.itemId),
        headers: owner.headers,
        payload: { characterId, quantity: 1.5 },
      });
      expect(fraction.json<ErrorResponse>().fields?.quantity).toBe('Quantity must be a whole number.');
    });
  });

  describe('GET /api/worlds/{worldId}/items/{itemId}/instances', () => {
    it("lists the item's instances with owners, paged, searchable by owner and sortable by quantity", async () => {
      const { item, world, owner } = await createItem(t.app);
      const { item: otherItem } = await createItem(t.app, { world, owner, name: 'Other' });
      const scarecrow = await insertRawCharacter(t.app, world.worldId, 'Scarecrow');
      const tinMan = await insertRawCharacter(t.app, world.worldId, 'Tin Man');
      const give = (itemId: string, characterId: string, quantity: number) =>
        t.app.inject({
          method: 'POST',
          url: instancesUrl(world.worldId, itemId),
          headers: owner.headers,
          payload: { characterId, quantity },
        });
      await give(item.itemId, scarecrow.id, 5);
      await give(item.itemId, tinMan.id, 2);
      await give(item.itemId, tinMan.id, 9);
      await give(otherItem.itemId, scarecrow.id, 1);

      const page = await t.app.inject({
        method: 'GET',
        url: `${instancesUrl(world.worldId, item.itemId)}?limit=2`,
        headers: owner.headers,
      });
      const body = page.json<{ data: ItemInstance[]; pagination: Pagination }>();
      expect(body.data.map((i) => i.quantity)).toEqual([9, 2]);
      expect(body.pagination).toMatchObject({ totalItems: 3, totalPages: 2, currentPage: 1 });

      const sorted = await t.app.inject({
        method: 'GET',
        url: `${instancesUrl(world.worldId, item.itemId)}?sortBy=quantity&sortOrder=asc`,
        headers: owner.headers,
      });
      expect(sorted.json<{ data: ItemInstance[] }>().data.map((i) => i.quantity)).toEqual([2, 5, 9]);

      const search = await t.app.inject({
        method: 'GET',
        url: `${instancesUrl(world.worldId, item.itemId)}?search=tin`,
        headers: owner.headers,
      });
      const found = search.json<{ data: ItemInstance[]; pagination: Pagination }>();
      expect(found.data.map((i) => i.owner.name)).toEqual(['Tin Man', 'Tin Man']);
      expect(found.pagination.totalItems).toBe(2);
    });

    it('answers 400, never a database error, for a tampered cursor on the quantity sort', async () => {
      const { item, world, owner } = await createItem(t.app);
      for (const value of ['abc', 1.5, 1e12]) {
        const cursor = Buffer.from(JSON.stringify([value, 'x', 'quantity:asc'])).toString('base64url');
        const response = await t.app.inject({
          method: 'GET',
          url: `${instancesUrl(world.worldId, item.itemId)}?sortBy=quantity&cursor=${cursor}`,
          headers: owner.headers,
        });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorResponse>().fields?.cursor).toBe('The cursor is invalid; start again from the first page.');
      }
    });

    it('answers an empty list for an item nobody holds', async () => {
      const { item, world, owner } = await createItem(t.app);
      const response = await t.app.inject({ method: 'GET', url: instancesUrl(world.worldId, item.itemId), headers: owner.headers });
      expect(response.json()).toMatchObject({ data: [], pagination: { totalItems: 0, totalPages: 0 } });
    });

    it('answers 404 for an unknown item, and for an instance of another item', async () => {
      const { item, world, owner } = await createItem(t.app);
      const { item: otherItem } = await createItem(t.app, { world, owner, name: 'Other' });
      const { id: characterId } = await insertRawCharacter(t.app, world.worldId, 'Dorothy');
      const given = await t.app.inject({
        method: 'POST',
        url: instancesUrl(world.worldId, item.itemId),
        headers: owner.headers,
        payload: { characterId },
      });
      const instanceId = given.json<ItemInstance>().inventoryItemId;

      const unknownItem = await t.app.inject({
        method: 'GET',
        url: instancesUrl(world.worldId, '0190aaaa-0000-7000-8000-000000000000'),
        headers: owner.headers,
      });
      expect(unknownItem.json()).toEqual({ message: 'Item not found.', code: 'NOT_FOUND' });
      const wrongItem = await t.app.inject({
        method: 'GET',
        url: `${instancesUrl(world.worldId, otherItem.itemId)}/${instanceId}`,
        headers: owner.headers,
      });
      expect(wrongItem.statusCode).toBe(404);
      expect(wrongItem.json<ErrorResponse>().message).toBe('Item instance not found.');
    });
  });

  it("keeps another user's instances hidden and refuses to give to their characters", async () => {
    const { item, world, owner } = await createItem(t.app);
    const { id: characterId } = await insertRawCharacter(t.app, world.worldId, 'Glinda');
    const given = await t.app.inject({
      method: 'POST',
      url: instancesUrl(world.worldId, item.itemId),
      headers: owner.headers,
      payload: { characterId },
    });
    const instanceId = given.json<ItemInstance>().inventoryItemId;
    const intruder = await createUser(t.app);
    const { item: ownItem, world: ownWorld } = await createItem(t.app, { owner: intruder });

    const read = await t.app.inject({
      method: 'GET',
      url: `${instancesUrl(world.worldId, item.itemId)}/${instanceId}`,
      headers: intruder.headers,
    });
    expect(read.statusCode).toBe(404);
    expect(read.body).not.toContain('Glinda');
    const post = await t.app.inject({
      method: 'POST',
      url: instancesUrl(world.worldId, item.itemId),
      headers: intruder.headers,
      payload: { characterId },
    });
    expect(post.statusCode).toBe(404);
    const steal = await t.app.inject({
      method: 'POST',
      url: instancesUrl(ownWorld.worldId, ownItem.itemId),
      headers: intruder.headers,
      payload: { characterId },
    });
    expect(steal.statusCode).toBe(400);
    expect(steal.json<ErrorResponse>().message).toBe('Please select a character.');

    const list = await t.app.inject({ method: 'GET', url: instancesUrl(world.worldId, item.itemId), headers: owner.headers });
    expect(list.json<{ pagination: Pagination }>().pagination.totalItems).toBe(1);
  });
});
