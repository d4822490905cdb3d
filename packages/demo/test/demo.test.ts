/**
 * The Oz demo world: the data file is sound and follows the book, and loading it through a real app's HTTP API
 * (on each database) gives a world a person can explore: counts, Dorothy's inventory, the branch, the map.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { AttributeChangesDocumentSchema, InventoryChangesDocumentSchema, RelationshipChangesDocumentSchema } from '@loreforge/contract';
import { createInviteCode } from '@loreforge/server/host';
import { DIALECTS, type TestApp, buildTestApp } from '@loreforge/server/testing';
import { DEMO_DIR, type DemoData, findDemoDataProblems, readDemoData, substituteChangeIds } from '../src/demo-data.js';
import { type DemoLoadResult, runDemo } from '../src/index.js';

const data = readDemoData();
const mainTimeline = data.timelines.find((t) => t.parent === undefined);
const branchTimeline = data.timelines.find((t) => t.parent !== undefined);
if (!mainTimeline || !branchTimeline) throw new Error('The demo data needs a root timeline and a branch.');

/** Holdings (character → item → quantity) after applying the inventory changes of `events` to the stored inventory. */
function holdingsAfter(events: DemoData['timelines'][number]['events'], start = storedHoldings()): Map<string, number> {
  const holdings = new Map(start);
  for (const event of events) {
    for (const change of event.inventoryChanges?.changes ?? []) {
      const slot = `${String(change.characterId)}/${String(change.itemId)}`;
      const next = (holdings.get(slot) ?? 0) + Number(change.quantity ?? 0);
      if (next < 0) throw new Error(`${event.key}: ${slot} would go below zero.`);
      holdings.set(slot, next);
    }
  }
  return holdings;
}
function storedHoldings(): Map<string, number> {
  return new Map(data.inventory.map((entry) => [`${entry.character}/${entry.item}`, entry.quantity]));
}
function holdersOf(item: string, holdings: Map<string, number>): string[] {
  return [...holdings].filter(([slot, quantity]) => slot.endsWith(`/${item}`) && quantity > 0).map(([slot]) => slot.split('/')[0] ?? '');
}

