import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacklinksResponse, RichTextSourceType } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createUser } from '../../../test/factories/user.js';
import { buildFullWorld } from '../../../test/resilience/full-world.js';

/** Every mentionable type, the path of one entity of it in the full world, and the path parameter naming it. */
const TARGETS = [
  { type: 'character', path: (p: Record<string, string>) => `characters/${p.characterId}` },
  { type: 'item', path: (p: Record<string, string>) => `items/${p.itemId}` },
  { type: 'quest', path: (p: Record<string, string>) => `quests/${p.questId}` },
  { type: 'event', path: (p: Record<string, string>) => `events/${p.eventId}` },
  { type: 'timeline', path: (p: Record<string, string>) => `timelines/${p.timelineId}` },
  { type: 'map', path: (p: Record<string, string>) => `maps/${p.mapId}` },
  { type: 'mapPoint', path: (p: Record<string, string>) => `maps/${p.mapId}/points/${p.pointId}` },
  { type: 'mapArea', path: (p: Record<string, string>) => `maps/${p.mapId}/areas/${p.areaId}` },
  { type: 'goal', path: (p: Record<string, string>) => `goals/${p.goalId}` },
] as const;

const ID_OF: Record<(typeof TARGETS)[number]['type'], string> = {
  character: 'characterId',
  item: 'itemId',
  quest: 'questId',
  event: 'eventId',
  timeline: 'timelineId',
  map: 'mapId',
  mapPoint: 'pointId',
  mapArea: 'areaId',
  goal: 'goalId',
};

describe.each(DIALECTS)('rich text of every described entity on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('sanitises the text of all twelve kinds, renders their mentions and lists each of them in the backlinks of all nine mentionable kinds', async () => {
    const owner = await createUser(t.app);
    const { params, refs } = await buildFullWorld(t.app, owner);
    const base = `/api/worlds/${params.worldId}`;
    const mentions = TARGETS.map(
      ({ type }) => `<span data-type="mention" data-entity-type="${type}" data-id="${params[ID_OF[type]]}">old ${type}</span>`,
    ).join(' ');
    const descriptionHtml = `<p onclick="alert(1)">Sees ${mentions}<script>alert(1)</script><img src="x" onerror="alert(1)"></p>`;
    const timed = { currentDateTime: '2026-06-01T00:00:00.000Z' };

    const writes: Array<{ type: RichTextSourceType; method: 'POST' | 'PUT'; url: string; body: object }> = [
      { type: 'world', method: 'PUT', url: base, body: { name: 'Oz' } },
      { type: 'character', method: 'POST', url: `${base}/characters`, body: { name: 'Scarecrow' } },
      { type: 'item', method: 'POST', url: `${base}/items`, body: { name: 'Silver Shoes' } },
      {
        type: 'event',
        method: 'POST',
        url: `${base}/events`,
        body: { name: 'Cyclone', dateTime: '2026-03-01T00:00:00.000Z', timelineId: params.timelineId },
      },
      { type: 'timeline', method: 'POST', url: `${base}/timelines`, body: { name: 'Return', ...timed } },
      { type: 'map', method: 'POST', url: `${base}/maps`, body: { name: 'Munchkin Country' } },
      { type: 'mapPoint', method: 'POST', url: `${base}/maps/${params.mapId}/points`, body: { name: 'Crossroads', x: 2, y: 2 } },
      {
        type: 'mapArea',
        method: 'POST',
        url: `${base}/maps/${params.mapId}/areas`,
        body: {
          name: 'Poppy Field',
          polygon: [
            [0, 0],
            [5, 0],
            [0, 5],
          ],
        },
      },
      { type: 'quest', method: 'POST', url: `${base}/quests`, body: { name: 'Reach the city' } },
      {
        type: 'goal',
        method: 'POST',
        url: `${base}/goals`,
        body: { title: 'Find a brain', description: 'plain', goalType: 'Primary', status: 'Pending' },
      },
      {
        type: 'relationship',
        method: 'POST',
        url: `${base}/characters/${params.characterId}/relationships`,
        body: { targetCharacterId: refs.targetCharacterId, relationshipType: 'friend' },
      },
      {
        type: 'connection',
        method: 'POST',
        url: `${base}/connections`,
        body: { sourceType: 'item', sourceId: params.itemId, targetType: 'quest', targetId: params.questId, connectionType: 'leads to' },
      },
    ];
    for (const write of writes) {
      const response = await t.app.inject({
        method: write.method,
        url: write.url,
        headers: owner.headers,
        payload: { ...write.body, descriptionHtml },
      });
      expect(response.statusCode, `${write.type}: ${response.body}`).toBeLessThan(300);
      const answer = response.json<{ description: string; descriptionHtml: string }>();
      expect(answer.descriptionHtml, write.type).not.toMatch(/script|onclick|onerror|alert|<img/);
      expect(answer.descriptionHtml.match(/data-type="mention"/g), write.type).toHaveLength(TARGETS.length);
      // Rendered with current names, not the labels written.
      expect(answer.descriptionHtml, write.type).not.toContain('old ');
      expect(answer.description, write.type).toMatch(/^Sees old character old item/);
    }

    for (const target of TARGETS) {
      const response = await t.app.inject({ url: `${base}/${target.path(params)}/backlinks`, headers: owner.headers });
      expect(response.statusCode, response.body).toBe(200);
      const types = response
        .json<BacklinksResponse>()
        .data.map((link) => link.type)
        .sort();
      expect(types, target.type).toEqual(writes.map((write) => write.type).sort());
    }
  });
});
