import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type {
  Character,
  CharacterHistory,
  Event,
  Item,
  ItemProvenance,
  TimelineDiff,
  TimelineIssues,
  TimelineState,
  World,
} from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createEvent } from '../../../test/factories/event.js';
import { createInventoryEntry } from '../../../test/factories/inventory.js';
import { createItem } from '../../../test/factories/item.js';
import { createTimeline } from '../../../test/factories/timeline.js';
import type { TestUser } from '../../../test/factories/user.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

const day = (n: number) => `1900-05-${String(n).padStart(2, '0')}T12:00:00.000Z`;
const doc = (...changes: unknown[]) => ({ version: 1, changes });

interface Oz {
  world: World;
  owner: TestUser;
  dorothy: Character;
  lion: Character;
  witch: Character;
  shoes: Item;
  cap: Item;
  mainId: string;
  takeShoes: Event;
}

describe.each(DIALECTS)('timeline engine routes on %s', (dialect) => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp(dialect);
  });
  afterEach(async () => {
    await t.close();
  });

  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the answer's type, as json<T>() does
  const get = <T>(owner: TestUser, url: string) =>
    t.app.inject({ method: 'GET', url, headers: owner.headers }).then((r) => ({ status: r.statusCode, body: r.json<T>() }));

  /** A small Oz: the Witch starts with the Silver Shoes and the Golden Cap; Dorothy takes the shoes on day 2. */
  async function buildOz(): Promise<Oz> {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const dorothy = (await createCharacter(t.app, { world, owner, name: 'Dorothy', attributes: { courage: 1 } })).character;
    const lion = (await createCharacter(t.app, { world, owner, name: 'Lion', attributes: { courage: 0 } })).character;
    const witch = (await createCharacter(t.app, { world, owner, name: 'Witch' })).character;
    const shoes = (await createItem(t.app, { world, owner, name: 'Silver Shoes' })).item;
    const cap = (await createItem(t.app, { world, owner, name: 'Golden Cap' })).item;
    await createInventoryEntry(t.app, owner, world.worldId, witch.characterId, { itemId: shoes.itemId, quantity: 1 });
    await createInventoryEntry(t.app, owner, world.worldId, witch.characterId, { itemId: cap.itemId, quantity: 1 });
    const mainId = (await createTimeline(t.app, { world, owner, name: 'The book', currentDateTime: day(9) })).timeline.timelineId;
    await createEvent(t.app, {
      world,
      owner,
      timelineId: mainId,
      name: 'Meeting the Lion',
      dateTime: day(1),
      relationshipChanges: doc({
        op: 'create',
        characterId: lion.characterId,
        targetCharacterId: dorothy.characterId,
        set: { affinity: -20 },
      }),
    });
    const takeShoes = (
      await createEvent(t.app, {
        world,
        owner,
        timelineId: mainId,
        name: 'The house falls',
        dateTime: day(2),
        inventoryChanges: doc(
          { characterId: witch.characterId, itemId: shoes.itemId, quantity: -1 },
          { characterId: dorothy.characterId, itemId: shoes.itemId, quantity: 1, equipped: true },
        ),
      })
    ).event;
    await createEvent(t.app, {
      world,
      owner,
      timelineId: mainId,
      name: 'Friends',
      dateTime: day(3),
      relationshipChanges: doc({
        op: 'update',
        characterId: lion.characterId,
        targetCharacterId: dorothy.characterId,
        set: { relationshipType: 'friend' },
        delta: { affinity: 70 },
      }),
      characterAttributeChanges: doc({ op: 'increment', characterId: lion.characterId, path: 'courage', by: 10 }),
    });
    await createEvent(t.app, {
      world,
      owner,
      timelineId: mainId,
      name: 'Home again',
      dateTime: day(8),
      inventoryChanges: doc({ characterId: dorothy.characterId, itemId: shoes.itemId, quantity: -1 }),
    });
    return { world, owner, dorothy, lion, witch, shoes, cap, mainId, takeShoes };
  }

  const stateUrl = (oz: Oz, timelineId: string, query: string) => `/api/worlds/${oz.world.worldId}/timelines/${timelineId}/state?${query}`;
  const holding = (state: TimelineState, characterId: string, itemId: string) =>
    state.characters.find((c) => c.characterId === characterId)?.inventory.find((i) => i.itemId === itemId);

  describe('GET /api/worlds/{w}/timelines/{t}/state', () => {
    it("answers every character's state at a moment, just after an event, and at the timeline's now", async () => {
      const oz = await buildOz();
      const midway = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, `at=${day(5)}`));
      expect(midway.status).toBe(200);
      expect(midway.body.eventCount).toBe(3);
      expect(holding(midway.body, oz.dorothy.characterId, oz.shoes.itemId)).toEqual({
        itemId: oz.shoes.itemId,
        name: 'Silver Shoes',
        quantity: 1,
        equipped: true,
      });
      const lion = midway.body.characters.find((c) => c.characterId === oz.lion.characterId);
      expect(lion?.attributes).toEqual({ courage: 10 });
      expect(lion?.relationships).toMatchObject([
        { targetCharacterId: oz.dorothy.characterId, targetCharacterName: 'Dorothy', relationshipType: 'friend', affinity: 50 },
      ]);

      const afterFall = await get<TimelineState>(
        oz.owner,
        stateUrl(oz, oz.mainId, `eventId=${oz.takeShoes.eventId}&characterId=${oz.witch.characterId}`),
      );
      expect(afterFall.body.characters.map((c) => c.name)).toEqual(['Witch']);
      expect(afterFall.body.lastEvent).toMatchObject({ eventId: oz.takeShoes.eventId, name: 'The house falls' });
      expect(afterFall.body.lastEvent?.changes.map((c) => [c.kind, c.characterName])).toEqual([
        ['inventory', 'Witch'],
        ['inventory', 'Dorothy'],
      ]);

      const end = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, ''));
      expect(end.body.at).toBe(day(9));
      expect(holding(end.body, oz.dorothy.characterId, oz.shoes.itemId)).toBeUndefined();
    });

    it("answers 400 for at and eventId together, an unknown eventId or a bad date, and 404 for a world or character not the caller's", async () => {
      const oz = await buildOz();
      const stranger = await createUser(t.app);
      expect((await get(oz.owner, stateUrl(oz, oz.mainId, `at=${day(1)}&eventId=${oz.takeShoes.eventId}`))).status).toBe(400);
      const unknown = await get<{ message: string }>(oz.owner, stateUrl(oz, oz.mainId, 'eventId=00000000-0000-4000-8000-000000000000'));
      expect(unknown).toMatchObject({
        status: 400,
        body: { message: 'eventId must be an event of this timeline, or of its history before its branch point.' },
      });
      expect((await get(oz.owner, stateUrl(oz, oz.mainId, 'at=yesterday'))).status).toBe(400);
      expect((await get(stranger, stateUrl(oz, oz.mainId, ''))).status).toBe(404);
      expect((await get(oz.owner, stateUrl(oz, '00000000-0000-4000-8000-000000000000', ''))).status).toBe(404);
      expect((await get(oz.owner, stateUrl(oz, oz.mainId, 'characterId=00000000-0000-4000-8000-000000000000'))).status).toBe(404);
    });
  });

  describe('GET …/state with search, page and limit', () => {
    /** Oz plus fourteen more characters: two Totos (same name, so id decides) and Munchkins in mixed case. */
    async function buildCrowdedOz(): Promise<Oz> {
      const oz = await buildOz();
      const names = ['Toto', 'Toto', 'munchkin mayor', 'Glinda', 'Tin Woodman', 'Scarecrow'];
      for (let i = 1; i <= 8; i += 1) names.push(`Munchkin ${i}`);
      for (const name of names) await createCharacter(t.app, { world: oz.world, owner: oz.owner, name });
      return oz;
    }
    const byNameThenId = (a: { name: string; characterId: string }, b: { name: string; characterId: string }) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : a.characterId < b.characterId ? -1 : a.characterId > b.characterId ? 1 : 0;

    it("pages every character exactly once, ordered by name then id, with the lists' pagination block", async () => {
      const oz = await buildCrowdedOz();
      const all = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, `at=${day(5)}`));
      expect(all.body.characters).toHaveLength(17);
      const expected = [...all.body.characters].sort(byNameThenId);

      const seen: TimelineState['characters'] = [];
      for (let page = 1; page <= 5; page += 1) {
        const answer = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, `at=${day(5)}&page=${page}&limit=4`));
        expect(answer.status).toBe(200);
        expect(answer.body.pagination).toEqual({ currentPage: page, totalPages: 5, totalItems: 17, limit: 4, nextCursor: null });
        expect(answer.body.characters).toHaveLength(page < 5 ? 4 : 1);
        expect(answer.body).toMatchObject({ eventCount: 3, lastEvent: { name: 'Friends' } });
        seen.push(...answer.body.characters);
      }
      // Exact and complete: the pages together are the whole state, each character once, in order, with the same values.
      expect(seen).toEqual(expected);
      const totos = seen.filter((c) => c.name === 'Toto').map((c) => c.characterId);
      expect(totos).toEqual([...totos].sort());

      const beyond = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, `at=${day(5)}&page=6&limit=4`));
      expect(beyond.body.characters).toEqual([]);
      expect(beyond.body.pagination).toEqual({ currentPage: 6, totalPages: 5, totalItems: 17, limit: 4, nextCursor: null });
      const firstPage = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, 'page=1'));
      expect(firstPage.body.pagination).toMatchObject({ currentPage: 1, totalPages: 1, totalItems: 17, limit: 20 });
    });

    it('narrows to the names containing the search, in any case, and with characterId to that character', async () => {
      const oz = await buildCrowdedOz();
      const munchkins = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, 'search=MUNCH&limit=5'));
      expect(munchkins.body.characters.map((c) => c.name)).toEqual(['Munchkin 1', 'Munchkin 2', 'Munchkin 3', 'Munchkin 4', 'Munchkin 5']);
      expect(munchkins.body.pagination).toEqual({ currentPage: 1, totalPages: 2, totalItems: 9, limit: 5, nextCursor: null });
      const rest = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, 'search=MUNCH&limit=5&page=2'));
      expect(rest.body.characters.map((c) => c.name)).toEqual(['Munchkin 6', 'Munchkin 7', 'Munchkin 8', 'munchkin mayor']);

      const dorothy = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, `eventId=${oz.takeShoes.eventId}&search=%20oroth%20`));
      expect(dorothy.body.characters.map((c) => c.name)).toEqual(['Dorothy']);
      expect(dorothy.body.characters[0]?.inventory).toEqual([
        { itemId: oz.shoes.itemId, name: 'Silver Shoes', quantity: 1, equipped: true },
      ]);
      expect((await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, 'search=nobody'))).body).toMatchObject({
        characters: [],
        pagination: { currentPage: 1, totalPages: 0, totalItems: 0 },
      });

      const lion = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, `characterId=${oz.lion.characterId}&search=li`));
      expect(lion.body.characters.map((c) => c.name)).toEqual(['Lion']);
      expect(lion.body.pagination?.totalItems).toBe(1);
      const notLion = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, `characterId=${oz.lion.characterId}&search=toto`));
      expect(notLion.body.characters).toEqual([]);
    });

    it('answers as before without the new parameters: every character in stored order, no pagination', async () => {
      const oz = await buildCrowdedOz();
      const all = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, ''));
      expect(all.status).toBe(200);
      expect(Object.keys(all.body).sort()).toEqual([
        'at',
        'characters',
        'eventCount',
        'formattedDate',
        'instant',
        'lastEvent',
        'timelineId',
      ]);
      expect(all.body.characters).toHaveLength(17);
      expect(new Set(all.body.characters.map((c) => c.characterId)).size).toBe(17);
      const one = await get<TimelineState>(oz.owner, stateUrl(oz, oz.mainId, `characterId=${oz.witch.characterId}`));
      expect(one.body.characters.map((c) => c.name)).toEqual(['Witch']);
      expect(one.body.pagination).toBeUndefined();
    });

    it('answers 400 naming the parameter for a page or limit out of range or not a whole number', async () => {
      const oz = await buildOz();
      const cases: Array<[string, string, string]> = [
        ['page=0', 'page', 'page must be at least 1.'],
        ['page=1.5', 'page', 'page must be a whole number.'],
        ['limit=0', 'limit', 'limit must be at least 1.'],
        ['limit=1001', 'limit', 'limit must be no more than 1000.'],
        ['limit=many', 'limit', 'limit must be a number.'],
        [`search=${'a'.repeat(201)}`, 'search', 'search must be no more than 200 characters.'],
      ];
      for (const [query, field, message] of cases) {
        const answer = await get<{ message: string; fields?: Record<string, string> }>(oz.owner, stateUrl(oz, oz.mainId, query));
        expect(answer.status, query).toBe(400);
        expect(answer.body.fields?.[field], query).toBe(message);
        expect(answer.body.message, query).toContain(message);
      }
    });
  });

  describe('branches: diff, history, provenance', () => {
    it('compares a branch where the house missed the Witch with its parent, per character and field', async () => {
      const oz = await buildOz();
      const { world, owner } = oz;
      const fork = (await createEvent(t.app, { world, owner, timelineId: oz.mainId, name: 'The cyclone', dateTime: day(1) })).event;
      const branchId = (
        await createTimeline(t.app, {
          world,
          owner,
          name: 'What if',
          currentDateTime: day(9),
          parentTimelineId: oz.mainId,
          branchingEvent: fork.eventId,
        })
      ).timeline.timelineId;
      await createEvent(t.app, { world, owner, timelineId: branchId, name: 'Too early', dateTime: '1900-04-01T00:00:00.000Z' });

      const onBranch = await get<TimelineState>(owner, stateUrl(oz, branchId, `at=${day(9)}&characterId=${oz.dorothy.characterId}`));
      expect(onBranch.body.characters[0]?.inventory).toEqual([]);
      const diff = await get<TimelineDiff>(
        owner,
        `/api/worlds/${world.worldId}/timelines/${oz.mainId}/diff?against=${branchId}&at=${day(5)}`,
      );
      expect(diff.status).toBe(200);
      expect(diff.body.differences).toContainEqual(
        expect.objectContaining({
          characterName: 'Dorothy',
          area: 'inventory',
          subjectName: 'Silver Shoes',
          field: 'quantity',
          value: 1,
          against: 0,
        }),
      );
      expect(diff.body.differences).toContainEqual(
        expect.objectContaining({ characterName: 'Lion', area: 'attribute', field: 'courage', value: 10, against: 0 }),
      );

      const issues = await get<TimelineIssues>(owner, `/api/worlds/${world.worldId}/timelines/${branchId}/issues`);
      expect(issues.body.data.map((i) => [i.kind, i.eventName])).toEqual([['eventBeforeBranchPoint', 'Too early']]);
    });

    it("lists a character's history and an item's holders", async () => {
      const oz = await buildOz();
      const history = await get<CharacterHistory>(
        oz.owner,
        `/api/worlds/${oz.world.worldId}/characters/${oz.lion.characterId}/history?timelineId=${oz.mainId}`,
      );
      expect(history.status).toBe(200);
      expect(history.body.data.map((e) => e.name)).toEqual(['Meeting the Lion', 'Friends']);
      expect(history.body.data[1]?.changes).toContainEqual({
        kind: 'attribute',
        characterId: oz.lion.characterId,
        characterName: 'Lion',
        path: 'courage',
        before: 0,
        after: 10,
      });

      const provenance = await get<ItemProvenance>(
        oz.owner,
        `/api/worlds/${oz.world.worldId}/items/${oz.shoes.itemId}/provenance?timelineId=${oz.mainId}`,
      );
      expect(provenance.body.periods.map((p) => [p.characterName, p.from, p.to])).toEqual([
        ['Witch', null, day(2)],
        ['Dorothy', day(2), day(8)],
      ]);
      expect((await get(oz.owner, `/api/worlds/${oz.world.worldId}/items/${oz.shoes.itemId}/provenance`)).status).toBe(400);
    });
  });

  describe('GET /api/worlds/{w}/timelines/{t}/issues', () => {
    it('catches a deliberately broken event, an old free-form value and a change naming a deleted item', async () => {
      const oz = await buildOz();
      const { world, owner } = oz;
      await createEvent(t.app, {
        world,
        owner,
        timelineId: oz.mainId,
        name: 'Broken',
        dateTime: day(4),
        inventoryChanges: doc({ characterId: oz.lion.characterId, itemId: oz.cap.itemId, quantity: -1 }),
      });
      await createEvent(t.app, {
        world,
        owner,
        timelineId: oz.mainId,
        name: 'Old notes',
        dateTime: day(6),
        characterAttributeChanges: { Dorothy: 'sad' },
      });
      await createEvent(t.app, {
        world,
        owner,
        timelineId: oz.mainId,
        name: 'Cap used',
        dateTime: day(7),
        inventoryChanges: doc({ characterId: oz.witch.characterId, itemId: oz.cap.itemId, quantity: -1 }),
      });
      await t.app.inject({ method: 'DELETE', url: `/api/worlds/${world.worldId}/items/${oz.cap.itemId}`, headers: owner.headers });

      const issues = await get<TimelineIssues>(owner, `/api/worlds/${world.worldId}/timelines/${oz.mainId}/issues`);
      expect(issues.body.data.map((i) => [i.kind, i.eventName, i.location])).toEqual([
        ['missingItem', 'Broken', 'inventoryChanges.changes[0]'],
        ['freeFormChanges', 'Old notes', 'characterAttributeChanges'],
        ['missingItem', 'Cap used', 'inventoryChanges.changes[0]'],
      ]);
    });
  });

  describe('write-time validation of the change fields', () => {
    it('answers 400 naming the entry and field, and accepts old free-form values', async () => {
      const oz = await buildOz();
      const post = (payload: Record<string, unknown>) =>
        t.app.inject({
          method: 'POST',
          url: `/api/worlds/${oz.world.worldId}/events`,
          headers: oz.owner.headers,
          payload: { name: 'E', dateTime: day(1), ...payload },
        });
      const otherWorld = await createItem(t.app, { owner: oz.owner });
      const missingItem = await post({
        inventoryChanges: doc(
          { characterId: oz.dorothy.characterId, itemId: oz.cap.itemId, quantity: 1 },
          { characterId: oz.dorothy.characterId, itemId: otherWorld.item.itemId, quantity: 1 },
        ),
      });
      expect(missingItem.statusCode).toBe(400);
      expect(missingItem.json()).toMatchObject({
        message: 'inventoryChanges.changes[1].itemId: No item with that id in this world.',
        fields: { 'inventoryChanges.changes[1].itemId': 'No item with that id in this world.' },
      });
      const badShape = await post({
        relationshipChanges: doc({ op: 'create', characterId: oz.lion.characterId, targetCharacterId: oz.lion.characterId }),
        characterAttributeChanges: { version: 2, changes: [] },
      });
      expect(badShape.statusCode).toBe(400);
      expect(badShape.json<{ fields: Record<string, string> }>().fields).toEqual({
        'characterAttributeChanges.version': 'version must be 1.',
        'relationshipChanges.changes[0].targetCharacterId': 'A character cannot have a relationship with itself.',
      });
      expect(
        (await post({ characterAttributeChanges: { Dorothy: { mood: 'happy' } }, inventoryChanges: ['free', 'text'] })).statusCode,
      ).toBe(201);
      const put = await t.app.inject({
        method: 'PUT',
        url: `/api/worlds/${oz.world.worldId}/events/${oz.takeShoes.eventId}`,
        headers: oz.owner.headers,
        payload: {
          name: 'E',
          dateTime: day(2),
          timelineId: oz.mainId,
          inventoryChanges: doc({ characterId: oz.dorothy.characterId, itemId: oz.shoes.itemId, quantity: 0 }),
        },
      });
      expect(put.statusCode).toBe(400);
      expect(put.json<{ message: string }>().message).toBe(
        'inventoryChanges.changes[0]: An inventory change needs a quantity other than 0, or equipped.',
      );
    });
  });
});
