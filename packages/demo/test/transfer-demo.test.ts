/**
 * The Oz demo round trip (issue 13 "Done when"), on each database: the demo world, shared with a player and
 * holding secrets, exports to a bundle that imports as a new world which exports to the same bundle apart from
 * ids and timestamps (rich text and its mentions included), with the timeline state after every event of both
 * timelines equal in both worlds and every character mentioned by the same entities ("Mentioned in").
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacklinksResponse, TimelineState } from '@loreforge/contract';
import {
  type BundleFiles,
  DIALECTS,
  type TestApp,
  buildTestApp,
  canonicalBundle,
  exportWorld,
  importArchive,
  readJson,
} from '@loreforge/server/testing';
import { type DemoLoadResult, runDemo } from '../src/index.js';
import { createInviteCode } from '@loreforge/server/host';

describe.each(DIALECTS)('the Oz demo exported and imported on %s', (dialect) => {
  let t: TestApp;
  let demo: DemoLoadResult & { token: string };
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    demo = await runDemo({
      baseUrl,
      account: { username: 'oz-transfer', email: 'transfer@loreforge.test', password: 'follow-the-yellow-brick-road' },
      player: { username: 'oz-transfer-player', email: 'transfer-player@loreforge.test', password: 'follow-the-yellow-brick-road' },
      inviteCode: () => createInviteCode(t.app.db),
    });
    headers = { authorization: `Bearer ${demo.token}` };
  }, 120_000);
  afterAll(async () => t.close());

  /** The state after each event of each timeline, by names (ids differ between the worlds). */
  async function statesAfterEvents(worldId: string, files: BundleFiles): Promise<Record<string, unknown>> {
    const timelines = readJson<Array<{ timelineId: string; name: string }>>(files, 'timelines.json');
    const events = readJson<Array<{ eventId: string; name: string; timelineId: string | null }>>(files, 'events.json');
    const items = new Map(readJson<Array<{ itemId: string; name: string }>>(files, 'items.json').map((item) => [item.itemId, item.name]));
    const out: Record<string, unknown> = {};
    for (const timeline of timelines) {
      for (const event of events.filter((e) => e.timelineId === timeline.timelineId)) {
        const response = await t.app.inject({
          url: `/api/worlds/${worldId}/timelines/${timeline.timelineId}/state?eventId=${event.eventId}`,
          headers,
        });
        expect(response.statusCode).toBe(200);
        out[`${timeline.name} / ${event.name}`] = response
          .json<TimelineState>()
          .characters.map((c) => ({
            name: c.name,
            attributes: c.attributes,
            holds: c.inventory.map((h) => `${items.get(h.itemId)}×${h.quantity}${h.equipped ? ' equipped' : ''}`).sort(),
          }))
          .sort((a, b) => a.name.localeCompare(b.name));
      }
    }
    return out;
  }

  /** Each character's backlinks as `type name` lines, by character name (ids differ between the worlds). */
  async function backlinksByCharacter(worldId: string, files: BundleFiles): Promise<Record<string, string[]>> {
    const out: Record<string, string[]> = {};
    for (const character of readJson<Array<{ characterId: string; name: string }>>(files, 'characters.json')) {
      const response = await t.app.inject({ url: `/api/worlds/${worldId}/characters/${character.characterId}/backlinks`, headers });
      expect(response.statusCode).toBe(200);
      out[character.name] = response.json<BacklinksResponse>().data.map((link) => `${link.type} ${link.name}`);
    }
    return out;
  }

  it('imports as a new world that exports to the same bundle, with the same state after every event', async () => {
    const first = await exportWorld(t.app, headers, demo.worldId);
    const manifest = readJson<{ counts: Record<string, number> }>(first.files, 'manifest.json');
    expect(manifest.counts).toMatchObject({ characters: demo.summary.characters, events: demo.summary.events, maps: demo.summary.maps });

    const imported = await importArchive(t.app, headers, first.archive);
    expect(imported.status).toBe(201);
    expect(imported.body.created).toMatchObject({
      characters: demo.summary.characters,
      items: demo.summary.items,
      inventory: demo.summary.inventoryEntries,
      relationships: demo.summary.relationships,
      goals: demo.summary.goals,
      timelines: demo.summary.timelines,
      events: demo.summary.events,
      maps: demo.summary.maps,
      mapPoints: demo.summary.points,
      mapAreas: demo.summary.areas,
      quests: demo.summary.quests,
      objectives: demo.summary.objectives,
      connections: demo.summary.connections,
    });
    const second = await exportWorld(t.app, headers, imported.body.world.worldId);
    expect(canonicalBundle(second.files)).toEqual(canonicalBundle(first.files, { dropReveals: true }));

    const before = await statesAfterEvents(demo.worldId, first.files);
    expect(Object.keys(before).length).toBe(demo.summary.events);
    expect(await statesAfterEvents(imported.body.world.worldId, second.files)).toEqual(before);

    // The demo's descriptions mention one another: the rich text and the backlink index both survive.
    const characters = readJson<Array<{ name: string; descriptionHtml: string | null }>>(second.files, 'characters.json');
    expect(characters.find((c) => c.name === 'The Scarecrow')?.descriptionHtml).toContain('data-type="mention"');
    const backlinks = await backlinksByCharacter(demo.worldId, first.files);
    expect(backlinks.Dorothy?.length ?? 0).toBeGreaterThan(0);
    expect(await backlinksByCharacter(imported.body.world.worldId, second.files)).toEqual(backlinks);
  }, 120_000);
});
