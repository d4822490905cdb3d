import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Character, Event, TimelineState, World } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createEvent } from '../../../test/factories/event.js';
import { createInventoryEntry } from '../../../test/factories/inventory.js';
import { createItem } from '../../../test/factories/item.js';
import { createRelationship } from '../../../test/factories/relationship.js';
import { createTimeline } from '../../../test/factories/timeline.js';
import type { TestUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';
import { buildStart } from '../../../test/factories/engine-world.js';
import { NameOrder } from './engine/name-order.js';
import { replayTimeline } from './engine/replay.js';
import { EngineCache } from './timeline-engine.cache.js';
import { loadReplay, withEngineSnapshot, wholeWorldReader } from './timeline-engine.service.js';

const day = (n: number) => `1900-05-${String(n).padStart(2, '0')}T12:00:00.000Z`;
const doc = (...changes: unknown[]) => ({ version: 1, changes });

describe('EngineCache', () => {
  const replay = () =>
    replayTimeline(buildStart([]), [
      { timeline: { id: 't', name: 't', currentDateTime: day(1), parentTimelineId: null, branchingEventId: null }, events: [] },
    ]);

  it('answers an entry only under the key it was stored with, and forgets the least recently used', () => {
    const cache = new EngineCache(2);
    const a = replay();
    cache.setReplay('a', 'k1', a);
    expect(cache.getReplay('a', 'k1')).toBe(a);
    expect(cache.getReplay('a', 'k2')).toBeUndefined();
    expect(cache.getReplay('a', 'k1')).toBeUndefined();
    cache.setReplay('a', 'k', a);
    cache.setReplay('b', 'k', a);
    cache.getReplay('a', 'k');
    cache.setReplay('c', 'k', a);
    expect(cache.getReplay('b', 'k')).toBeUndefined();
    expect(cache.getReplay('a', 'k')).toBe(a);
  });

  it('keeps the entries within the weight budget, least recently used out first, never the newest', () => {
    const cache = new EngineCache(32, 5);
    // A replay without events weighs the characters it holds.
    const holding = (n: number) =>
      replayTimeline(buildStart(Array.from({ length: n }, (_, i) => ({ id: `c${i}` }))), [
        { timeline: { id: 't', name: 't', currentDateTime: day(1), parentTimelineId: null, branchingEventId: null }, events: [] },
      ]);
    cache.setReplay('t1', 'k', holding(2));
    cache.setReplay('t2', 'k', holding(2));
    expect(cache.totalWeight).toBe(4);
    cache.setReplay('t3', 'k', holding(2));
    expect(cache.getReplay('t1', 'k')).toBeUndefined();
    expect(cache.getReplay('t2', 'k')).toBeDefined();
    expect(cache.totalWeight).toBe(4);
    const huge = holding(9);
    cache.setReplay('t4', 'k', huge);
    expect(cache.getReplay('t4', 'k')).toBe(huge);
    expect(cache.totalWeight).toBe(9);
    const order = NameOrder.build([{ id: 'c0', name: 'Dorothy' }]);
    cache.setNameOrder('w', 'k', order);
    expect(cache.getNameOrder('w', 'k')).toBe(order);
    expect(cache.getReplay('t4', 'k')).toBeUndefined();
    expect(cache.totalWeight).toBe(1);
  });

  it('drops the entries nobody has asked for within maxIdleMs, and keeps the ones asked for since', () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date'] });
    try {
      const cache = new EngineCache(32, 1_000, 30_000);
      const holding = (n: number) =>
        replayTimeline(buildStart(Array.from({ length: n }, (_, i) => ({ id: `c${i}` }))), [
          { timeline: { id: 't', name: 't', currentDateTime: day(1), parentTimelineId: null, branchingEventId: null }, events: [] },
        ]);
      const [read, unread] = [holding(2), holding(3)];
      cache.setReplay('read', 'k', read);
      cache.setReplay('unread', 'k', unread);
      cache.setNameOrder('w', 'k', NameOrder.build([{ id: 'c0', name: 'Dorothy' }]));
      cache.setClocks('w', 'k', new Map());
      vi.setSystemTime(1_020_000);
      expect(cache.getReplay('read', 'k')).toBe(read);
      expect(cache.dropIdle()).toBe(0);
      vi.setSystemTime(1_040_000);
      expect(cache.dropIdle()).toBe(3);
      expect(cache.getReplay('unread', 'k')).toBeUndefined();
      expect(cache.getNameOrder('w', 'k')).toBeUndefined();
      expect(cache.getClocks('w', 'k')).toBeUndefined();
      expect(cache.getReplay('read', 'k')).toBe(read);
      expect(cache.totalWeight).toBe(2);
      vi.setSystemTime(1_080_000);
      expect(cache.dropIdle()).toBe(1);
      expect(cache.size).toBe(0);
      expect(cache.totalWeight).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('bumps one world, or every world', () => {
    const cache = new EngineCache();
    const [w1, w2] = [cache.versionOf('w1'), cache.versionOf('w2')];
    cache.invalidate('w1');
    expect(cache.versionOf('w1')).not.toBe(w1);
    expect(cache.versionOf('w2')).toBe(w2);
    cache.invalidate();
    expect(cache.versionOf('w2')).not.toBe(w2);
  });
});

describe.each(DIALECTS)('timeline engine cache invalidation on %s', (dialect) => {
  let t: TestApp;
  let world: World;
  let owner: TestUser;
  let dorothy: Character;
  let toto: Character;
  let timelineId: string;
  let basketEvent: Event;
  let basketId: string;

  beforeEach(async () => {
    t = await buildTestApp(dialect);
    ({ world, owner } = await createWorld(t.app));
    dorothy = (await createCharacter(t.app, { world, owner, name: 'Dorothy', attributes: { courage: 1 } })).character;
    toto = (await createCharacter(t.app, { world, owner, name: 'Toto' })).character;
    basketId = (await createItem(t.app, { world, owner, name: 'Basket' })).item.itemId;
    timelineId = (await createTimeline(t.app, { world, owner, currentDateTime: day(9) })).timeline.timelineId;
    basketEvent = (
      await createEvent(t.app, {
        world,
        owner,
        timelineId,
        name: 'Picnic',
        dateTime: day(2),
        inventoryChanges: doc({ characterId: dorothy.characterId, itemId: basketId, quantity: 2 }),
      })
    ).event;
  });
  afterEach(async () => {
    await t.close();
  });

  const state = async (): Promise<TimelineState> => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.worldId}/timelines/${timelineId}/state`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json<TimelineState>();
  };
  const send = async (method: 'POST' | 'PUT' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const response = await t.app.inject({
      method,
      url: `/api/worlds/${world.worldId}${url}`,
      headers: owner.headers,
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBeLessThan(300);
  };
  const character = (s: TimelineState, id: string) => s.characters.find((c) => c.characterId === id);

  it('reuses the replay while nothing changes', async () => {
    const first = await loadReplay(t.app.db, t.app.engineCache, wholeWorldReader(world.worldId), timelineId);
    expect(await loadReplay(t.app.db, t.app.engineCache, wholeWorldReader(world.worldId), timelineId)).toBe(first);
    await state();
    expect(await loadReplay(t.app.db, t.app.engineCache, wholeWorldReader(world.worldId), timelineId)).toBe(first);
  });

  it('sees a new, edited or deleted event', async () => {
    expect(character(await state(), dorothy.characterId)?.inventory[0]?.quantity).toBe(2);
    await send('PUT', `/events/${basketEvent.eventId}`, {
      name: 'Picnic',
      dateTime: day(2),
      timelineId,
      inventoryChanges: doc({ characterId: dorothy.characterId, itemId: basketId, quantity: 5 }),
    });
    expect(character(await state(), dorothy.characterId)?.inventory[0]?.quantity).toBe(5);
    await send('POST', '/events', {
      name: 'Lunch',
      dateTime: day(3),
      timelineId,
      inventoryChanges: doc({ characterId: dorothy.characterId, itemId: basketId, quantity: -1 }),
    });
    expect(character(await state(), dorothy.characterId)?.inventory[0]?.quantity).toBe(4);
    await send('DELETE', `/events/${basketEvent.eventId}`);
    expect(character(await state(), dorothy.characterId)?.inventory).toEqual([]);
  });

  it('sees a changed character, inventory entry or relationship, and a deleted character', async () => {
    await state();
    await send('PUT', `/characters/${dorothy.characterId}`, { name: 'Dorothy Gale', attributes: { courage: 7 } });
    expect(character(await state(), dorothy.characterId)).toMatchObject({ name: 'Dorothy Gale', attributes: { courage: 7 } });
    const entry = await createInventoryEntry(t.app, owner, world.worldId, dorothy.characterId, { itemId: basketId, quantity: 1 });
    expect(character(await state(), dorothy.characterId)?.inventory[0]?.quantity).toBe(3);
    await send('PUT', `/characters/${dorothy.characterId}/inventory/${entry.inventoryItemId}`, { quantity: 10, equipped: true });
    expect(character(await state(), dorothy.characterId)?.inventory[0]).toMatchObject({ quantity: 12, equipped: true });
    const relationship = await createRelationship(t.app, owner, world.worldId, toto.characterId, {
      targetCharacterId: dorothy.characterId,
      affinity: 90,
    });
    expect(character(await state(), toto.characterId)?.relationships[0]?.affinity).toBe(90);
    await send('PUT', `/characters/${toto.characterId}/relationships/${relationship.relationshipId}`, {
      targetCharacterId: dorothy.characterId,
      affinity: 95,
    });
    expect(character(await state(), toto.characterId)?.relationships[0]?.affinity).toBe(95);
    await send('DELETE', `/characters/${dorothy.characterId}`);
    const after = await state();
    expect(character(after, dorothy.characterId)).toBeUndefined();
    expect(character(after, toto.characterId)?.relationships).toEqual([]);
  });

  it('sees a deleted item and a re-branched timeline', async () => {
    const fork = (await createEvent(t.app, { world, owner, timelineId, name: 'Fork', dateTime: day(1) })).event;
    const branch = (
      await createTimeline(t.app, {
        world,
        owner,
        name: 'Branch',
        currentDateTime: day(9),
        parentTimelineId: timelineId,
        branchingEvent: fork.eventId,
      })
    ).timeline;
    const branchState = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/worlds/${world.worldId}/timelines/${branch.timelineId}/state`,
          headers: owner.headers,
        })
      ).json<TimelineState>();
    expect((await branchState()).eventCount).toBe(1);
    await send('PUT', `/timelines/${branch.timelineId}`, {
      name: 'Branch',
      currentDateTime: day(9),
      parentTimelineId: timelineId,
      branchingEvent: basketEvent.eventId,
    });
    expect((await branchState()).eventCount).toBe(2);
    await send('DELETE', `/items/${basketId}`);
    expect((await state()).characters.every((c) => c.inventory.length === 0)).toBe(true);
  });

  it('sees writes made outside this process (straight to the database)', async () => {
    await state();
    await t.app.db
      .updateTable('character')
      .set({ attributes: JSON.stringify({ courage: 42 }), updated_at: new Date(Date.now() + 1000).toISOString() })
      .where('id', '=', dorothy.characterId)
      .execute();
    expect(character(await state(), dorothy.characterId)?.attributes).toEqual({ courage: 42 });
    await t.app.db.deleteFrom('event').where('id', '=', basketEvent.eventId).execute();
    expect((await state()).eventCount).toBe(0);
  });

  it('answers a character no event names from its stored state, read from the database, and never holds it in the replay', async () => {
    await createInventoryEntry(t.app, owner, world.worldId, toto.characterId, { itemId: basketId, quantity: 3, equipped: true });
    await createRelationship(t.app, owner, world.worldId, toto.characterId, { targetCharacterId: dorothy.characterId, affinity: 80 });
    const replay = await loadReplay(t.app.db, t.app.engineCache, wholeWorldReader(world.worldId), timelineId);
    expect([...replay.start.characters.keys()]).toEqual([dorothy.characterId]);
    const expected = {
      characterId: toto.characterId,
      name: 'Toto',
      attributes: {},
      inventory: [{ itemId: basketId, name: 'Basket', quantity: 3, equipped: true }],
      relationships: [expect.objectContaining({ targetCharacterId: dorothy.characterId, targetCharacterName: 'Dorothy', affinity: 80 })],
    };
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.worldId}/timelines/${timelineId}/state?characterId=${toto.characterId}`,
      headers: owner.headers,
    });
    expect(one.json<TimelineState>().characters).toEqual([expected]);
    expect(character(await state(), toto.characterId)).toEqual(expected);
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.worldId}/timelines/${timelineId}/state?search=tot`,
      headers: owner.headers,
    });
    expect(page.json<TimelineState>()).toMatchObject({ characters: [expected], pagination: { totalItems: 1 } });
    const provenance = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.worldId}/items/${basketId}/provenance?timelineId=${timelineId}`,
      headers: owner.headers,
    });
    expect(provenance.json<{ periods: unknown[] }>().periods).toEqual([
      expect.objectContaining({ characterId: toto.characterId, characterName: 'Toto', fromEventId: null, quantity: 3 }),
      expect.objectContaining({
        characterId: dorothy.characterId,
        characterName: 'Dorothy',
        fromEventId: basketEvent.eventId,
        quantity: 2,
      }),
    ]);
    // A change straight in the database shows at once, with the replay rebuilt still without Toto.
    await t.app.db
      .updateTable('character')
      .set({ attributes: JSON.stringify({ barks: true }) })
      .where('id', '=', toto.characterId)
      .execute();
    expect(character(await state(), toto.characterId)?.attributes).toEqual({ barks: true });
    expect(
      (await loadReplay(t.app.db, t.app.engineCache, wholeWorldReader(world.worldId), timelineId)).start.characters.has(toto.characterId),
    ).toBe(false);
  });

  it('answers at once for a character an event starts to name: a new event, an edited one, or one changed in the database', async () => {
    const basket = async () => character(await state(), toto.characterId)?.inventory[0]?.quantity ?? 0;
    expect(await basket()).toBe(0);
    await send('POST', '/events', {
      name: 'Share',
      dateTime: day(3),
      timelineId,
      inventoryChanges: doc(
        { characterId: dorothy.characterId, itemId: basketId, quantity: -1 },
        { characterId: toto.characterId, itemId: basketId, quantity: 1 },
      ),
    });
    expect(await basket()).toBe(1);
    expect(
      (await loadReplay(t.app.db, t.app.engineCache, wholeWorldReader(world.worldId), timelineId)).start.characters.has(toto.characterId),
    ).toBe(true);
    await send('PUT', `/events/${basketEvent.eventId}`, {
      name: 'Picnic',
      dateTime: day(2),
      timelineId,
      inventoryChanges: doc({ characterId: toto.characterId, itemId: basketId, quantity: 4 }),
    });
    expect(await basket()).toBe(5);
    await t.app.db
      .updateTable('event')
      .set({ inventory_changes: JSON.stringify(doc({ characterId: toto.characterId, itemId: basketId, quantity: 7 })) })
      .where('id', '=', basketEvent.eventId)
      .execute();
    expect(await basket()).toBe(8);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.worldId}/characters/${toto.characterId}/history?timelineId=${timelineId}`,
      headers: owner.headers,
    });
    expect(history.json<{ data: Array<{ name: string }> }>().data.map((entry) => entry.name)).toEqual(['Picnic', 'Share']);
  });

  it('answers from the cached replay alone when it holds what the answer shows, and in a snapshot of the database otherwise', async () => {
    const url = (characterId: string) => `/api/worlds/${world.worldId}/timelines/${timelineId}/state?characterId=${characterId}`;
    await state();
    const transactions = vi.spyOn(t.app.db, 'transaction');
    const dorothyState = await t.app.inject({ method: 'GET', url: url(dorothy.characterId), headers: owner.headers });
    expect(dorothyState.json<TimelineState>().characters[0]?.inventory[0]?.quantity).toBe(2);
    expect(transactions).not.toHaveBeenCalled();
    const totoState = await t.app.inject({ method: 'GET', url: url(toto.characterId), headers: owner.headers });
    expect(totoState.json<TimelineState>().characters[0]?.name).toBe('Toto');
    expect(transactions).toHaveBeenCalledTimes(1);
    transactions.mockRestore();
  });

  it('reads a stored character in the same snapshot of the database as the replay it answers with', async () => {
    if (dialect !== 'postgres') return; // SQLite's one connection is the snapshot: no write can land inside it.
    await state();
    const read = await withEngineSnapshot(t.app.db, t.app.engineCache, wholeWorldReader(world.worldId), async ({ replay, stored }) => {
      await replay(timelineId);
      // A first read: an answer tried from memory alone stops here, and runs again in a snapshot.
      await stored.readCharacters([dorothy.characterId]);
      // Another connection commits a change while the snapshot is open.
      await t.app.db
        .updateTable('character')
        .set({ attributes: JSON.stringify({ courage: 99 }) })
        .where('id', '=', toto.characterId)
        .execute();
      return (await stored.readCharacters([toto.characterId])).characters.get(toto.characterId)?.attributes;
    });
    expect(read).toEqual({});
    expect(character(await state(), toto.characterId)?.attributes).toEqual({ courage: 99 });
  });

  it('sees a write in the same millisecond as the cached read, through the per-world version', async () => {
    await state();
    const before = t.app.engineCache.versionOf(world.worldId);
    await send('PUT', `/characters/${toto.characterId}`, { name: 'Toto', attributes: { barks: true } });
    expect(t.app.engineCache.versionOf(world.worldId)).not.toBe(before);
  });
});
