import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AttributeChangeSchema, InventoryChangeSchema } from '@loreforge/contract';
import { readAttributeChangeFast, readInventoryChangeFast } from './engine/change-fast-path.js';
import { buildEngineTimeline, buildStart, canonicalState } from '../../../test/factories/engine-world.js';
import type { EngineEvent, RelationshipValues, StartState, TimelineEvents, WorldState } from './engine/types.js';
import { resolveMoment } from './engine/moment.js';
import { replayIssues, replayTimeline, stateAfter } from './engine/replay.js';
import { replayNamed, storedWorldOf } from './engine/stored-world.js';
import { type StatePageQuery, answerDiff, answerHistory, answerProvenance, answerState } from './timeline-engine.answers.js';

const CHARACTERS = [1, 2, 3, 4].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const ITEMS = [1, 2, 3].map((n) => `00000000-0000-4000-8000-00000000010${n}`);
const MISSING = '00000000-0000-4000-8000-0000000009ff';

const start = () =>
  buildStart(
    CHARACTERS.map((id, i) => ({ id, attributes: { level: i, stats: { hp: 10 } }, inventory: { [ITEMS[i % ITEMS.length] ?? '']: 2 } })),
    Object.fromEntries(ITEMS.map((id) => [id, `Item ${id.slice(-1)}`])),
  );

/** Characters no event names: their state is their stored one at every moment. */
const UNTOUCHED = [5, 6, 7].map((n) => `00000000-0000-4000-8000-00000000000${n}`);
const NAMES = ['Lion', 'dorothy', 'Toto', 'Lion', 'Åsa', 'Witch', 'aunt Em'];

/** `start()` plus untouched characters, with names to sort and search, and relationships both ways. */
function worldWithUntouched(): StartState {
  const world = start();
  const relationship = (affinity: number): RelationshipValues => ({
    relationshipType: 'friend',
    description: null,
    affinity,
    powerBalance: 0,
    trustLevel: 0,
    communicationStyle: null,
    pastInteractions: null,
    currentGoalAlignment: null,
    dependenceLevel: null,
  });
  UNTOUCHED.forEach((id, i) => {
    world.characters.set(id, {
      attributes: { level: 10 + i, home: { city: 'Kansas' } },
      inventory: new Map([[ITEMS[i % ITEMS.length] ?? '', { quantity: 1 + i, equipped: i === 0 }]]),
      relationships: new Map([[CHARACTERS[i] ?? '', relationship(10 * i)]]),
    });
  });
  const first = world.characters.get(CHARACTERS[0] ?? '');
  if (first) world.characters.set(CHARACTERS[0] ?? '', { ...first, relationships: new Map([[UNTOUCHED[0] ?? '', relationship(-5)]]) });
  [...CHARACTERS, ...UNTOUCHED].forEach((id, i) => world.characterNames.set(id, NAMES[i] ?? id));
  return world;
}

const characterId = fc.constantFrom(...CHARACTERS, MISSING);
const itemId = fc.constantFrom(...ITEMS, MISSING);
const path = fc.constantFrom('level', 'stats.hp', 'stats.mp', 'mood', 'level.deep');
const score = fc.integer({ min: -100, max: 100 });

const attributeChange = fc.oneof(
  fc.record({
    op: fc.constant('set'),
    characterId,
    path,
    value: fc.oneof(fc.integer(), fc.string(), fc.constant(null), fc.constant({ nested: 1 })),
  }),
  fc.record({ op: fc.constant('unset'), characterId, path }),
  fc.record({ op: fc.constant('increment'), characterId, path, by: fc.integer({ min: -50, max: 50 }) }),
);
const inventoryChange = fc.record(
  { characterId, itemId, quantity: fc.integer({ min: -3, max: 3 }), equipped: fc.boolean() },
  { requiredKeys: ['characterId', 'itemId', 'quantity'] },
);
const relationshipChange = fc.oneof(
  fc.record({
    op: fc.constant('create'),
    characterId,
    targetCharacterId: characterId,
    set: fc.record({ affinity: score }, { requiredKeys: [] }),
  }),
  fc.record({
    op: fc.constant('update'),
    characterId,
    targetCharacterId: characterId,
    delta: fc.record(
      { affinity: fc.integer({ min: -200, max: 200 }), trustLevel: fc.integer({ min: -200, max: 200 }) },
      { requiredKeys: [] },
    ),
  }),
  fc.record({ op: fc.constant('end'), characterId, targetCharacterId: characterId }),
);
const doc = <T>(entry: fc.Arbitrary<T>) =>
  fc.oneof(
    fc.constant(null),
    fc.array(entry, { maxLength: 4 }).map((changes) => ({ version: 1, changes })),
  );

/** A valid-format event on a timeline; day is a small integer so many events share a moment. */
const eventFields = fc.record({
  day: fc.integer({ min: 1, max: 6 }),
  characterAttributeChanges: doc(attributeChange),
  inventoryChanges: doc(inventoryChange),
  relationshipChanges: doc(relationshipChange),
});

