/**
 * OnlyWorlds Folder Format through the real routes (issue 13) on each database: a folder in the published shape
 * (fixtures/oz-world: world.json and elements/<type>/<slug>--<id>.json) imports as a browsable world with a
 * report of the element types Loreforge has no counterpart for; `GET …/export?format=onlyworlds` writes such a
 * folder, and importing it back keeps names, relationships with their affinity, inventories, places, events and
 * secrets. Hostile folders are refused with a 400 and nothing is created.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Character, Relationship, World } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../../../test/app.js';
import { DIALECTS } from '../../../../../test/dialects.js';
import { createUser, type TestUser } from '../../../../../test/factories/user.js';
import { createWorld } from '../../../../../test/factories/world.js';
import { buildFullWorld, TINY_PNG } from '../../../../../test/resilience/full-world.js';
import { canonicalBundle, exportWorld, importArchive } from '../../../../../test/transfer/bundle-compare.js';
import { folderEntries, rawZip, type RawEntry } from '../../../../../test/transfer/raw-zip.js';

/** The value, or a failed test naming what was missing. */
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'oz-world');

/** The fixture folder as archive entries, with the map's image beside it. */
function fixtureEntries(): RawEntry[] {
  return [{ name: 'images/map-of-oz.png', data: TINY_PNG }, ...folderEntries(FIXTURE)];
}

