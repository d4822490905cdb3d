import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorldGraph } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createEvent } from '../../../test/factories/event.js';
import { createInventoryEntry } from '../../../test/factories/inventory.js';
import { createItem } from '../../../test/factories/item.js';
import { createRelationship } from '../../../test/factories/relationship.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

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
    const friend = await createRelationship(t.app, owner, world.worldId, dorothy.characterId, { targetCharacterId: scarecrow.characterId, relationshipType: 'friend', affinity: 80 });
    const holding = await createInventoryEntry(t.app, owner, world.worldId, dorothy.characterId, { itemId: shoes.itemId, quantity: 1 });
    const connection = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/connections`,
      headers: owner.headers,
      payload: { sourceType: 'event', sourceId: event.eventId, targetType: 'character', targetId: dorothy.characterId, connectionType: 'carried away' },
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
      { id: friend.relationshipId, kind: 'relationship', source: dorothy.characterId, target: scarecrow.characterId, label: 'friend', affinity: 80 },
      { id: connection.json().connectionId, kind: 'connection', source: event.eventId, target: dorothy.characterId, label: 'carried away', affinity: null },
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
      payload: { sourceType: 'character', sourceId: toto.characterId, targetType: 'character', targetId: dorothy.characterId, connectionType: 'follows' },
    });
    expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json<WorldGraph>().edges.map((edge) => edge.label)).toEqual(['follows']);
  });

  it('answers an empty web for an empty world and 404 for a world that is not yours', async () => {
    const { world, owner } = await createWorld(t.app);
    const empty = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}/graph`, headers: owner.headers });
    expect(empty.json()).toEqual({ nodes: [], edges: [], truncated: false });
    const stranger = await createUser(t.app);
    const foreign = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}/graph`, headers: stranger.headers });
    expect(foreign.statusCode).toBe(404);
  });
});
