/**
 * GET /worlds/{worldId}/export and POST /worlds/import (issue 13) on each database: a rich world survives
 * export → import → export apart from ids and timestamps, with every reference and mention pointing into the new
 * world; a bundle imports twice; a player's export holds no secret; unknown formats are refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUNDLE_MESSAGES, type TimelineState, type World } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { addMember } from '../../../test/factories/member.js';
import type { TestUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';
import { TINY_PNG } from '../../../test/resilience/full-world.js';
import { canonicalBundle, exportWorld, importArchive, readJson } from '../../../test/transfer/bundle-compare.js';
import { present } from '../../../test/present.js';

describe.each(DIALECTS)('world export and import on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A world with one of every kind of entity, secrets, GM notes, a branch, a calendar, tags, an image and a mention by id. */
  async function richWorld() {
    const { world, owner } = await createWorld(t.app, { name: 'The Land of Oz', description: 'Over the rainbow' });
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const send = async (method: 'POST' | 'PUT', path: string, payload: object) => {
      const response = await t.app.inject({ method, url: `/api/worlds/${world.worldId}${path}`, headers: owner.headers, payload });
      if (response.statusCode >= 300) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
      return response.json<Record<string, string>>();
    };
    const calendar = await send('POST', '/calendars', { preset: 'harptos', name: 'Reckoning of Oz' });
    const map = await send('POST', '/maps', { name: 'Map of Oz' });
    const image = await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${world.worldId}/maps/${map.mapId}/image`,
      headers: { ...owner.headers, 'content-type': 'image/png' },
      payload: TINY_PNG,
    });
    expect(image.statusCode).toBe(200);
    const emerald = await send('POST', `/maps/${map.mapId}/points`, { name: 'Emerald City', x: 10, y: 20 });
    await send('POST', `/maps/${map.mapId}/areas`, {
      name: 'Munchkin Country',
      color: '#0000ff',
      polygon: [
        [0, 0],
        [5, 0],
        [0, 5],
      ],
    });
    const dorothy = await send('POST', '/characters', {
      name: 'Dorothy',
      attributes: { courage: 3, home: { state: 'Kansas' } },
      currentLocationId: emerald.pointId,
    });
    const wizard = await send('POST', '/characters', {
      name: 'Oscar Diggs',
      visibility: 'editors',
      gmNotes: 'A humbug from Omaha.',
      revealedTo: [player.user.userId],
    });
    await send('PUT', `/characters/${dorothy.characterId}`, {
      name: 'Dorothy',
      description: `Seeks the wizard (${wizard.characterId}) in the city.`,
      attributes: { courage: 3, home: { state: 'Kansas' } },
      currentLocationId: emerald.pointId,
    });
    await send('POST', `/maps/${map.mapId}/points`, {
      name: 'Where Dorothy stands',
      x: 1,
      y: 2,
      entity: { type: 'character', id: dorothy.characterId },
    });
    const shoes = await send('POST', '/items', { name: 'Silver Shoes', properties: { magic: true } });
    await send('POST', `/characters/${dorothy.characterId}/inventory`, {
      itemId: shoes.itemId,
      quantity: 2,
      equipped: true,
      notes: 'On her feet',
      gmNotesHtml: `<p>Stolen from the witch for <span data-type="mention" data-entity-type="character" data-id="${dorothy.characterId}">Dorothy</span></p>`,
    });
    await send('POST', `/characters/${dorothy.characterId}/relationships`, {
      targetCharacterId: wizard.characterId,
      relationshipType: 'friend',
      affinity: 40,
    });
    await send('POST', `/characters/${dorothy.characterId}/goals`, {
      title: 'Go home',
      description: 'Back to Kansas',
      goalType: 'Primary',
      status: 'InProgress',
    });
    await send('POST', '/goals', { title: 'Keep Oz safe', description: 'A world goal', goalType: 'Secondary', status: 'Pending' });
    const main = await send('POST', '/timelines', { name: 'The story', currentDateTime: '1900-12-31T00:00:00Z' });
    const meets = await send('POST', '/events', {
      name: 'Dorothy meets the Wizard',
      timelineId: main.timelineId,
      dateTime: '1900-06-01T00:00:00Z',
      characterAttributeChanges: { version: 1, changes: [{ op: 'increment', characterId: dorothy.characterId, path: 'courage', by: 2 }] },
      inventoryChanges: { version: 1, changes: [{ characterId: dorothy.characterId, itemId: shoes.itemId, quantity: -1 }] },
      relationshipChanges: {
        version: 1,
        changes: [{ op: 'update', characterId: dorothy.characterId, targetCharacterId: wizard.characterId, delta: { trustLevel: 10 } }],
      },
    });
    await send('POST', '/events', {
      name: 'The Wizard is unmasked',
      timelineId: main.timelineId,
      dateTime: '1900-07-01T00:00:00Z',
      visibility: 'editors',
      gmNotesHtml: `<p>Toto pulls the curtain for <span data-type="mention" data-entity-type="character" data-id="${dorothy.characterId}">Dorothy</span>.</p>`,
    });
    const branch = await send('POST', '/timelines', {
      name: 'If she stayed',
      currentDateTime: '1900-12-31T00:00:00Z',
      parentTimelineId: main.timelineId,
      branchingEvent: meets.eventId,
    });
    const harptos = await send('POST', '/timelines', {
      name: 'Harptos reckoning',
      calendarId: calendar.calendarId,
      currentDate: { year: 1492, month: 1, day: 1, hour: 0, minute: 0 },
    });
    await send('POST', '/events', {
      name: 'Festival',
      timelineId: harptos.timelineId,
      calendarDate: { year: 1491, month: 3, day: 3, hour: 12, minute: 0 },
    });
    const quest = await send('POST', '/quests', { name: 'Find the Wizard', status: 'active', difficulty: 4 });
    await send('POST', `/quests/${quest.questId}/objectives`, {
      description: 'Follow the road',
      target: 3,
      progress: 1,
      gmNotesHtml: `<p>Only <span data-type="mention" data-entity-type="character" data-id="${dorothy.characterId}">Dorothy</span> can</p>`,
    });
    await send('POST', '/connections', {
      sourceType: 'character',
      sourceId: dorothy.characterId,
      targetType: 'quest',
      targetId: quest.questId,
      connectionType: 'pursues',
    });
    await send('PUT', `/tags/character/${dorothy.characterId}`, { tags: ['Hero', 'Kansan'] });
    return { world, owner, player, dorothy, wizard, main, branch, meets, quest };
  }

  it('exports a world and imports it as a new world that exports to the same bundle apart from ids and timestamps', async () => {
    const oz = await richWorld();
    const first = await exportWorld(t.app, oz.owner.headers, oz.world.worldId);
    const imported = await importArchive(t.app, oz.owner.headers, first.archive);
    expect(imported.status).toBe(201);
    expect(imported.body.format).toBe('bundle');
    expect(imported.body.world.name).toBe('The Land of Oz');
    expect(imported.body.world.worldId).not.toBe(oz.world.worldId);
    expect(imported.body.created).toMatchObject({
      characters: 2,
      items: 1,
      inventory: 1,
      relationships: 1,
      goals: 2,
      timelines: 3,
      events: 3,
      maps: 1,
      mapPoints: 2,
      mapAreas: 1,
      quests: 1,
      objectives: 1,
      connections: 1,
      calendars: 1,
      tags: 1,
    });
    // Reveals name players of the old world: reported, not silently dropped.
    expect(imported.body.notMapped).toEqual([expect.objectContaining({ path: 'revealedTo' })]);

    const second = await exportWorld(t.app, oz.owner.headers, imported.body.world.worldId);
    // The reveal to the old world's player is the one thing the new world cannot hold.
    expect(canonicalBundle(second.files)).toEqual(canonicalBundle(first.files, { dropReveals: true }));

    // Every id is new, and the mention in Dorothy's description names the new Wizard.
    const characters = readJson<Array<{ characterId: string; name: string; description: string | null; currentLocationId: string | null }>>(
      second.files,
      'characters.json',
    );
    const newDorothy = present(
      characters.find((c) => c.name === 'Dorothy'),
      'Dorothy',
    );
    const newWizard = present(
      characters.find((c) => c.name === 'Oscar Diggs'),
      'Oscar Diggs',
    );
    expect(newDorothy.characterId).not.toBe(oz.dorothy.characterId);
    expect(newDorothy.description).toBe(`Seeks the wizard (${newWizard.characterId}) in the city.`);
    const points = readJson<Array<{ pointId: string }>>(second.files, 'map-points.json').map((p) => p.pointId);
    expect(points).toContain(newDorothy.currentLocationId);
    const oldIds = [
      oz.world.worldId,
      oz.dorothy.characterId,
      oz.wizard.characterId,
      oz.main.timelineId,
      oz.meets.eventId,
      oz.quest.questId,
    ];
    const secondText = [...second.files.values()].map((bytes) => Buffer.from(bytes).toString('utf8')).join('\n');
    for (const id of oldIds) expect(secondText).not.toContain(id);

    // The rich GM notes came across with their mention pointing at the new Dorothy, who lists them in her backlinks.
    const unmasked = present(
      readJson<Array<{ name: string; gmNotes: string | null; gmNotesHtml: string | null }>>(second.files, 'events.json').find(
        (e) => e.name === 'The Wizard is unmasked',
      ),
      'The Wizard is unmasked',
    );
    expect(unmasked.gmNotes).toBe('Toto pulls the curtain for Dorothy.');
    expect(unmasked.gmNotesHtml).toContain(`data-id="${newDorothy.characterId}"`);
    const backlinks = await t.app.inject({
      url: `/api/worlds/${imported.body.world.worldId}/characters/${newDorothy.characterId}/backlinks`,
      headers: oz.owner.headers,
    });
    // So do the GM notes of her inventory entry and of the quest's objective, whose notes are their only rich text.
    expect(
      backlinks
        .json<{ data: Array<{ type: string; name: string }> }>()
        .data.map((link) => `${link.type} ${link.name}`)
        .sort(),
    ).toEqual(['event The Wizard is unmasked', 'inventoryItem Dorothy: Silver Shoes', 'questObjective Follow the road']);
  });

  it('gives the same timeline state at an event in the imported world as in the original', async () => {
    const oz = await richWorld();
    const first = await exportWorld(t.app, oz.owner.headers, oz.world.worldId);
    const imported = await importArchive(t.app, oz.owner.headers, first.archive);
    const newWorldId = imported.body.world.worldId;
    const timelines = (await t.app.inject({ url: `/api/worlds/${newWorldId}/timelines?limit=100`, headers: oz.owner.headers })).json<{
      data: Array<{ timelineId: string; name: string }>;
    }>().data;
    const events = (await t.app.inject({ url: `/api/worlds/${newWorldId}/events?limit=100`, headers: oz.owner.headers })).json<{
      data: Array<{ eventId: string; name: string }>;
    }>().data;
    const newMain = present(
      timelines.find((tl) => tl.name === 'The story'),
      'The story',
    );
    const newMeets = present(
      events.find((e) => e.name === 'Dorothy meets the Wizard'),
      'Dorothy meets the Wizard',
    );
    const state = async (worldId: string, timelineId: string, eventId: string) => {
      const response = await t.app.inject({
        url: `/api/worlds/${worldId}/timelines/${timelineId}/state?eventId=${eventId}`,
        headers: oz.owner.headers,
      });
      expect(response.statusCode).toBe(200);
      const body = response.json<TimelineState>();
      return body.characters
        .map((c) => ({
          name: c.name,
          attributes: c.attributes,
          inventory: c.inventory.map((h) => ({ quantity: h.quantity, equipped: h.equipped })),
        }))
        .sort((a, b) => a.name.localeCompare(b.name));
    };
    const before = await state(oz.world.worldId, oz.main.timelineId ?? '', oz.meets.eventId ?? '');
    const after = await state(newWorldId, newMain.timelineId, newMeets.eventId);
    expect(after).toEqual(before);
    expect(before.find((c) => c.name === 'Dorothy')?.attributes).toMatchObject({ courage: 5 });
  });

  it('imports the same bundle twice as two separate worlds of the caller', async () => {
    const oz = await richWorld();
    const { archive } = await exportWorld(t.app, oz.owner.headers, oz.world.worldId);
    const one = await importArchive(t.app, oz.owner.headers, archive);
    const two = await importArchive(t.app, oz.owner.headers, archive);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect(one.body.world.worldId).not.toBe(two.body.world.worldId);
    const home = (await t.app.inject({ url: '/api/worlds?limit=100', headers: oz.owner.headers })).json<{ data: World[] }>();
    const copies = home.data.filter((w) => w.name === 'The Land of Oz');
    expect(copies).toHaveLength(3);
    expect(copies.every((w) => w.role === 'owner')).toBe(true);
    const imported = present(
      copies.find((w) => w.worldId === two.body.world.worldId),
      'the imported world',
    );
    expect(imported.counts).toEqual({ characters: 2, timelines: 3, maps: 1, events: 3, items: 1 });
  });

  it("leaves every secret, GM note and reveal out of a player's export", async () => {
    const oz = await richWorld();
    const { files } = await exportWorld(t.app, oz.player.headers, oz.world.worldId);
    const text = [...files.values()].map((bytes) => Buffer.from(bytes).toString('utf8')).join('\n');
    // The Wizard is revealed to this player: his record is there, without notes or the reveal list.
    const characters = readJson<Array<{ name: string; gmNotes: string | null; gmNotesHtml: string | null; revealedTo: string[] }>>(
      files,
      'characters.json',
    );
    expect(characters.map((c) => c.name).sort()).toEqual(['Dorothy', 'Oscar Diggs']);
    expect(characters.every((c) => c.gmNotes === null && c.gmNotesHtml === null && c.revealedTo.length === 0)).toBe(true);
    expect(text).not.toContain('A humbug from Omaha');
    expect(text).not.toContain('The Wizard is unmasked');
    expect(text).not.toContain('Toto pulls the curtain');
    expect(readJson<{ includesSecrets: boolean; counts: { events: number } }>(files, 'manifest.json')).toMatchObject({
      includesSecrets: false,
      counts: { events: 2 },
    });
  });

  it('refuses an unknown export format with the formats it knows', async () => {
    const oz = await richWorld();
    const response = await t.app.inject({ url: `/api/worlds/${oz.world.worldId}/export?format=pdf`, headers: oz.owner.headers });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toContain('format must be one of: bundle');
  });

  it('answers 404 for a world the caller is not a member of', async () => {
    const oz = await richWorld();
    const stranger = (await createWorld(t.app)).owner;
    const response = await t.app.inject({ url: `/api/worlds/${oz.world.worldId}/export`, headers: stranger.headers });
    expect(response.statusCode).toBe(404);
  });

  it('names the archive after the world and serves it as a zip attachment', async () => {
    const oz = await richWorld();
    const response = await t.app.inject({ url: `/api/worlds/${oz.world.worldId}/export`, headers: oz.owner.headers });
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toBe('attachment; filename="the-land-of-oz.loreforge.zip"');
  });

  it('refuses a request without an archive', async () => {
    const { owner } = await createWorld(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/worlds/import',
      headers: { ...owner.headers, 'content-type': 'application/zip' },
      payload: Buffer.alloc(0),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ message: string }>().message).toBe(BUNDLE_MESSAGES.noBody);
  });
});

/** The caller's own worlds, by name, for checking that a refused import created nothing. */
export async function worldNames(t: TestApp, user: TestUser): Promise<string[]> {
  return (await t.app.inject({ url: '/api/worlds?limit=1000', headers: user.headers })).json<{ data: World[] }>().data.map((w) => w.name);
}
