/**
 * POST /worlds/import with a Kanka campaign export (issue 13 "Ways in from other tools") on each database: the
 * fixture campaign (fixtures/oz-campaign, in Kanka's export shape) becomes a world a user can browse — names,
 * relationships with their attitude as affinity, inventories, the location, mentions pointing at the new ids,
 * the calendar and its dated event, private entities kept from players — and the answer lists what was left
 * out. Hostile archives in Kanka's shape are refused with a 400 and nothing is created.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Character, Relationship, World } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../../../test/app.js';
import { DIALECTS } from '../../../../../test/dialects.js';
import { addMember } from '../../../../../test/factories/member.js';
import { createUser, type TestUser } from '../../../../../test/factories/user.js';
import { importArchive } from '../../../../../test/transfer/bundle-compare.js';
import { present } from '../../../../../test/present.js';
import { folderEntries, rawZip, type RawEntry } from '../../../../../test/transfer/raw-zip.js';

const FIXTURE = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'oz-campaign');

/** The fixture campaign's files as archive entries, plus a gallery image as Kanka exports put them. */
function campaignEntries(): RawEntry[] {
  return [
    ...folderEntries(FIXTURE),
    { name: 'gallery/0b3c5e1e-2f0d-4c7b-9a8e-1d2f3a4b5c6d.png', data: Buffer.from([0x89, 0x50, 0x4e, 0x47]) },
  ];
}