/** The generated part of an event. */
type EventFields = Pick<EngineEvent, 'characterAttributeChanges' | 'inventoryChanges' | 'relationshipChanges'> & { day: number };

function toEvents(fields: EventFields[], timelineId: string, firstDay = 0): EngineEvent[] {
  return fields.map((f, i) => ({
    id: `${timelineId}-${String(i).padStart(4, '0')}`,
    timelineId,
    name: `${timelineId} ${i}`,
    dateTime: new Date(Date.UTC(1900, 0, firstDay + f.day)).toISOString(),
    createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    characterAttributeChanges: f.characterAttributeChanges,
    inventoryChanges: f.inventoryChanges,
    relationshipChanges: f.relationshipChanges,
  }));
}

const chainOf = (events: EngineEvent[]): TimelineEvents[] => [{ timeline: buildEngineTimeline({ id: 'main' }), events }];

describe('timeline engine properties', () => {
  it('replaying events one by one gives the same states as one pass with snapshots', () => {
    fc.assert(
      fc.property(fc.array(eventFields, { maxLength: 40 }), fc.integer({ min: 1, max: 7 }), (fields, every) => {
        const events = toEvents(fields, 'main');
        const onePass = replayTimeline(start(), chainOf(events), every);
        const byId = new Map(events.map((event) => [event.id, event]));
        let previous: WorldState = start().characters;
        onePass.plan.forEach((planned, index) => {
          // Replay from the previous state with just this event (the plan keeps its summary, the list the event).
          const event = byId.get(planned.event.id);
          if (event === undefined) throw new Error(`planned event ${planned.event.id} is not one of the events`);
          const stepStart = { ...start(), characters: new Map(previous) };
          const step = replayTimeline(stepStart, chainOf([event]));
          const next = stateAfter(step, 1);
          expect(canonicalState(next)).toEqual(canonicalState(stateAfter(onePass, index + 1)));
          previous = next;
        });
      }),
      { numRuns: 60 },
    );
  });

  it("a branch's state at its branching event equals its parent's", () => {
    fc.assert(
      fc.property(
        fc.array(eventFields, { minLength: 1, maxLength: 25 }),
        fc.array(eventFields, { maxLength: 10 }),
        fc.nat(),
        (parentFields, branchFields, pick) => {
          const parentEvents = toEvents(parentFields, 'main');
          const parent = replayTimeline(start(), chainOf(parentEvents));
          const branching = parent.plan[pick % parent.plan.length]?.event;
          if (!branching) return;
          const chain: TimelineEvents[] = [
            { timeline: buildEngineTimeline({ id: 'main' }), events: parentEvents },
            {
              timeline: buildEngineTimeline({ id: 'branch', parentTimelineId: 'main', branchingEventId: branching.id }),
              events: toEvents(branchFields, 'branch', 3),
            },
          ];
          const branch = replayTimeline(start(), chain);
          const inParent = resolveMoment(parent, { eventId: branching.id });
          const inBranch = resolveMoment(branch, { eventId: branching.id });
          expect(inParent && inBranch).toBeTruthy();
          expect(canonicalState(stateAfter(branch, inBranch?.count ?? -1))).toEqual(
            canonicalState(stateAfter(parent, inParent?.count ?? -1)),
          );
        },
      ),
      { numRuns: 80 },
    );
  });

  it('events at the same moment keep a stable order whatever order they are loaded in', () => {
    fc.assert(
      fc.property(fc.array(eventFields, { minLength: 2, maxLength: 20 }), fc.integer(), (fields, seed) => {
        const events = toEvents(
          fields.map((f) => ({ ...f, day: 1 })),
          'main',
        );
        const shuffled = [...events]
          .sort((a, b) => ((a.id.charCodeAt(a.id.length - 1) * seed) % 7) - ((b.id.charCodeAt(b.id.length - 1) * seed) % 7))
          .reverse();
        const a = replayTimeline(start(), chainOf(events));
        const b = replayTimeline(start(), chainOf(shuffled));
        expect(b.plan.map((p) => p.event.id)).toEqual(events.map((e) => e.id));
        expect(canonicalState(stateAfter(b, b.plan.length))).toEqual(canonicalState(stateAfter(a, a.plan.length)));
        expect(replayIssues(b)).toEqual(replayIssues(a));
      }),
      { numRuns: 60 },
    );
  });

  it('never throws, whatever the events hold', () => {
    const anything = fc.oneof(fc.anything(), doc(fc.anything()), fc.record({ version: fc.anything(), changes: fc.anything() }));
    const wild = fc.record({
      day: fc.integer({ min: -5, max: 5 }),
      characterAttributeChanges: anything,
      inventoryChanges: anything,
      relationshipChanges: anything,
    });
    fc.assert(
      fc.property(fc.array(fc.oneof(eventFields, wild), { maxLength: 30 }), fc.integer({ min: -2, max: 40 }), (fields, count) => {
        const replay = replayTimeline(start(), chainOf(toEvents(fields, 'main')));
        stateAfter(replay, count);
        replayIssues(replay);
      }),
      { numRuns: 150 },
    );
  });

  it('a replay holding only the characters its events name answers exactly as one holding every character', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(eventFields, { minLength: 1, maxLength: 25 }),
        fc.array(eventFields, { maxLength: 8 }),
        fc.nat(),
        fc.constantFrom('', 'i', 'lion', 'x'),
        async (parentFields, branchFields, pick, search) => {
          const world = worldWithUntouched();
          const parentEvents = toEvents(parentFields, 'main');
          const branchingEventId = parentEvents[pick % parentEvents.length]?.id ?? null;
          const chain: TimelineEvents[] = [
            { timeline: buildEngineTimeline({ id: 'main', currentDateTime: '1900-01-04T00:00:00.000Z' }), events: parentEvents },
            {
              timeline: buildEngineTimeline({ id: 'branch', parentTimelineId: 'main', branchingEventId }),
              events: toEvents(branchFields, 'branch', 3),
            },
          ];
          const stored = storedWorldOf(world);
          const [wholeParent, wholeBranch] = [replayTimeline(world, chain.slice(0, 1)), replayTimeline(world, chain)];
          const [castParent, castBranch] = [await replayNamed(stored, chain.slice(0, 1)), await replayNamed(stored, chain)];
          // The cast holds no character the events do not name, and none of the untouched ones.
          for (const id of UNTOUCHED) expect(castBranch.start.characters.has(id)).toBe(false);
          const ids = [...CHARACTERS, ...UNTOUCHED, MISSING];
          const queries: StatePageQuery[] = [
            { characterId: null, search: null, page: null, limit: null },
            { characterId: null, search, page: 1, limit: 3 },
            { characterId: null, search, page: 2, limit: 3 },
            ...ids.slice(0, -1).map((characterId) => ({ characterId, search: null, page: null, limit: null })),
            { characterId: UNTOUCHED[0] ?? null, search, page: 1, limit: 2 },
          ];
          for (const [whole, cast] of [
            [wholeParent, castParent],
            [wholeBranch, castBranch],
          ] as const) {
            for (const moment of [{ now: true as const }, { at: '1900-01-02T00:00:00.000Z' }]) {
              for (const query of queries) {
                expect(await answerState(cast, moment, query, stored)).toEqual(await answerState(whole, moment, query, stored));
              }
            }
            for (const id of ids) expect(answerHistory(cast, id)).toEqual(answerHistory(whole, id));
            for (const itemId of ITEMS) {
              const item = { id: itemId, name: `Item ${itemId.slice(-1)}` };
              expect(await answerProvenance(cast, item, stored)).toEqual(await answerProvenance(whole, item, stored));
            }
            expect(replayIssues(cast)).toEqual(replayIssues(whole));
          }
          await expect(
            answerState(castBranch, { now: true }, { characterId: MISSING, search: null, page: null, limit: null }, stored),
          ).rejects.toThrow('Character not found');
          for (const at of [{ now: true as const }, { at: '1900-01-05T00:00:00.000Z' }]) {
            expect(answerDiff(castBranch, castParent, at, null)).toEqual(answerDiff(wholeBranch, wholeParent, at, null));
            for (const id of ids) expect(answerDiff(castBranch, castParent, at, id)).toEqual(answerDiff(wholeBranch, wholeParent, at, id));
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the fast readers accept only what the schemas accept, and answer the same', () => {
    const odd = fc.oneof(
      fc.anything(),
      fc.constantFrom('', ' x', 'a..b', '.a', 'a.', 'x'.repeat(201), 1.5, -0, 1e12, 'ABCDEF00-0000-4000-8000-000000000001'),
    );
    const attribute = fc.oneof(
      attributeChange,
      fc.record(
        {
          op: fc.oneof(fc.constantFrom('set', 'unset', 'increment'), odd),
          characterId: fc.oneof(characterId, odd),
          path: fc.oneof(path, odd),
          value: odd,
          by: odd,
        },
        { requiredKeys: [] },
      ),
    );
    const inventory = fc.oneof(
      inventoryChange,
      fc.record(
        {
          characterId: fc.oneof(characterId, odd),
          itemId: fc.oneof(itemId, odd),
          quantity: fc.oneof(fc.integer(), odd),
          equipped: odd,
          extra: odd,
        },
        { requiredKeys: [] },
      ),
    );
    fc.assert(
      fc.property(attribute, inventory, (a, i) => {
        const fastA = readAttributeChangeFast(a);
        if (fastA !== undefined) expect(AttributeChangeSchema.parse(a)).toEqual(fastA);
        const fastI = readInventoryChangeFast(i);
        if (fastI !== undefined) expect(InventoryChangeSchema.parse(i)).toEqual(fastI);
      }),
      { numRuns: 2000 },
    );
  });
});