describe.each(DIALECTS)('OnlyWorlds import and export on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const get = async <T>(user: TestUser, url: string): Promise<T> => {
    const response = await t.app.inject({ url: `/api/worlds${url}`, headers: user.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const characters = async (user: TestUser, worldId: string) =>
    (await get<{ data: Character[] }>(user, `/${worldId}/characters?limit=100&sortBy=name&sortOrder=asc`)).data;

  it('imports an OnlyWorlds folder as a world to browse and lists the element types it could not map', async () => {
    const owner = await createUser(t.app);
    const { status, body } = await importArchive(t.app, owner.headers, rawZip(fixtureEntries()));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.format).toBe('onlyworlds');
    expect(body.world.name).toBe('Oz (OnlyWorlds)');
    const worldId = body.world.worldId;

    const people = await characters(owner, worldId);
    expect(people.map((c) => c.name)).toEqual(['Aunt Em', 'Dorothy Gale', 'Scarecrow', 'The Wizard']);
    const byName = new Map(people.map((c) => [c.name, c]));
    const dorothy = must(byName.get('Dorothy Gale'), 'Dorothy Gale');
    // Scalar fields become attributes; links to types without a counterpart keep the linked names.
    expect(dorothy.attributes).toMatchObject({ physicality: 'Small, brown braids', charisma: 70, birth_date: 1888, species: ['Human'] });
    expect(dorothy.description).toBe(
      `A girl from Kansas, friend of [the Scarecrow](loreforge://character/${must(byName.get('Scarecrow'), 'Scarecrow').characterId}).`,
    );

    const relationships = (await get<{ data: Relationship[] }>(owner, `/${worldId}/characters/${dorothy.characterId}/relationships`)).data;
    expect(relationships.find((r) => r.targetCharacterName === 'Scarecrow')).toMatchObject({ relationshipType: 'friend', affinity: 50 });
    expect(relationships.find((r) => r.targetCharacterName === 'The Wizard')?.description).toContain('Intensity 70 of 100.');

    const inventory = (
      await get<{ data: Array<{ itemId: string; quantity: number }> }>(owner, `/${worldId}/characters/${dorothy.characterId}/inventory`)
    ).data;
    const items = (
      await get<{ data: Array<{ itemId: string; name: string; properties: Record<string, unknown> }> }>(owner, `/${worldId}/items`)
    ).data;
    expect(items.map((item) => item.name)).toEqual(['Silver Shoes']);
    const shoes = must(items[0], 'the item');
    expect(shoes.properties).toMatchObject({ aesthetics: 'Silver, shining', location: 'Emerald City' });
    expect(inventory.map((line) => line.itemId)).toEqual([shoes.itemId]);

    // The pinned location is a point of the map (with its image); the others are on the generated map.
    const maps = (
      await get<{ data: Array<{ mapId: string; name: string; hasImage?: boolean }> }>(owner, `/${worldId}/maps?sortBy=name&sortOrder=asc`)
    ).data;
    expect(maps.map((map) => map.name)).toEqual(['Locations', 'Map of Oz']);
    const ozMap = must(
      maps.find((map) => map.name === 'Map of Oz'),
      'Map of Oz',
    );
    const image = await t.app.inject({ url: `/api/worlds/${worldId}/maps/${ozMap.mapId}/image`, headers: owner.headers });
    expect(image.statusCode).toBe(200);
    const points = (
      await get<{ data: Array<{ pointId: string; name: string; x: number; y: number }> }>(owner, `/${worldId}/maps/${ozMap.mapId}/points`)
    ).data;
    // OnlyWorlds measures from the bottom of the 100-pixel map, Loreforge from the top.
    expect(points).toEqual([expect.objectContaining({ name: 'Emerald City', x: 40, y: 70 })]);
    expect(must(byName.get('Scarecrow'), 'Scarecrow').currentLocationId).toBe(must(points[0], 'the point').pointId);

    const events = (await get<{ data: Array<{ name: string; dateTime: string | null }> }>(owner, `/${worldId}/events`)).data;
    expect(events.map((event) => [event.name, event.dateTime?.slice(0, 16)])).toEqual([['The Cyclone', '1900-01-01T00:00']]);
    const quests = (await get<{ data: Array<{ name: string }> }>(owner, `/${worldId}/quests`)).data;
    expect(quests.map((quest) => quest.name)).toEqual(['Journey to the Emerald City']);
    const connections = (await get<{ data: Array<{ connectionType: string }> }>(owner, `/${worldId}/connections?limit=100`)).data;
    expect(connections.map((connection) => connection.connectionType)).toEqual(
      expect.arrayContaining(['family: Gale', 'institution: Emerald Court', 'protagonist', 'involves']),
    );

    const reasonsFor = (where: string) => body.notMapped.filter((item) => item.path === where).map((item) => item.reason);
    expect(reasonsFor('elements/species/human--0190f3a1-0000-7000-8000-000000000901.json').join('\n')).toMatch(
      /species elements have no counterpart/,
    );
    expect(reasonsFor('elements/character/dorothy-gale--0190f3a1-0000-7000-8000-000000000101.json').join('\n')).toMatch(
      /extension fields of other tools/,
    );
  });

  it('imports the folder when the archive was made by zipping the folder itself', async () => {
    const owner = await createUser(t.app);
    const entries = fixtureEntries().map((entry) => ({ ...entry, name: `oz-world/${entry.name}` }));
    const { status, body } = await importArchive(t.app, owner.headers, rawZip(entries));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.format).toBe('onlyworlds');
    expect(body.created).toMatchObject({ characters: 4, items: 1, maps: 2 });
    expect(body.notMapped.map((item) => item.path)).toContain('elements/species/human--0190f3a1-0000-7000-8000-000000000901.json');
  });

  it('exports a world as an OnlyWorlds folder that imports back with its names, relationships, inventories, places and secrets', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Round trip to Oz' });
    const send = async (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') => {
      const response = await t.app.inject({ method, url: `/api/worlds/${world.worldId}${url}`, headers: owner.headers, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<Record<string, string>>();
    };
    const map = await send('/maps', { name: 'Map of Oz' });
    const emerald = await send(`/maps/${map.mapId}/points`, { name: 'Emerald City', x: 40, y: 60 });
    await send(`/maps/${map.mapId}/points`, { name: 'Munchkin Country', x: 10, y: 100 });
    const toto = await send('/characters', { name: 'Toto', attributes: { species: 'dog', loyal: true } });
    const dorothy = await send('/characters', {
      name: 'Dorothy',
      description: 'Travels with Toto.',
      attributes: { courage: 8 },
      currentLocationId: emerald.pointId,
    });
    await send('/characters', { name: 'Oscar Diggs', visibility: 'editors', gmNotes: 'The Wizard himself.' });
    await send(`/characters/${dorothy.characterId}/relationships`, {
      targetCharacterId: toto.characterId,
      relationshipType: 'like_family',
      affinity: 90,
      trustLevel: 75,
    });
    const shoes = await send('/items', { name: 'Silver Shoes', properties: { magic: true } });
    await send(`/characters/${dorothy.characterId}/inventory`, { itemId: shoes.itemId, quantity: 2, equipped: true });
    const timeline = await send('/timelines', { name: 'The story', currentDateTime: '1900-12-31T00:00:00Z' });
    await send('/events', { name: 'The Cyclone', timelineId: timeline.timelineId, dateTime: '1900-05-01T00:00:00Z' });

    const { files } = await exportWorld(t.app, owner.headers, world.worldId, 'onlyworlds');
    const paths = [...files.keys()];
    expect(paths).toContain('world.json');
    expect(paths).toContain(`elements/character/dorothy--${dorothy.characterId}.json`);
    expect(paths.some((p) => /^elements\/relation\/dorothy-toto--[0-9a-f-]{36}\.json$/.test(p))).toBe(true);
    const element = JSON.parse(
      Buffer.from(must(files.get(`elements/character/dorothy--${dorothy.characterId}.json`), "Dorothy's file")).toString('utf8'),
    ) as Record<string, unknown>;
    expect(element).toMatchObject({
      id: dorothy.characterId,
      type: 'character',
      name: 'Dorothy',
      world: world.worldId,
      objects: [shoes.itemId],
    });

    const elementOf = (pattern: RegExp) => {
      const found = paths.find((p) => pattern.test(p));
      const bytes = found === undefined ? undefined : files.get(found);
      expect(bytes, String(pattern)).toBeDefined();
      return JSON.parse(Buffer.from(bytes ?? new Uint8Array()).toString('utf8')) as Record<string, unknown>;
    };
    // A map without an image is as tall as its lowest point; pins are measured from its bottom edge.
    expect(elementOf(/^elements\/map\//)).toMatchObject({ height: 100 });
    expect(elementOf(/^elements\/pin\/emerald-city--/)).toMatchObject({ x: 40, y: 40 });

    const archive = rawZip(paths.map((name) => ({ name, data: must(files.get(name), name) })));
    const { status, body } = await importArchive(t.app, owner.headers, archive);
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.format).toBe('onlyworlds');
    expect(body.world.name).toBe('Round trip to Oz');
    const people = await characters(owner, body.world.worldId);
    expect(people.map((c) => c.name)).toEqual(['Dorothy', 'Oscar Diggs', 'Toto']);
    const newDorothy = must(
      people.find((c) => c.name === 'Dorothy'),
      'Dorothy',
    );
    expect(newDorothy.attributes).toEqual({ courage: 8 });
    expect(people.find((c) => c.name === 'Oscar Diggs')).toMatchObject({ visibility: 'editors', gmNotes: 'The Wizard himself.' });
    const relationships = (
      await get<{ data: Relationship[] }>(owner, `/${body.world.worldId}/characters/${newDorothy.characterId}/relationships`)
    ).data;
    expect(relationships).toEqual([
      expect.objectContaining({ targetCharacterName: 'Toto', relationshipType: 'like_family', affinity: 90, trustLevel: 75 }),
    ]);
    const inventory = (
      await get<{ data: Array<{ quantity: number; equipped: boolean }> }>(
        owner,
        `/${body.world.worldId}/characters/${newDorothy.characterId}/inventory`,
      )
    ).data;
    expect(inventory).toEqual([expect.objectContaining({ quantity: 2, equipped: true })]);
    const maps = (await get<{ data: Array<{ mapId: string; name: string }> }>(owner, `/${body.world.worldId}/maps`)).data;
    expect(maps.map((m) => m.name)).toEqual(['Map of Oz']);
    const points = (
      await get<{ data: Array<{ pointId: string; name: string; x: number; y: number }> }>(
        owner,
        `/${body.world.worldId}/maps/${must(maps[0], 'the map').mapId}/points`,
      )
    ).data;
    expect(points).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'Emerald City', x: 40, y: 60 }),
        expect.objectContaining({ name: 'Munchkin Country', x: 10, y: 100 }),
      ]),
    );
    expect(newDorothy.currentLocationId).toBe(
      must(
        points.find((point) => point.name === 'Emerald City'),
        'Emerald City',
      ).pointId,
    );
    const events = (
      await get<{ data: Array<{ name: string; dateTime: string | null; timelineName?: string | null }> }>(
        owner,
        `/${body.world.worldId}/events`,
      )
    ).data;
    expect(events.map((event) => [event.name, event.dateTime?.slice(0, 16)])).toEqual([['The Cyclone', '1900-05-01T00:00']]);
  });

  it("keeps goals, objectives, map areas, calendar dates, branches and events' changes through export, import and export again", async () => {
    const { world, owner } = await createWorld(t.app, { name: 'The Realms' });
    const send = async (url: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url: `/api/worlds/${world.worldId}${url}`, headers: owner.headers, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<Record<string, string>>();
    };
    const drizzt = await send('/characters', { name: 'Drizzt', attributes: { courage: 5 } });
    await send(`/characters/${drizzt.characterId}/goals`, {
      title: 'Find a home',
      description: 'Somewhere on the surface.',
      goalType: 'Personal',
      status: 'InProgress',
    });
    const quest = await send('/quests', { name: 'Leave the Underdark' });
    await send(`/quests/${quest.questId}/objectives`, { description: 'Reach the surface', target: 3 });
    const map = await send('/maps', { name: 'The North' });
    const area = await send(`/maps/${map.mapId}/areas`, {
      name: 'Silverymoon',
      color: '#aabbcc',
      polygon: [
        [10, 10],
        [50, 10],
        [30, 40],
      ],
    });
    const tag = async (type: string, id: string | undefined, tags: string[]) => {
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/worlds/${world.worldId}/tags/${type}/${id}`,
        headers: owner.headers,
        payload: { tags },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    await tag('map_area', area.areaId, ['Gem of the North']);
    await tag('map', map.mapId, ['Cold']);
    const calendar = await send('/calendars', { preset: 'harptos', name: 'Calendar of Harptos' });
    const realms = await send('/timelines', {
      name: 'Dalereckoning',
      calendarId: calendar.calendarId,
      currentDate: { year: 1492, month: 9, day: 30 },
    });
    const feast = await send('/events', {
      name: 'Shieldmeet feast',
      timelineId: realms.timelineId,
      calendarDate: { year: 1492, month: 11, day: 1 },
    });
    await send('/events', {
      name: 'Drizzt finds courage',
      timelineId: realms.timelineId,
      calendarDate: { year: 1492, month: 3, day: 14 },
      characterAttributeChanges: { version: 1, changes: [{ op: 'set', characterId: drizzt.characterId, path: 'courage', value: 9 }] },
    });
    await send('/timelines', {
      name: 'What if he stayed',
      calendarId: calendar.calendarId,
      currentDate: { year: 1493, month: 1, day: 1 },
      parentTimelineId: realms.timelineId,
      branchingEvent: feast.eventId,
    });

    const first = await exportWorld(t.app, owner.headers, world.worldId, 'onlyworlds');
    const firstPaths = [...first.files.keys()];
    const read = (files: ReadonlyMap<string, Uint8Array>, pattern: RegExp) => {
      const found = [...files.keys()].find((p) => pattern.test(p));
      expect(found, String(pattern)).toBeDefined();
      return JSON.parse(Buffer.from(files.get(found ?? '') ?? new Uint8Array()).toString('utf8')) as Record<string, unknown>;
    };
    // OnlyWorlds readers see the standard's own fields: a Goal and an Objective narrative, a zone with its pin,
    // and the feast's start_date in the year of its calendar.
    expect(read(first.files, /^elements\/narrative\/find-a-home--/)).toMatchObject({ subtype: 'Goal', characters: [drizzt.characterId] });
    expect(read(first.files, /^elements\/narrative\/reach-the-surface--/)).toMatchObject({ subtype: 'Objective' });
    expect(read(first.files, /^elements\/zone\/silverymoon--/)).toMatchObject({ type: 'zone', name: 'Silverymoon' });
    expect(read(first.files, /^elements\/pin\/silverymoon--/)).toMatchObject({ element_type: 'zone', x: 30 });
    expect(read(first.files, /^elements\/event\/shieldmeet-feast--/)).toMatchObject({ start_date: 1492 });

    const { status, body } = await importArchive(
      t.app,
      owner.headers,
      rawZip(firstPaths.map((name) => ({ name, data: first.files.get(name) ?? '' }))),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.created).toMatchObject({ goals: 1, objectives: 1, mapAreas: 1, calendars: 1, timelines: 2, events: 2 });
    const copy = body.world.worldId;

    const [newDrizzt] = await characters(owner, copy);
    const goals = (await get<{ data: Array<Record<string, unknown>> }>(owner, `/${copy}/characters/${newDrizzt?.characterId}/goals`)).data;
    expect(goals).toEqual([expect.objectContaining({ title: 'Find a home', goalType: 'Personal', status: 'InProgress' })]);
    const [newQuest] = (await get<{ data: Array<{ questId: string }> }>(owner, `/${copy}/quests`)).data;
    const objectives = (await get<{ data: Array<Record<string, unknown>> }>(owner, `/${copy}/quests/${newQuest?.questId}/objectives`)).data;
    expect(objectives).toEqual([expect.objectContaining({ description: 'Reach the surface', target: 3 })]);
    const [newMap] = (await get<{ data: Array<{ mapId: string }> }>(owner, `/${copy}/maps`)).data;
    const areas = (await get<{ data: Array<Record<string, unknown>> }>(owner, `/${copy}/maps/${newMap?.mapId}/areas`)).data;
    expect(areas).toEqual([
      expect.objectContaining({
        name: 'Silverymoon',
        color: '#aabbcc',
        polygon: [
          [10, 10],
          [50, 10],
          [30, 40],
        ],
      }),
    ]);
    const tagsOf = async (type: string, id: unknown) => (await get<{ tags: string[] }>(owner, `/${copy}/tags/${type}/${String(id)}`)).tags;
    expect(await tagsOf('map_area', areas[0]?.areaId)).toEqual(['Gem of the North']);
    expect(await tagsOf('map', newMap?.mapId)).toEqual(['Cold']);
    // No stray map point for the area's pin.
    expect((await get<{ data: unknown[] }>(owner, `/${copy}/maps/${newMap?.mapId}/points`)).data).toEqual([]);

    const timelines = (
      await get<{
        data: Array<{
          timelineId: string;
          name: string;
          calendarId: string | null;
          parentTimelineId: string | null;
          branchingEvent: string | null;
        }>;
      }>(owner, `/${copy}/timelines?sortBy=name&sortOrder=asc`)
    ).data;
    const main = timelines.find((timeline) => timeline.name === 'Dalereckoning');
    const branch = timelines.find((timeline) => timeline.name === 'What if he stayed');
    expect(main?.calendarId).toEqual(expect.any(String));
    expect(branch).toMatchObject({ parentTimelineId: main?.timelineId, calendarId: main?.calendarId });
    const events = (
      await get<{
        data: Array<{
          eventId: string;
          name: string;
          formattedDate?: string;
          calendarDate?: Record<string, unknown>;
          characterAttributeChanges: unknown;
        }>;
      }>(owner, `/${copy}/timelines/${main?.timelineId}/events`)
    ).data;
    const newFeast = events.find((event) => event.name === 'Shieldmeet feast');
    expect(newFeast).toMatchObject({ formattedDate: 'Shieldmeet, 1492 DR', calendarDate: { year: 1492, month: 11, day: 1 } });
    expect(branch?.branchingEvent).toBe(newFeast?.eventId);
    expect(events.find((event) => event.name === 'Drizzt finds courage')).toMatchObject({
      calendarDate: { year: 1492, month: 3, day: 14 },
      characterAttributeChanges: { version: 1, changes: [{ op: 'set', characterId: newDrizzt?.characterId, path: 'courage', value: 9 }] },
    });

    // Exported again, the copy writes the same elements, apart from ids and timestamps.
    const second = await exportWorld(t.app, owner.headers, copy, 'onlyworlds');
    const shape = (files: ReadonlyMap<string, Uint8Array>) => [...files.keys()].map((p) => p.replace(/--[0-9a-f-]{36}\.json$/, '')).sort();
    expect(shape(second.files)).toEqual(shape(first.files));
    expect(read(second.files, /^elements\/event\/shieldmeet-feast--/)).toMatchObject({ start_date: 1492 });
  });

  it('imports its own export of a world with every kind of entity as the same world, apart from ids, timestamps and reveals', async () => {
    const owner = await createUser(t.app);
    const { params } = await buildFullWorld(t.app, owner);
    const worldId = must(params.worldId, 'the world');
    const { files } = await exportWorld(t.app, owner.headers, worldId, 'onlyworlds');
    const { status, body } = await importArchive(
      t.app,
      owner.headers,
      rawZip([...files.keys()].map((name) => ({ name, data: must(files.get(name), name) }))),
    );
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.notMapped).toEqual([]);
    // The native bundles of both worlds hold the same records: nothing was left behind in the OnlyWorlds folder.
    const bundleOf = async (id: string) => canonicalBundle((await exportWorld(t.app, owner.headers, id)).files, { dropReveals: true });
    expect(await bundleOf(body.world.worldId)).toEqual(await bundleOf(worldId));
  });

  it('refuses hostile OnlyWorlds folders with a 400 and creates nothing', async () => {
    const owner = await createUser(t.app);
    const worlds = async () =>
      (await t.app.inject({ url: '/api/worlds?limit=100', headers: owner.headers })).json<{ data: World[] }>().data.length;
    const before = await worlds();
    const world = { name: 'world.json', data: JSON.stringify({ id: 'w', name: 'Hostile' }) };
    const cases: Array<{ entries: RawEntry[]; message: RegExp }> = [
      { entries: [world, { name: 'elements/character/../../../etc/passwd.json', data: '{}' }], message: /unsafe name/ },
      { entries: [world, { name: 'elements\\character\\evil.json', data: '{}' }], message: /unsafe name/ },
      {
        entries: [
          world,
          { name: 'elements/character/deep--1.json', data: `{"id":"1","name":"x","a":${'['.repeat(3000)}${']'.repeat(3000)}}` },
        ],
        message: /nested more than/,
      },
      {
        entries: [world, { name: 'elements/character/nameless.json', data: JSON.stringify({ name: 'No id' }) }],
        message: /^elements\/character\/nameless\.json: id/,
      },
      {
        entries: [world, { name: 'elements/character/long--1.json', data: JSON.stringify({ id: '1', name: 'x'.repeat(100_000) }) }],
        message: /^elements\/character\/long--1\.json: name/,
      },
    ];
    for (const { entries, message } of cases) {
      const { status, body } = await importArchive(t.app, owner.headers, rawZip(entries));
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.message).toMatch(message);
    }
    expect(await worlds()).toBe(before);
  });
});