describe('the Oz demo data', () => {
  it('has the scale the demo promises', () => {
    expect(data.world.name).toBe('The Land of Oz');
    expect(data.characters.length).toBeGreaterThanOrEqual(25);
    expect(mainTimeline.events.length).toBeGreaterThanOrEqual(24);
    expect(branchTimeline.events.length).toBeGreaterThanOrEqual(4);
    expect(data.map.areas.map((a) => a.name)).toEqual([
      'The Gillikin Country',
      'The Munchkin Country',
      'The Quadling Country',
      'The Winkie Country',
    ]);
    expect(data.quests.map((q) => q.name)).toEqual(
      expect.arrayContaining(['Reach the Emerald City', 'Defeat the Wicked Witch of the West']),
    );
  });

  it('gives every character a species, a home and what they lack or seek, from the book', () => {
    const incomplete = data.characters
      .filter((c) => {
        const attributes = c.attributes;
        return !(
          typeof attributes.species === 'string' &&
          typeof attributes.home === 'string' &&
          (typeof attributes.lacks === 'string' || typeof attributes.seeks === 'string')
        );
      })
      .map((c) => c.name);
    expect(incomplete).toEqual([]);
  });

  it('references only keys it defines, and every point lies in its country', () => {
    expect(findDemoDataProblems(data)).toEqual([]);
  });

  it("writes every change in the contract's versioned format", () => {
    const fakeId = (_kind: string, key: string) =>
      `00000000-0000-4000-8000-${Buffer.from(key).toString('hex').padEnd(12, '0').slice(0, 12)}`;
    for (const event of data.timelines.flatMap((t) => t.events)) {
      const resolve = (kind: 'character' | 'item', key: string) => fakeId(kind, key);
      expect(
        AttributeChangesDocumentSchema.nullable().safeParse(substituteChangeIds(event.characterAttributeChanges, resolve)).success,
        event.key,
      ).toBe(true);
      expect(
        InventoryChangesDocumentSchema.nullable().safeParse(substituteChangeIds(event.inventoryChanges, resolve)).success,
        event.key,
      ).toBe(true);
      expect(
        RelationshipChangesDocumentSchema.nullable().safeParse(substituteChangeIds(event.relationshipChanges, resolve)).success,
        event.key,
      ).toBe(true);
    }
  });

  it('tells the story in order, and the branch starts after its branching event', () => {
    const times = mainTimeline.events.map((e) => Date.parse(e.dateTime));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const branchPoint = mainTimeline.events.find((e) => e.key === branchTimeline.branchingEvent);
    expect(branchPoint?.name).toBe('The cyclone carries the house away');
    for (const event of branchTimeline.events) expect(Date.parse(event.dateTime)).toBeGreaterThan(Date.parse(branchPoint?.dateTime ?? ''));
  });

  it('moves the Silver Shoes and the Golden Cap as the book does', () => {
    const main = mainTimeline.events;
    const at = (key: string) => holdingsAfter(main.slice(0, main.findIndex((e) => e.key === key) + 1));
    expect(holdersOf('silverShoes', storedHoldings())).toEqual(['wickedWitchEast']);
    expect(holdersOf('silverShoes', at('council'))).toEqual(['dorothy']);
    expect(holdersOf('silverShoes', at('shoeStolen')).sort()).toEqual(['dorothy', 'wickedWitchWest']);
    expect(holdersOf('goldenCap', at('giftsAndCap'))).toEqual(['dorothy']);
    expect(holdersOf('goldenCap', at('glinda'))).toEqual(['glinda']);
    const end = holdingsAfter(main);
    expect(holdersOf('goldenCap', end)).toEqual(['kingMonkeys']);
    expect(holdersOf('silverShoes', end)).toEqual([]);
    expect(end.get('dorothy/silverShoes')).toBe(0);

    const afterBranchPoint = main.slice(0, main.findIndex((e) => e.key === branchTimeline.branchingEvent) + 1);
    let holdings = holdingsAfter(afterBranchPoint);
    for (const event of branchTimeline.events) {
      holdings = holdingsAfter([event], holdings);
      expect(holdings.get('dorothy/silverShoes') ?? 0, event.key).toBe(0);
    }
    expect(holdersOf('silverShoes', holdings)).toEqual(['wickedWitchEast']);
  });

  it('creates relationships only once and changes or ends only those that exist, on both timelines', () => {
    const replay = (events: DemoData['timelines'][number]['events'], start: Set<string>): Set<string> => {
      const existing = new Set(start);
      for (const event of events) {
        for (const change of event.relationshipChanges?.changes ?? []) {
          const pair = `${String(change.characterId)}→${String(change.targetCharacterId)}`;
          if (change.op === 'create') {
            expect(existing.has(pair), `${event.key} creates ${pair} again`).toBe(false);
            existing.add(pair);
          } else {
            expect(existing.has(pair), `${event.key} ${String(change.op)}s missing ${pair}`).toBe(true);
            if (change.op === 'end') existing.delete(pair);
          }
        }
      }
      return existing;
    };
    const stored = new Set(data.relationships.map((r) => `${r.character}→${r.target}`));
    expect(stored.size).toBe(data.relationships.length);
    replay(mainTimeline.events, stored);
    const branchIndex = mainTimeline.events.findIndex((e) => e.key === branchTimeline.branchingEvent);
    replay(branchTimeline.events, replay(mainTimeline.events.slice(0, branchIndex + 1), stored));
  });

  it('ships the map as a PNG under 1 MB whose size holds every point', () => {
    const png = fs.readFileSync(path.join(DEMO_DIR, data.map.image));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeLessThan(1024 * 1024);
    const width = png.readUInt32BE(16);
    const height = png.readUInt32BE(20);
    expect([width, height]).toEqual([1600, 1200]);
    for (const point of data.map.points) {
      expect(point.x).toBeLessThan(width);
      expect(point.y).toBeLessThan(height);
    }
    expect(fs.existsSync(path.join(DEMO_DIR, 'oz-map.svg'))).toBe(true);
  });
});

