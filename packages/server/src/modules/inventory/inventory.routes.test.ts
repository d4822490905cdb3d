import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, InventoryEntry } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createInventoryEntry } from '../../../test/factories/inventory.js';
import { createItem } from '../../../test/factories/item.js';
import { createUser } from '../../../test/factories/user.js';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
interface Page {
  data: InventoryEntry[];
  pagination: { totalItems: number; totalPages: number; nextCursor: string | null };
}

describe.each(DIALECTS)('inventory on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function setup() {
    const { character, world, owner } = await createCharacter(t.app);
    const { item } = await createItem(t.app, { world, owner, name: 'Silver Shoes' });
    const base = `/api/worlds/${world.worldId}/characters/${character.characterId}/inventory`;
    const call = (method: Method, url: string, payload?: object, headers = owner.headers) =>
      t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
    const add = (fields: Partial<InventoryEntry> & { itemId: string }) =>
      createInventoryEntry(t.app, owner, world.worldId, character.characterId, fields);
    return { character, world, owner, item, base, call, add };
  }

  describe('POST .../inventory', () => {
    it('adds an item with quantity 1 and unequipped by default, with its name', async () => {
      const { character, item, base, call } = await setup();
      const response = await call('POST', base, { itemId: item.itemId });
      expect(response.statusCode).toBe(201);
      const entry = response.json<InventoryEntry>();
      expect(entry).toMatchObject({
        characterId: character.characterId,
        itemId: item.itemId,
        itemName: 'Silver Shoes',
        quantity: 1,
        equipped: false,
        notes: null,
        attributes: {},
      });
      expect(entry.inventoryItemId).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('keeps separate entries when the same item is added twice', async () => {
      const { item, base, call } = await setup();
      await call('POST', base, { itemId: item.itemId, quantity: 2, notes: 'Left pair' });
      await call('POST', base, { itemId: item.itemId, quantity: 3, equipped: true, attributes: { polished: true } });
      const list = (await call('GET', `${base}?sortBy=quantity`)).json<Page>();
      expect(list.data.map((e) => [e.quantity, e.equipped, e.notes, e.attributes])).toEqual([
        [2, false, 'Left pair', {}],
        [3, true, null, { polished: true }],
      ]);
    });

    it.each([
      [{ quantity: 0 }, 'quantity', 'Quantity must be at least 1.'],
      [{ quantity: 'many' }, 'quantity', 'Quantity must be a number.'],
      [{ quantity: 1.5 }, 'quantity', 'Quantity must be a whole number.'],
      [{ equipped: 'yes' }, 'equipped', 'Equipped must be true or false.'],
      [{ itemId: undefined }, 'itemId', 'Item is required.'],
      [{ itemId: 'shoes' }, 'itemId', 'Must be a valid UUID.'],
      [{ attributes: [1] }, 'attributes', 'Attributes must be a JSON object.'],
    ])('rejects %j with the message for %s', async (change, field, message) => {
      const { item, base, call } = await setup();
      const response = await call('POST', base, { itemId: item.itemId, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fields?.[field]).toBe(message);
    });

    it('rejects an item of another world or a missing one, naming itemId', async () => {
      const { owner, base, call } = await setup();
      const { item: foreign } = await createItem(t.app, { owner });
      for (const itemId of [foreign.itemId, '0190f5c2-0000-7000-8000-000000000000']) {
        const response = await call('POST', base, { itemId });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorResponse>().fields).toEqual({ itemId: 'Item must be an item of this world.' });
      }
      expect((await call('GET', base)).json<Page>().pagination.totalItems).toBe(0);
    });
  });

  describe('GET .../inventory', () => {
    it('filters by slot and pages with the standard envelope and a cursor', async () => {
      const { world, owner, item, base, call, add } = await setup();
      const { item: hat } = await createItem(t.app, { world, owner, name: 'Golden Cap' });
      await add({ itemId: item.itemId, equipped: true });
      await add({ itemId: hat.itemId, notes: 'Summons monkeys' });
      await add({ itemId: hat.itemId, quantity: 5 });
      const names = async (query: string) => (await call('GET', `${base}?${query}`)).json<Page>();
      expect((await names('slotFilter=equipped')).data.map((e) => e.itemName)).toEqual(['Silver Shoes']);
      const unequipped = await names('slotFilter=unequipped');
      expect(unequipped.data.map((e) => e.itemName)).toEqual(['Golden Cap', 'Golden Cap']);
      expect(unequipped.pagination.totalItems).toBe(2);
      const all = await names('slotFilter=all&page=1&limit=2');
      expect(all.pagination).toMatchObject({ totalItems: 3, totalPages: 2 });
      const rest = await names(`limit=2&cursor=${String(all.pagination.nextCursor)}`);
      expect(rest.data.map((e) => e.itemName)).toEqual(['Silver Shoes']);
      expect((await names('search=MONKEY')).data.map((e) => e.notes)).toEqual(['Summons monkeys']);
      expect((await names('search=shoes')).data.map((e) => e.itemName)).toEqual(['Silver Shoes']);
      const bad = await call('GET', `${base}?slotFilter=pocket`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorResponse>().fields?.slotFilter).toBe('slotFilter must be one of: all, equipped, unequipped.');
    });
  });

  describe('GET, PUT and DELETE .../inventory/{inventoryItemId}', () => {
    it('reads, updates quantity and equipped, and removes an entry', async () => {
      const { item, base, call, add } = await setup();
      const entry = await add({ itemId: item.itemId, notes: 'Shiny' });
      const url = `${base}/${entry.inventoryItemId}`;
      expect((await call('GET', url)).json()).toEqual(entry);
      const put = await call('PUT', url, { quantity: 4, equipped: true });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ quantity: 4, equipped: true, notes: null, itemId: item.itemId, itemName: 'Silver Shoes' });
      const missing = await call('PUT', url, { equipped: false });
      expect(missing.json<ErrorResponse>().fields?.quantity).toBe('Quantity is required.');
      const low = await call('PUT', url, { quantity: -1, equipped: false });
      expect(low.json<ErrorResponse>().fields?.quantity).toBe('Quantity must be at least 1.');
      expect((await call('DELETE', url)).statusCode).toBe(204);
      const gone = await call('GET', url);
      expect(gone.statusCode).toBe(404);
      expect(gone.json<ErrorResponse>().message).toBe('Inventory item not found.');
    });

    it("answers 404 for another character's entry", async () => {
      const { world, owner, item, base, call } = await setup();
      const { character: toto } = await createCharacter(t.app, { world, owner, name: 'Toto' });
      const totos = await createInventoryEntry(t.app, owner, world.worldId, toto.characterId, { itemId: item.itemId });
      for (const method of ['GET', 'PUT', 'DELETE'] as const) {
        const response = await call(
          method,
          `${base}/${totos.inventoryItemId}`,
          method === 'PUT' ? { quantity: 9, equipped: true } : undefined,
        );
        expect(response.statusCode).toBe(404);
      }
      const still = await call('GET', `/api/worlds/${world.worldId}/characters/${toto.characterId}/inventory/${totos.inventoryItemId}`);
      expect(still.json()).toEqual(totos);
    });
  });

  it("lists a character's inventory only under the character's own world: 404 elsewhere, an empty page when it holds nothing", async () => {
    const { character, world, owner, item, base, call, add } = await setup();
    await add({ itemId: item.itemId, notes: 'Kept at home' });
    // The same owner's other world: the entry's character is not one of its characters.
    const { world: elsewhere, character: stranger } = await createCharacter(t.app, { owner, name: 'Stranger' });
    const misplaced = await call('GET', `/api/worlds/${elsewhere.worldId}/characters/${character.characterId}/inventory`);
    expect(misplaced.statusCode).toBe(404);
    expect(misplaced.json<ErrorResponse>().message).toBe('Character not found.');
    expect(misplaced.body).not.toContain('Kept at home');
    const missing = await call('GET', `/api/worlds/${world.worldId}/characters/${stranger.characterId}/inventory`);
    expect(missing.statusCode).toBe(404);
    const empty = await call('GET', `/api/worlds/${elsewhere.worldId}/characters/${stranger.characterId}/inventory?page=3`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json<Page>()).toMatchObject({ data: [], pagination: { totalItems: 0 } });
    expect((await call('GET', `${base}?search=silver`)).json<Page>().pagination.totalItems).toBe(1);
  });

  it('answers 404 to another user on every inventory route and leaves the entry unchanged', async () => {
    const { item, base, call, add } = await setup();
    const entry = await add({ itemId: item.itemId, notes: 'Secret stash' });
    const intruder = await createUser(t.app);
    const url = `${base}/${entry.inventoryItemId}`;
    const attempts: Array<[Method, string, object?]> = [
      ['GET', base],
      ['POST', base, { itemId: item.itemId }],
      ['GET', url],
      ['PUT', url, { quantity: 99, equipped: true }],
      ['DELETE', url],
    ];
    for (const [method, path, payload] of attempts) {
      const response = await call(method, path, payload, intruder.headers);
      expect(response.statusCode, `${method} ${path}`).toBe(404);
      expect(response.body).not.toContain('Secret');
    }
    expect((await call('GET', url)).json()).toEqual(entry);
    expect((await call('GET', base)).json<Page>().pagination.totalItems).toBe(1);
  });
});