describe.each(DIALECTS)('Kanka campaign import on %s', (dialect) => {
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
  const worldCount = async (user: TestUser) =>
    (await t.app.inject({ url: '/api/worlds?limit=100', headers: user.headers })).json<{ data: World[] }>().data.length;

  it('creates a world from a Kanka export and lists what it could not map', async () => {
    const owner = await createUser(t.app);
    const { status, body } = await importArchive(t.app, owner.headers, rawZip(campaignEntries()));
    expect(status, JSON.stringify(body)).toBe(201);
    expect(body.format).toBe('kanka');
    expect(body.world.name).toBe('The Land of Oz');
    expect(body.world.description).toBe('A campaign in the Land of Oz, beyond the deserts.');
    expect(body.created).toMatchObject({
      characters: 4,
      items: 2,
      inventory: 2,
      relationships: 4,
      calendars: 1,
      timelines: 2,
      events: 2,
      maps: 1,
      mapPoints: 3,
      quests: 1,
    });
    const reported = body.notMapped.map((item) => item.path);
    expect(reported).toEqual(
      expect.arrayContaining([
        'notes/prophecy_2001.json',
        'gallery/0b3c5e1e-2f0d-4c7b-9a8e-1d2f3a4b5c6d.png',
        'characters/dorothy-gale_1001.json#entity.posts',
        'characters/dorothy-gale_1001.json#entity.relationships/3',
        'quests/see-the-wizard_1701.json#elements/1',
      ]),
    );
    expect(body.notMapped.find((item) => item.path === 'notes/prophecy_2001.json')?.reason).toMatch(/notes have no counterpart/);
  });

  it('keeps characters, relationships with attitude as affinity, inventories, locations and mentions by the new ids', async () => {
    const owner = await createUser(t.app);
    const { body } = await importArchive(t.app, owner.headers, rawZip(campaignEntries()));
    const worldId = body.world.worldId;
    const characters = (await get<{ data: Character[] }>(owner, `/${worldId}/characters?limit=100&sortBy=name&sortOrder=asc`)).data;
    expect(characters.map((c) => c.name)).toEqual(['Aunt Em', 'Dorothy Gale', 'Scarecrow', 'The Wizard']);
    const byName = new Map(characters.map((c) => [c.name, c]));
    const dorothy = present(byName.get('Dorothy Gale'), 'Dorothy Gale');
    const scarecrow = present(byName.get('Scarecrow'), 'Scarecrow');

    expect(dorothy.attributes).toMatchObject({
      title: 'Girl from Kansas',
      pronouns: 'she/her',
      Courage: 8,
      Homesick: true,
      traits: { Hair: 'Brown braids' },
    });
    // The HTML entry is plain text; its script is gone; mentions name the new world's entities.
    expect(dorothy.descriptionHtml).toContain(
      `<span data-type="mention" data-entity-type="character" data-id="${scarecrow.characterId}">Scarecrow</span>`,
    );
    expect(dorothy.descriptionHtml).toContain(`data-id="${present(byName.get('Aunt Em'), 'Aunt Em').characterId}">Aunt Em</span>`);
    expect(dorothy.description).toContain('Scarecrow');
    expect(dorothy.description).not.toContain('loreforge://');
    expect(`${dorothy.description} ${dorothy.descriptionHtml}`).not.toContain('alert');
    // The mentions are indexed: the Scarecrow's page lists Dorothy under "Mentioned in".
    const mentionedIn = await get<{ data: Array<{ name: string }> }>(owner, `/${worldId}/characters/${scarecrow.characterId}/backlinks`);
    expect(mentionedIn.data.map((link) => link.name)).toContain('Dorothy Gale');
    // The private attribute is a GM note.
    expect(dorothy.gmNotes).toBe('True home: Kansas, forever');

    const relationships = (await get<{ data: Relationship[] }>(owner, `/${worldId}/characters/${dorothy.characterId}/relationships`)).data;
    const toScarecrow = present(
      relationships.find((r) => r.targetCharacterId === scarecrow.characterId),
      'the relation to the Scarecrow',
    );
    expect(toScarecrow).toMatchObject({ relationshipType: 'friend', affinity: 80, description: 'Best friend' });
    expect(relationships.find((r) => r.targetCharacterName === 'Aunt Em')).toMatchObject({
      relationshipType: 'extended_family',
      affinity: 95,
    });

    const inventory = (
      await get<{ data: Array<{ itemId: string; quantity: number; equipped: boolean; notes: string | null }> }>(
        owner,
        `/${worldId}/characters/${dorothy.characterId}/inventory`,
      )
    ).data;
    const items = (
      await get<{ data: Array<{ itemId: string; name: string; properties: Record<string, unknown> }> }>(
        owner,
        `/${worldId}/items?limit=100`,
      )
    ).data;
    const shoes = present(
      items.find((item) => item.name === 'Silver Shoes'),
      'Silver Shoes',
    );
    expect(shoes.properties).toMatchObject({ price: 'Priceless', type: 'Magic item' });
    expect(inventory.find((line) => line.itemId === shoes.itemId)).toMatchObject({
      quantity: 1,
      equipped: true,
      notes: 'Feet — Taken from the Witch of the East',
    });
    expect(items.map((item) => item.name)).toContain('Picnic basket');

    const maps = (await get<{ data: Array<{ mapId: string; name: string }> }>(owner, `/${worldId}/maps`)).data;
    expect(maps.map((map) => map.name)).toEqual(['Locations']);
    const points = (
      await get<{ data: Array<{ pointId: string; name: string; description: string | null }> }>(
        owner,
        `/${worldId}/maps/${present(maps[0], 'the map').mapId}/points?limit=100`,
      )
    ).data;
    expect(points.find((point) => point.pointId === dorothy.currentLocationId)?.name).toBe('Kansas Farm');
    expect(points.find((point) => point.name === 'Emerald City')?.description).toMatch(/^Part of Land of Oz\./);

    const tags = await get<{ tags: string[] }>(owner, `/${worldId}/tags/character/${dorothy.characterId}`);
    expect(tags.tags).toEqual(expect.arrayContaining(['Gale', 'Heroes', 'Human']));
    const connections = (
      await get<{ data: Array<{ connectionType: string; sourceName: string | null; targetName: string | null }> }>(
        owner,
        `/${worldId}/connections?limit=100`,
      )
    ).data;
    expect(connections).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ connectionType: 'family: Gale' }),
        expect.objectContaining({ connectionType: 'Seeker', targetName: 'Dorothy Gale' }),
      ]),
    );
  });

  it('dates events on the imported calendar and keeps the others on a Gregorian timeline', async () => {
    const owner = await createUser(t.app);
    const { body } = await importArchive(t.app, owner.headers, rawZip(campaignEntries()));
    const worldId = body.world.worldId;
    const calendars = (
      await get<{ data: Array<{ calendarId: string; name: string; months: Array<{ name: string }> }> }>(owner, `/${worldId}/calendars`)
    ).data;
    expect(calendars).toHaveLength(1);
    expect(calendars[0]).toMatchObject({ name: 'Oz Reckoning' });
    const events = (
      await get<{ data: Array<{ name: string; dateTime: string | null; calendarDate?: { year: number; month: number; day: number } }> }>(
        owner,
        `/${worldId}/events?limit=100`,
      )
    ).data;
    expect(events.find((event) => event.name === 'The Cyclone')?.calendarDate).toMatchObject({ year: 1900, month: 1, day: 3 });
    expect(events.find((event) => event.name === 'Melting of the Witch')?.dateTime).toMatch(/^1900-06-21T00:00/);
  });

  it('keeps private Kanka entities and relations from a player of the imported world', async () => {
    const owner = await createUser(t.app);
    const { body } = await importArchive(t.app, owner.headers, rawZip(campaignEntries()));
    const worldId = body.world.worldId;
    const player = await addMember(t.app, owner, worldId, 'player');
    const asOwner = (await get<{ data: Character[] }>(owner, `/${worldId}/characters?limit=100`)).data;
    expect(asOwner.find((c) => c.name === 'The Wizard')?.visibility).toBe('editors');
    const asPlayer = (await get<{ data: Character[] }>(player, `/${worldId}/characters?limit=100`)).data;
    expect(asPlayer.map((c) => c.name).sort()).toEqual(['Aunt Em', 'Dorothy Gale', 'Scarecrow']);
    const dorothy = present(
      asPlayer.find((c) => c.name === 'Dorothy Gale'),
      'Dorothy Gale',
    );
    expect(dorothy.gmNotes).toBeNull();
    const relationships = (await get<{ data: Relationship[] }>(player, `/${worldId}/characters/${dorothy.characterId}/relationships`)).data;
    expect(relationships.map((r) => r.targetCharacterName).sort()).toEqual(['Aunt Em', 'Scarecrow']);
    // The quest's text mentions the secret Wizard without a label of its own: his name is not filled in for everyone.
    const quests = (
      await get<{ data: Array<{ name: string; description: string | null; descriptionHtml: string | null }> }>(player, `/${worldId}/quests`)
    ).data;
    expect(quests[0]?.description).toContain('ask (secret)');
    expect(quests[0]?.descriptionHtml).toContain('ask (secret)');
    expect(quests[0]?.descriptionHtml).not.toContain('data-type="mention"');
  });

  it('refuses hostile Kanka archives with a 400 and creates nothing', async () => {
    const owner = await createUser(t.app);
    const before = await worldCount(owner);
    const campaign = { name: 'campaign.json', data: JSON.stringify({ name: 'Hostile' }) };
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    const cases: Array<{ entries: RawEntry[]; message: RegExp }> = [
      { entries: [campaign, { name: 'characters/../../evil_1.json', data: '{}' }], message: /unsafe name/ },
      { entries: [campaign, { name: 'characters/deep_1.json', data: deep }], message: /nested more than/ },
      { entries: [campaign, { name: 'characters/broken_1.json', data: '{"name": "Dorothy"' }], message: /not valid JSON/ },
      {
        entries: [campaign, { name: 'characters/no-entity_1.json', data: JSON.stringify({ id: 1, name: 'Dorothy' }) }],
        message: /^characters\/no-entity_1\.json: entity/,
      },
      {
        entries: [
          campaign,
          {
            name: 'characters/huge_1.json',
            data: JSON.stringify({ id: 1, name: 'x'.repeat(5000), entity: { id: 2, name: 'x'.repeat(5000) } }),
          },
        ],
        message: /^characters\/huge_1\.json: /,
      },
    ];
    for (const { entries, message } of cases) {
      const { status, body } = await importArchive(t.app, owner.headers, rawZip(entries));
      expect(status, JSON.stringify(body)).toBe(400);
      expect(body.message).toMatch(message);
    }
    expect(await worldCount(owner)).toBe(before);
  });
});
