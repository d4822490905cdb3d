import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorResponse, LIMITS } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createEvent } from '../../../test/factories/event.js';
import { createItem } from '../../../test/factories/item.js';
import { createTimeline } from '../../../test/factories/timeline.js';
import { worldChangesMessage } from './timeline-engine.validation.js';
import { YIELD_EVERY_ENTRIES } from './engine/replay.js';

/** A versioned attribute document of `count` increments of one character's attribute. */
const increments = (characterId: string, count: number) => ({
  version: 1,
  changes: Array.from({ length: count }, () => ({ op: 'increment', characterId, path: 'steps', by: 1 })),
});

describe.each(DIALECTS)("the bound on a world's changes on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it(`refuses an event that would take the world past ${LIMITS.worldChangesMax} changes with a 400 saying so, and lets an update replace its own`, async () => {
    const { event: first, world, owner } = await createEvent(t.app);
    const { character } = await createCharacter(t.app, { world, owner });
    const perEvent = LIMITS.eventChangesMax;
    const events = LIMITS.worldChangesMax / perEvent;
    const post = (name: string, count: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/events`,
        headers: owner.headers,
        payload: { name, dateTime: '1900-05-02T16:00:00Z', characterAttributeChanges: increments(character.characterId, count) },
      });
    for (let index = 0; index < events; index += 1) expect((await post(`Step ${index}`, perEvent)).statusCode).toBe(201);

    const over = await post('One step too far', 1);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({
      message: worldChangesMessage(LIMITS.worldChangesMax),
      code: 'VALIDATION_FAILED',
      fields: { changes: worldChangesMessage(LIMITS.worldChangesMax) },
    });
    expect(over.json<ErrorResponse>().message).toContain(`at most ${LIMITS.worldChangesMax}`);

    // An event without changes still fits, and an event replacing its own changes makes its own room.
    expect((await post('A quiet day', 0)).statusCode).toBe(201);
    const list = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}/events?limit=100`, headers: owner.headers });
    const full = list.json<{ data: Array<{ eventId: string; name: string }> }>().data.find((event) => event.name === 'Step 0');
    const replace = await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${world.worldId}/events/${full?.eventId}`,
      headers: owner.headers,
      payload: { name: 'Step 0', dateTime: '1900-05-02T16:00:00Z', characterAttributeChanges: increments(character.characterId, perEvent) },
    });
    expect(replace.statusCode).toBe(200);
    expect(first.eventId).toBeDefined();
  }, 240_000);
});

describe.each(DIALECTS)('long engine work on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('gives the event loop turns while it replays a large timeline, so a concurrent request answers first', async () => {
    const { timeline, world, owner } = await createTimeline(t.app, { currentDateTime: '1901-01-01T00:00:00Z' });
    const { character } = await createCharacter(t.app, { world, owner });
    const eventCount = 30;
    for (let index = 0; index < eventCount; index += 1) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/events`,
        headers: owner.headers,
        payload: {
          name: `Step ${index}`,
          timelineId: timeline.timelineId,
          dateTime: `1900-05-${String((index % 28) + 1).padStart(2, '0')}T12:00:00Z`,
          characterAttributeChanges: increments(character.characterId, LIMITS.eventChangesMax),
        },
      });
      expect(response.statusCode).toBe(201);
    }

    // Count the event loop's turns while the (cold) replay runs, and ask for health a few turns in.
    let answered = false;
    const state = t.app
      .inject({
        method: 'GET',
        url: `/api/worlds/${world.worldId}/timelines/${timeline.timelineId}/state?characterId=${character.characterId}`,
        headers: owner.headers,
      })
      .finally(() => {
        answered = true;
      });
    let turns = 0;
    let healthFirst: boolean | undefined;
    await new Promise<void>((resolve) => {
      const tick = () => {
        if (answered) {
          resolve();
          return;
        }
        turns += 1;
        if (turns === 3) {
          // On SQLite the replay's snapshot holds the one connection, so health (a query) waits for it there;
          // PostgreSQL has a pool. A request without a query answers first on both.
          void t.app.inject({ method: 'GET', url: dialect === 'postgres' ? '/api/health' : '/api/version' }).then((other) => {
            expect(other.statusCode).toBe(200);
            healthFirst = !answered;
          });
        }
        setImmediate(tick);
      };
      setImmediate(tick);
    });
    const response = await state;
    expect(response.statusCode).toBe(200);
    const steps = response.json<{ characters: Array<{ attributes: { steps?: number } }> }>().characters[0]?.attributes.steps;
    expect(steps).toBe(eventCount * LIMITS.eventChangesMax);
    // One turn at least per YIELD_EVERY_ENTRIES entries applied (and as many again while they are read).
    expect(turns).toBeGreaterThanOrEqual((eventCount * LIMITS.eventChangesMax) / YIELD_EVERY_ENTRIES);
    expect(healthFirst).toBe(true);
  }, 240_000);
});

describe.each(DIALECTS)('changes that would leave the numbers kept exactly, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('reports an increment past ±(2^53 − 1) and a quantity past the cap of 10^9 as issues, and applies neither', async () => {
    const { timeline, world, owner } = await createTimeline(t.app, { currentDateTime: '1901-01-01T00:00:00Z' });
    const { character } = await createCharacter(t.app, { world, owner, attributes: { gold: Number.MAX_SAFE_INTEGER - 1 } });
    const { item } = await createItem(t.app, { world, owner });
    const post = (name: string, day: number, fields: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: `/api/worlds/${world.worldId}/events`,
        headers: owner.headers,
        payload: { name, timelineId: timeline.timelineId, dateTime: `1900-05-0${day}T12:00:00Z`, ...fields },
      });
    const inventory = (quantity: number) => ({
      version: 1,
      changes: [{ characterId: character.characterId, itemId: item.itemId, quantity }],
    });
    const gold = (by: number) => ({ version: 1, changes: [{ op: 'increment', characterId: character.characterId, path: 'gold', by }] });
    expect(
      (await post('A fortune', 1, { inventoryChanges: inventory(LIMITS.quantityMax), characterAttributeChanges: gold(1) })).statusCode,
    ).toBe(201);
    expect((await post('Too much', 2, { inventoryChanges: inventory(1), characterAttributeChanges: gold(1) })).statusCode).toBe(201);

    const issues = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.worldId}/timelines/${timeline.timelineId}/issues`,
      headers: owner.headers,
    });
    expect(
      issues
        .json<{ data: Array<{ kind: string; eventName: string }> }>()
        .data.map((issue) => [issue.kind, issue.eventName])
        .sort(),
    ).toEqual([
      ['attributeNumberOutOfRange', 'Too much'],
      ['quantityAboveMax', 'Too much'],
    ]);
    const state = await t.app.inject({
      method: 'GET',
      url: `/api/worlds/${world.worldId}/timelines/${timeline.timelineId}/state?characterId=${character.characterId}`,
      headers: owner.headers,
    });
    const after = state.json<{ characters: Array<{ attributes: { gold: number }; inventory: Array<{ quantity: number }> }> }>()
      .characters[0];
    expect(after?.attributes.gold).toBe(Number.MAX_SAFE_INTEGER);
    expect(after?.inventory.map((holding) => holding.quantity)).toEqual([LIMITS.quantityMax]);
  });
});
