import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldGraph, Connection } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createEvent } from '../../../test/factories/event.js';
import { createInventoryEntry } from '../../../test/factories/inventory.js';
import { createItem } from '../../../test/factories/item.js';
import { addMember } from '../../../test/factories/member.js';
import { createRelationship } from '../../../test/factories/relationship.js';
import { createTimeline } from '../../../test/factories/timeline.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

const day = (n: number) => `1900-05-${String(n).padStart(2, '0')}T12:00:00.000Z`;
const doc = (...changes: unknown[]) => ({ version: 1, changes });

describe.each(DIALECTS)('GET /api/worlds/{worldId}/graph on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('answers characters, items and connected entities as nodes, and relationships, connections and holdings as edges', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const ctx = { world, owner };
    const { character: dorothy } = await createCharacter(t.app, { ...ctx, name: 'Dorothy' });
    const { character: scarecrow } = await createCharacter(t.app, { ...ctx, name: 'Scarecrow' });
    const { item: shoes } = await createItem(t.app, { ...ctx, name: 'Silver Shoes' });
    const { event } = await createEvent(t.app, { ...ctx, name: 'The cyclone' });
    await createItem(t.app, { ...ctx, name: 'Golden Cap' });
    const friend = await createRelationship(t.app, owner, world.worldId, dorothy.characterId, {
      targetCharacterId: scarecrow.characterId,
      relationshipType: 'friend',
      affinity: 80,
    });
    const holding = await createInventoryEntry(t.app, owner, world.worldId, dorothy.characterId, { itemId: shoes.itemId, quantity: 1 });
    const connection = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/connections`,
      headers: owner.headers,
      payload: {
        sourceType: 'event',
        sourceId: event.eventId,
        targetType: 'character',
        targetId: dorothy.characterId,
        connectionType: 'carried away',
      },
    });
    expect(connection.statusCode).toBe(201);
    const { world: other } = await createWorld(t.app, { owner, name: 'Elsewhere' });
    await createCharacter(t.app, { world: other, owner, name: 'Stranger' });

    const response = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}/graph`, headers: owner.headers });
    expect(response.statusCode).toBe(200);
    const graph = response.json<WorldGraph>();
    expect(graph.truncated).toBe(false);
    expect(graph.nodes.map((node) => [node.type, node.name])).toEqual([
      ['character', 'Dorothy'],
      ['character', 'Scarecrow'],
      ['item', 'Golden Cap'],
      ['item', 'Silver Shoes'],
      ['event', 'The cyclone'],
    ]);
    expect(graph.edges).toEqual([
      {
        id: friend.relationshipId,
        kind: 'relationship',
        source: dorothy.characterId,
        target: scarecrow.characterId,
        label: 'friend',
        affinity: 80,
      },
      {
        id: connection.json<Connection>().connectionId,
        kind: 'connection',
        source: event.eventId,
        target: dorothy.characterId,
        label: 'carried away',
        affinity: null,
      },
      { id: holding.inventoryItemId, kind: 'holds', source: dorothy.characterId, target: shoes.itemId, label: 'holds', affinity: null },
    ]);
  });

  it('shows a connection made after the graph was last read', async () => {
    const { world, owner } = await createWorld(t.app);
    const { character: dorothy } = await createCharacter(t.app, { world, owner, name: 'Dorothy' });
    const { character: toto } = await createCharacter(t.app, { world, owner, name: 'Toto' });
    const url = `/api/worlds/${world.worldId}/graph`;
    expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json<WorldGraph>().edges).toEqual([]);
    await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/connections`,
      headers: owner.headers,
      payload: {
        sourceType: 'character',
        sourceId: toto.characterId,
        targetType: 'character',
        targetId: dorothy.characterId,
        connectionType: 'follows',
      },
    });
    expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json<WorldGraph>().edges.map((edge) => edge.label)).toEqual(
      ['follows'],
    );
  });

  it('answers an empty web for an empty world and 404 for a world that is not yours', async () => {
    const { world, owner } = await createWorld(t.app);
    const empty = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}/graph`, headers: owner.headers });
    expect(empty.json()).toEqual({ nodes: [], edges: [], truncated: false });
    const stranger = await createUser(t.app);
    const foreign = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}/graph`, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
  });

  describe('with a timeline', () => {
    /** Dorothy meets the Scarecrow on day 1, warms to him on day 3 (and, in a secret event on day 5, falls out). */
    async function buildStory() {
      const { world, owner } = await createWorld(t.app, { name: 'Oz' });
      const ctx = { world, owner };
      const { character: dorothy } = await createCharacter(t.app, { ...ctx, name: 'Dorothy' });
      const { character: scarecrow } = await createCharacter(t.app, { ...ctx, name: 'Scarecrow' });
      const { item: shoes } = await createItem(t.app, { ...ctx, name: 'Silver Shoes' });
      const { timeline } = await createTimeline(t.app, { ...ctx, name: 'The book', currentDateTime: day(9) });
      const timelineId = timeline.timelineId;
      const { event: meeting } = await createEvent(t.app, {
        ...ctx,
        timelineId,
        name: 'The cornfield',
        dateTime: day(1),
        relationshipChanges: doc({
          op: 'create',
          characterId: dorothy.characterId,
          targetCharacterId: scarecrow.characterId,
          set: { relationshipType: 'acquaintence', affinity: 10 },
        }),
        inventoryChanges: doc({ characterId: dorothy.characterId, itemId: shoes.itemId, quantity: 1 }),
      });
      const { event: friends } = await createEvent(t.app, {
        ...ctx,
        timelineId,
        name: 'The yellow brick road',
        dateTime: day(3),
        relationshipChanges: doc({
          op: 'update',
          characterId: dorothy.characterId,
          targetCharacterId: scarecrow.characterId,
          set: { relationshipType: 'friend' },
          delta: { affinity: 70 },
        }),
      });
      await createEvent(t.app, {
        ...ctx,
        timelineId,
        name: 'A quarrel',
        dateTime: day(5),
        visibility: 'editors',
        relationshipChanges: doc({
          op: 'update',
          characterId: dorothy.characterId,
          targetCharacterId: scarecrow.characterId,
          set: { affinity: -50 },
        }),
      });
      const url = (query: string) => `/api/worlds/${world.worldId}/graph?${query}`;
      return { world, owner, dorothy, scarecrow, shoes, timelineId, meeting, friends, url };
    }
    const relationships = (graph: WorldGraph) =>
      graph.edges.filter((edge) => edge.kind === 'relationship').map(({ label, affinity }) => ({ label, affinity }));

    it("shows relationships with their affinity as they stand just after an event, at a moment, and at the timeline's now", async () => {
      const story = await buildStory();
      const read = async (query: string) => {
        const response = await t.app.inject({ method: 'GET', url: story.url(query), headers: story.owner.headers });
        expect(response.statusCode).toBe(200);
        return response.json<WorldGraph>();
      };
      const first = await read(`timelineId=${story.timelineId}&eventId=${story.meeting.eventId}`);
      expect(relationships(first)).toEqual([{ label: 'acquaintence', affinity: 10 }]);
      expect(first.edges.filter((edge) => edge.kind === 'holds').map((edge) => [edge.source, edge.target])).toEqual([
        [story.dorothy.characterId, story.shoes.itemId],
      ]);
      expect(first.nodes.map((node) => node.name)).toEqual(['Dorothy', 'Scarecrow', 'Silver Shoes']);
      expect(relationships(await read(`timelineId=${story.timelineId}&eventId=${story.friends.eventId}`))).toEqual([
        { label: 'friend', affinity: 80 },
      ]);
      expect(relationships(await read(`timelineId=${story.timelineId}&at=${day(4)}`))).toEqual([{ label: 'friend', affinity: 80 }]);
      expect(relationships(await read(`timelineId=${story.timelineId}`))).toEqual([{ label: 'friend', affinity: -50 }]);
      expect(relationships(await read(`timelineId=${story.timelineId}&at=1900-04-30T12:00:00.000Z`))).toEqual([]);
      expect(relationships(await read(''))).toEqual([]);
    });

    it("does not apply a secret event's changes for a player", async () => {
      const story = await buildStory();
      const player = await addMember(t.app, story.owner, story.world.worldId, 'player');
      const response = await t.app.inject({ method: 'GET', url: story.url(`timelineId=${story.timelineId}`), headers: player.headers });
      expect(response.statusCode).toBe(200);
      expect(relationships(response.json<WorldGraph>())).toEqual([{ label: 'friend', affinity: 80 }]);
    });

    it('refuses a moment without a timeline, both at and eventId, and an event of another timeline, with a message', async () => {
      const story = await buildStory();
      const { timeline: other } = await createTimeline(t.app, { world: story.world, owner: story.owner, name: 'Another telling' });
      const cases: Array<[string, number, Record<string, string> | undefined]> = [
        [`at=${day(2)}`, 400, { at: 'Give timelineId with at.' }],
        [`eventId=${story.meeting.eventId}`, 400, { eventId: 'Give timelineId with eventId.' }],
        [
          `timelineId=${story.timelineId}&at=${day(2)}&eventId=${story.meeting.eventId}`,
          400,
          { eventId: 'Give either at or eventId, not both.' },
        ],
        [`timelineId=${other.timelineId}&eventId=${story.meeting.eventId}`, 400, undefined],
        ['timelineId=not-a-uuid', 400, undefined],
        [`timelineId=${story.meeting.eventId}`, 404, undefined],
      ];
      for (const [query, status, fields] of cases) {
        const response = await t.app.inject({ method: 'GET', url: story.url(query), headers: story.owner.headers });
        expect(response.statusCode, query).toBe(status);
        if (fields) expect(response.json<{ fields: unknown }>().fields).toEqual(fields);
      }
    });
  });
});