describe.each(DIALECTS)('loading the Oz demo through the API on %s', (dialect) => {
  let testApp: TestApp;
  let baseUrl: string;
  let result: DemoLoadResult & { token: string; registered: boolean };

  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(`${baseUrl}/api${url}`, { headers: { authorization: `Bearer ${result.token}` } });
    expect(response.status, url).toBe(200);
    return (await response.json()) as T;
  };
  const idOf = (kind: string, key: string): string => {
    const id = result.ids[kind]?.[key];
    if (!id) throw new Error(`no ${kind} ${key}`);
    return id;
  };

  beforeAll(async () => {
    testApp = await buildTestApp(dialect);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    result = await runDemo({
      baseUrl,
      account: { username: 'oz-demo', email: 'demo@loreforge.test', password: 'follow-the-yellow-brick-road' },
      inviteCode: () => createInviteCode(testApp.app.db),
    });
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
  });

  it('shows the world with its counts on the world card', async () => {
    const world = await get<{ name: string; counts: Record<string, number> }>(`/worlds/${result.worldId}`);
    expect(world.name).toBe('The Land of Oz');
    expect(world.counts.characters).toBe(data.characters.length);
    expect(world.counts.characters).toBeGreaterThanOrEqual(25);
    expect(world.counts.timelines).toBe(2 + data.calendarTimelines.length);
    expect(world.counts.maps).toBe(1);
    expect(world.counts.events).toBe(
      mainTimeline.events.length + branchTimeline.events.length + data.calendarTimelines.flatMap((t) => t.events).length,
    );
    expect(world.counts.events).toBeGreaterThanOrEqual(30);
    expect(world.counts.items).toBe(data.items.length);
    expect(result.registered).toBe(true);
  });

  it("stores Dorothy's starting inventory and where she starts", async () => {
    const dorothy = idOf('character', 'dorothy');
    const inventory = await get<{ data: Array<{ itemName: string; quantity: number; equipped: boolean }> }>(
      `/worlds/${result.worldId}/characters/${dorothy}/inventory?limit=100`,
    );
    const expected = data.inventory
      .filter((e) => e.character === 'dorothy')
      .map((e) => ({
        itemName: data.items.find((i) => i.key === e.item)?.name,
        quantity: e.quantity,
        equipped: e.equipped,
      }));
    expect(
      inventory.data
        .map(({ itemName, quantity, equipped }) => ({ itemName, quantity, equipped }))
        .sort((a, b) => a.itemName.localeCompare(b.itemName)),
    ).toEqual(expected.sort((a, b) => String(a.itemName).localeCompare(String(b.itemName))));
    expect(inventory.data.map((e) => e.itemName)).not.toContain('The Silver Shoes');

    const character = await get<{ currentLocationId: string | null; activeQuests: string[]; attributes: Record<string, unknown> }>(
      `/worlds/${result.worldId}/characters/${dorothy}`,
    );
    expect(character.currentLocationId).toBe(idOf('point', 'kansas'));
    expect(character.activeQuests).toEqual(expect.arrayContaining([idOf('quest', 'reachCity'), idOf('quest', 'wayHome')]));
    expect(character.attributes).toMatchObject({ home: 'Kansas', seeks: 'A way back to Kansas' });

    const relationships = await get<
      | Array<{ targetCharacterName: string; relationshipType: string }>
      | { data: Array<{ targetCharacterName: string; relationshipType: string }> }
    >(`/worlds/${result.worldId}/characters/${dorothy}/relationships`);
    const list = Array.isArray(relationships) ? relationships : relationships.data;
    expect(list).toEqual(
      expect.arrayContaining([expect.objectContaining({ targetCharacterName: 'Toto', relationshipType: 'like_family' })]),
    );
  });

  it('keeps the story in order, with the changes written against real ids', async () => {
    const main = idOf('timeline', 'main');
    const events = await get<{ data: Array<{ name: string; dateTime: string; inventoryChanges: unknown }> }>(
      `/worlds/${result.worldId}/timelines/${main}/events?limit=1000&sortBy=dateTime&sortOrder=asc`,
    );
    expect(events.data.map((e) => e.name)).toEqual(mainTimeline.events.map((e) => e.name));
    const council = events.data.find((e) => e.name === 'The council with the Munchkins');
    expect(council?.inventoryChanges).toEqual({
      version: 1,
      changes: [
        { characterId: idOf('character', 'wickedWitchEast'), itemId: idOf('item', 'silverShoes'), quantity: -2, equipped: false },
        { characterId: idOf('character', 'dorothy'), itemId: idOf('item', 'silverShoes'), quantity: 2 },
      ],
    });
  });

  it('branches "What if the house had missed the Wicked Witch of the East?" from the cyclone', async () => {
    const branch = await get<{ name: string; parentTimelineId: string | null; branchingEvent: string | null }>(
      `/worlds/${result.worldId}/timelines/${idOf('timeline', 'missedWitch')}`,
    );
    expect(branch.name).toBe('What if the house had missed the Wicked Witch of the East?');
    expect(branch.parentTimelineId).toBe(idOf('timeline', 'main'));
    expect(branch.branchingEvent).toBe(idOf('event', 'cyclone'));
    const cyclone = await get<{ isBranchingEvent: boolean; childTimelineId: string | null; timelineId: string }>(
      `/worlds/${result.worldId}/events/${idOf('event', 'cyclone')}`,
    );
    expect(cyclone).toMatchObject({
      isBranchingEvent: true,
      childTimelineId: idOf('timeline', 'missedWitch'),
      timelineId: idOf('timeline', 'main'),
    });
    const main = await get<{ genesisEvent: string | null }>(`/worlds/${result.worldId}/timelines/${idOf('timeline', 'main')}`);
    expect(main.genesisEvent).toBe(idOf('event', 'cyclone'));
  });

  it("keeps a second timeline in the Ozian calendar, its events in order and in Oz's own words", async () => {
    const chronicle = await get<{ calendarId: string | null; currentDateTime: string | null; currentDateFormatted: string }>(
      `/worlds/${result.worldId}/timelines/${idOf('timeline', 'ozChronicle')}`,
    );
    expect(chronicle).toMatchObject({
      calendarId: idOf('calendar', 'ozian'),
      currentDateTime: null,
      currentDateFormatted: '10th of Gillikin, 40 YW, 12:00',
    });
    const events = await get<{ data: Array<{ name: string; formattedDate: string }> }>(
      `/worlds/${result.worldId}/timelines/${idOf('timeline', 'ozChronicle')}/events?limit=100&sortBy=dateTime&sortOrder=asc`,
    );
    expect(events.data.map((e) => [e.name, e.formattedDate])).toEqual([
      ["The Wizard's balloon comes down in the middle of Oz", '12th of Emerald, 1 YW, 16:00'],
      ['The Wizard orders the Emerald City built', '5th of Munchkin, 2 YW, 09:00'],
      ['A farmhouse falls on the Wicked Witch of the East', '14th of Munchkin, 40 YW, 08:00'],
      ['Dorothy and her friends reach the Emerald City', '20th of Munchkin, 40 YW, 12:00'],
      ["The Wizard's balloon rises without Dorothy", '1st of Gillikin, 40 YW, 11:00'],
      ['Ozma takes the throne of Oz', '1st of Munchkin, 1 RO, 10:00'],
    ]);
    const state = await get<{ characters: Array<{ attributes: Record<string, unknown> }> }>(
      `/worlds/${result.worldId}/timelines/${idOf('timeline', 'ozChronicle')}/state?characterId=${idOf('character', 'scarecrow')}`,
    );
    expect(state.characters[0]?.attributes.title).toBe('Ruler of the Emerald City');
  });

  it('shows the map with its image, points and the four countries', async () => {
    const mapId = idOf('map', 'oz');
    const map = await get<{ name: string; image: { contentType: string; size: number } | null }>(`/worlds/${result.worldId}/maps/${mapId}`);
    expect(map.name).toBe('The Land of Oz');
    expect(map.image).toMatchObject({ contentType: 'image/png', size: fs.statSync(path.join(DEMO_DIR, data.map.image)).size });
    const areas = await get<{ data: Array<{ name: string; color: string }> }>(`/worlds/${result.worldId}/maps/${mapId}/areas?limit=100`);
    expect(areas.data.map((a) => a.name).sort()).toEqual([
      'The Gillikin Country',
      'The Munchkin Country',
      'The Quadling Country',
      'The Winkie Country',
    ]);
    const points = await get<{ data: Array<{ name: string; entity: { name: string | null } | null }> }>(
      `/worlds/${result.worldId}/maps/${mapId}/points?limit=100`,
    );
    expect(points.data).toHaveLength(data.map.points.length);
    const emeraldCity = points.data.find((point) => point.name === 'The Emerald City');
    expect(emeraldCity?.entity?.name).toBe('Oz, the Great and Terrible');
    expect(points.data.map((point) => point.name)).toContain('Castle of the Wicked Witch of the West');
  });

  it('ends each quest in the state the book leaves it', async () => {
    const quests = await get<{ data: Array<{ name: string; status: string; objectives: Array<{ progress: number }> }> }>(
      `/worlds/${result.worldId}/quests?limit=100`,
    );
    const byName = new Map(quests.data.map((q) => [q.name, q]));
    for (const quest of data.quests) {
      expect(byName.get(quest.name)?.status, quest.name).toBe(quest.status);
      expect(
        byName.get(quest.name)?.objectives.map((o) => o.progress),
        quest.name,
      ).toEqual(quest.objectives.map((o) => o.progress));
    }
    const connections = await get<{ data: Array<{ connectionType: string; sourceName: string | null; targetName: string | null }> }>(
      `/worlds/${result.worldId}/connections?limit=100`,
    );
    expect(connections.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sourceName: 'The Golden Cap', connectionType: 'commands', targetName: 'The King of the Winged Monkeys' }),
      ]),
    );
  });

  it("links descriptions with mentions: the Scarecrow's names Dorothy, and Dorothy's page lists him under 'Mentioned in'", async () => {
    const world = `/worlds/${result.worldId}`;
    const scarecrow = await get<{ description: string; descriptionHtml: string }>(`${world}/characters/${idOf('character', 'scarecrow')}`);
    expect(scarecrow.descriptionHtml).toContain(`data-entity-type="character" data-id="${idOf('character', 'dorothy')}">Dorothy</span>`);
    expect(scarecrow.description).toContain('Dorothy lifts him down from his pole');
    expect(scarecrow.description).not.toContain('@[');
    const backlinks = await get<{ data: Array<{ type: string; name: string }> }>(
      `${world}/characters/${idOf('character', 'dorothy')}/backlinks`,
    );
    expect(backlinks.data.map((link) => link.name)).toEqual(expect.arrayContaining(['The Scarecrow', 'Toto', 'The Cowardly Lion']));
    const cap = await get<{ data: Array<{ type: string; name: string }> }>(`${world}/items/${idOf('item', 'goldenCap')}/backlinks`);
    expect(cap.data.filter((link) => link.type === 'event').map((link) => link.name)).toContain('Dorothy calls the Winged Monkeys');
  });

  it("shares a world with the player toto, who plays Dorothy and sees neither the Wizard's secret nor the secret event", async () => {
    const shared = await runDemo({
      baseUrl,
      account: { username: 'oz-gm', email: 'gm@loreforge.test', password: 'follow-the-yellow-brick-road' },
      player: { username: 'toto', email: 'toto@loreforge.test', password: 'there-is-no-place-like-home' },
      inviteCode: () => createInviteCode(testApp.app.db),
    });
    const login = await fetch(`${baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'toto@loreforge.test', password: 'there-is-no-place-like-home' }),
    });
    const { token, user } = (await login.json()) as { token: string; user: { userId: string } };
    const asPlayer = async (url: string): Promise<string> =>
      (await fetch(`${baseUrl}/api${url}`, { headers: { authorization: `Bearer ${token}` } })).text();
    const world = `/worlds/${shared.worldId}`;
    const dorothy = JSON.parse(await asPlayer(`${world}/characters/${shared.ids.character?.dorothy ?? ''}`)) as { assignedTo: string };
    expect(dorothy.assignedTo).toBe(user.userId);
    const everything = [
      await asPlayer(`${world}/characters?limit=100`),
      await asPlayer(`${world}/characters/${shared.ids.character?.wizard ?? ''}`),
      await asPlayer(`${world}/events?limit=100`),
      await asPlayer(`${world}/goals?limit=100`),
      await asPlayer(`${world}/timelines/${shared.ids.timeline?.main ?? ''}/state`),
    ].join('\n');
    expect(everything).toContain('Oz, the Great and Terrible');
    // The player gets the hints (the shapes he takes), never the truth, which only his GM notes and the secret event hold.
    const wizard = JSON.parse(await asPlayer(`${world}/characters/${shared.ids.character?.wizard ?? ''}`)) as {
      attributes: { appearance?: unknown };
    };
    expect(wizard.attributes.appearance).toEqual({
      toDorothy: 'A great Head',
      toScarecrow: 'A lovely Lady',
      toTinWoodman: 'A terrible Beast',
      toLion: 'A Ball of Fire',
    });
    for (const truth of ['Omaha', 'humbug', 'Humbug', 'balloonist', 'real magic']) expect(everything, truth).not.toContain(truth);
    expect(everything).not.toContain('Keep it from the players');
    expect(everything).not.toContain('The discovery of Oz, the Terrible');
    expect(everything).not.toContain(shared.ids.event?.humbug ?? 'no such id');
  }, 120_000);

  it('signs in to the existing account and adds a fresh world on the next run', async () => {
    const again = await runDemo({
      baseUrl,
      account: { username: 'oz-demo', email: 'demo@loreforge.test', password: 'follow-the-yellow-brick-road' },
      inviteCode: () => Promise.reject(new Error('no invite code should be needed')),
    });
    expect(again.registered).toBe(false);
    expect(again.worldId).not.toBe(result.worldId);
    const worlds = await get<{ data: Array<{ name: string }> }>('/worlds');
    expect(worlds.data.filter((w) => w.name === 'The Land of Oz')).toHaveLength(2);
  }, 120_000);
});
