import { describe, expect, it } from 'vitest';
import {
  buildEngineEvent,
  buildEngineTimeline,
  buildStart,
  canonicalState,
  changes,
  rootChain,
} from '../../../../test/factories/engine-world.js';
import { diffStates } from './diff.js';
import { characterHistory } from './history.js';
import { itemProvenance } from './provenance.js';
import { resolveMoment } from './moment.js';
import { replayIssues, replayTimeline, stateAfter } from './replay.js';

const DOROTHY = '00000000-0000-4000-8000-000000000001';
const LION = '00000000-0000-4000-8000-000000000002';
const WITCH = '00000000-0000-4000-8000-000000000003';
const GONE = '00000000-0000-4000-8000-0000000000ff';
const SHOES = '00000000-0000-4000-8000-000000000101';
const CAP = '00000000-0000-4000-8000-000000000102';
const NO_ITEM = '00000000-0000-4000-8000-0000000001ff';

const start = () =>
  buildStart(
    [
      { id: DOROTHY, name: 'Dorothy', attributes: { courage: 1, home: { city: 'Kansas' } } },
      { id: LION, name: 'Lion', attributes: { courage: 0 } },
      { id: WITCH, name: 'Witch', inventory: { [SHOES]: 1, [CAP]: 1 } },
    ],
    { [SHOES]: 'Silver Shoes', [CAP]: 'Golden Cap' },
  );

const at = (day: number) => `1900-05-${String(day).padStart(2, '0')}T12:00:00.000Z`;

describe('timeline engine: applying changes', () => {
  it('sets, increments and unsets attributes by dotted path', () => {
    const replay = replayTimeline(
      start(),
      rootChain([
        buildEngineEvent({
          dateTime: at(1),
          characterAttributeChanges: changes(
            { op: 'set', characterId: DOROTHY, path: 'magic.mana', value: 10 },
            { op: 'increment', characterId: DOROTHY, path: 'courage', by: 2 },
            { op: 'unset', characterId: DOROTHY, path: 'home.city' },
          ),
        }),
      ]),
    );
    expect(stateAfter(replay, 1).get(DOROTHY)?.attributes).toEqual({ courage: 3, home: {}, magic: { mana: 10 } });
    expect(stateAfter(replay, 0).get(DOROTHY)?.attributes).toEqual({ courage: 1, home: { city: 'Kansas' } });
    expect(replayIssues(replay)).toEqual([]);
  });

  it('transfers an item between two characters in one event and equips it', () => {
    const replay = replayTimeline(
      start(),
      rootChain([
        buildEngineEvent({
          dateTime: at(2),
          inventoryChanges: changes(
            { characterId: WITCH, itemId: SHOES, quantity: -1 },
            { characterId: DOROTHY, itemId: SHOES, quantity: 1, equipped: true },
          ),
        }),
      ]),
    );
    const state = stateAfter(replay, 1);
    expect(state.get(WITCH)?.inventory.has(SHOES)).toBe(false);
    expect(state.get(DOROTHY)?.inventory.get(SHOES)).toEqual({ quantity: 1, equipped: true });
  });

  it('creates, changes by set and delta, and ends a relationship', () => {
    const replay = replayTimeline(
      start(),
      rootChain([
        buildEngineEvent({
          dateTime: at(1),
          relationshipChanges: changes({ op: 'create', characterId: LION, targetCharacterId: DOROTHY, set: { affinity: 10 } }),
        }),
        buildEngineEvent({
          dateTime: at(2),
          relationshipChanges: changes({
            op: 'update',
            characterId: LION,
            targetCharacterId: DOROTHY,
            set: { relationshipType: 'friend' },
            delta: { affinity: 50, trustLevel: 30 },
          }),
        }),
        buildEngineEvent({ dateTime: at(3), relationshipChanges: changes({ op: 'end', characterId: LION, targetCharacterId: DOROTHY }) }),
      ]),
    );
    expect(stateAfter(replay, 1).get(LION)?.relationships.get(DOROTHY)).toMatchObject({
      relationshipType: 'Stranger',
      affinity: 10,
      trustLevel: 0,
    });
    expect(stateAfter(replay, 2).get(LION)?.relationships.get(DOROTHY)).toMatchObject({
      relationshipType: 'friend',
      affinity: 60,
      trustLevel: 30,
    });
    expect(stateAfter(replay, 3).get(LION)?.relationships.size).toBe(0);
  });

  it('reports, and skips, changes that cannot apply', () => {
    const replay = replayTimeline(
      start(),
      rootChain([
        buildEngineEvent({
          id: 'bad',
          dateTime: at(1),
          inventoryChanges: changes(
            { characterId: DOROTHY, itemId: SHOES, quantity: -1 },
            { characterId: DOROTHY, itemId: CAP, equipped: true },
            { characterId: GONE, itemId: SHOES, quantity: 1 },
            { characterId: DOROTHY, itemId: NO_ITEM, quantity: 1 },
          ),
          relationshipChanges: changes({ op: 'create', characterId: LION, targetCharacterId: LION }),
        }),
      ]),
    );
    const kinds = replayIssues(replay).map((issue) => issue.kind);
    expect(kinds).toEqual(['quantityBelowZero', 'equippedNotHeld', 'missingCharacter', 'missingItem', 'selfRelationship']);
    expect(replayIssues(replay)[0]).toMatchObject({
      eventId: 'bad',
      location: 'inventoryChanges.changes[0]',
      message: 'inventoryChanges.changes[0]: Dorothy holds 0 Silver Shoes, so cannot lose 1.',
    });
    expect(stateAfter(replay, 1).get(DOROTHY)?.inventory.size).toBe(0);
  });

  it('keeps old free-form values and invalid entries out, reporting them, while valid entries still apply', () => {
    const replay = replayTimeline(
      start(),
      rootChain([
        buildEngineEvent({
          dateTime: at(1),
          characterAttributeChanges: { Dorothy: { mood: 'happy' } },
          inventoryChanges: 'not json at all',
          relationshipChanges: changes(
            { op: 'hug', characterId: DOROTHY },
            { op: 'create', characterId: DOROTHY, targetCharacterId: LION },
          ),
        }),
      ]),
    );
    expect(replayIssues(replay).map((issue) => [issue.kind, issue.location])).toEqual([
      ['freeFormChanges', 'characterAttributeChanges'],
      ['freeFormChanges', 'inventoryChanges'],
      ['invalidChange', 'relationshipChanges.changes[0]'],
    ]);
    expect(stateAfter(replay, 1).get(DOROTHY)?.relationships.has(LION)).toBe(true);
  });

  it('treats "__proto__" in a path as an attribute name, never as a prototype', () => {
    const replay = replayTimeline(
      start(),
      rootChain([
        buildEngineEvent({
          dateTime: at(1),
          characterAttributeChanges: changes({ op: 'set', characterId: DOROTHY, path: '__proto__.polluted', value: true }),
        }),
      ]),
    );
    const attributes = stateAfter(replay, 1).get(DOROTHY)?.attributes;
    expect(Object.hasOwn(attributes ?? {}, '__proto__')).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('never changes the start state or an earlier snapshot', () => {
    const initial = start();
    const replay = replayTimeline(
      initial,
      rootChain([
        buildEngineEvent({
          dateTime: at(1),
          characterAttributeChanges: changes({ op: 'set', characterId: DOROTHY, path: 'home.city', value: 'Oz' }),
        }),
      ]),
      1,
    );
    expect(initial.characters.get(DOROTHY)?.attributes).toEqual({ courage: 1, home: { city: 'Kansas' } });
    expect(stateAfter(replay, 0).get(DOROTHY)?.attributes).toEqual({ courage: 1, home: { city: 'Kansas' } });
  });
});

describe('timeline engine: order, moments and branches', () => {
  it('orders by dateTime, then creation time, then id', () => {
    const late = buildEngineEvent({ id: 'late', dateTime: at(5) });
    const first = buildEngineEvent({ id: 'b-first', dateTime: at(1), createdAt: '2026-01-01T00:00:00.000Z' });
    const second = buildEngineEvent({ id: 'a-second', dateTime: at(1), createdAt: '2026-01-02T00:00:00.000Z' });
    const replay = replayTimeline(start(), rootChain([late, second, first]));
    expect(replay.plan.map((p) => p.event.id)).toEqual(['b-first', 'a-second', 'late']);
  });

  it("answers the state at a date-time, just after an event, and at the timeline's now", () => {
    const events = [1, 2, 3].map((day) =>
      buildEngineEvent({
        id: `day-${day}`,
        dateTime: at(day),
        characterAttributeChanges: changes({ op: 'increment', characterId: LION, path: 'courage', by: 1 }),
      }),
    );
    const chain = [{ timeline: buildEngineTimeline({ id: 'main', currentDateTime: at(2) }), events }];
    const replay = replayTimeline(start(), chain);
    expect(resolveMoment(replay, { at: '1900-05-02T00:00:00.000Z' })).toEqual({
      count: 1,
      at: '1900-05-02T00:00:00.000Z',
      lastEventId: 'day-1',
    });
    expect(resolveMoment(replay, { eventId: 'day-3' })).toEqual({ count: 3, at: null, lastEventId: 'day-3' });
    expect(resolveMoment(replay, { now: true })?.count).toBe(2);
    expect(resolveMoment(replay, { eventId: 'elsewhere' })).toBeUndefined();
  });

  it('starts a branch from its parent just after the branching event, and reports a branch event dated earlier', () => {
    const take = buildEngineEvent({
      id: 'take',
      dateTime: at(2),
      inventoryChanges: changes({ characterId: WITCH, itemId: SHOES, quantity: -1 }, { characterId: DOROTHY, itemId: SHOES, quantity: 1 }),
    });
    const fork = buildEngineEvent({ id: 'fork', dateTime: at(1) });
    const parentEvents = [fork, take];
    const branchEvents = [
      buildEngineEvent({ id: 'early', timelineId: 'branch', dateTime: '1900-04-01T00:00:00.000Z' }),
      buildEngineEvent({
        id: 'own',
        timelineId: 'branch',
        dateTime: at(3),
        characterAttributeChanges: changes({ op: 'set', characterId: DOROTHY, path: 'home.city', value: 'Oz' }),
      }),
    ];
    const chain = [
      { timeline: buildEngineTimeline({ id: 'main' }), events: parentEvents },
      { timeline: buildEngineTimeline({ id: 'branch', parentTimelineId: 'main', branchingEventId: 'fork' }), events: branchEvents },
    ];
    const branch = replayTimeline(start(), chain);
    expect(branch.plan.map((p) => p.event.id)).toEqual(['fork', 'early', 'own']);
    expect(replayIssues(branch).map((issue) => [issue.kind, issue.eventId])).toEqual([['eventBeforeBranchPoint', 'early']]);
    // On the branch Dorothy never has the shoes.
    expect(stateAfter(branch, branch.plan.length).get(DOROTHY)?.inventory.has(SHOES)).toBe(false);
    const parent = replayTimeline(start(), chain.slice(0, 1));
    expect(stateAfter(parent, 2).get(DOROTHY)?.inventory.get(SHOES)?.quantity).toBe(1);
    expect(diffStates(stateAfter(parent, 2), stateAfter(branch, 3), [DOROTHY, LION, WITCH])).toEqual(
      [
        { characterId: DOROTHY, area: 'attribute', subjectId: null, field: 'home.city', value: 'Kansas', against: 'Oz' },
        { characterId: DOROTHY, area: 'inventory', subjectId: SHOES, field: 'quantity', value: 1, against: 0 },
        { characterId: DOROTHY, area: 'inventory', subjectId: SHOES, field: 'equipped', value: false, against: false },
        { characterId: WITCH, area: 'inventory', subjectId: SHOES, field: 'quantity', value: 0, against: 1 },
        { characterId: WITCH, area: 'inventory', subjectId: SHOES, field: 'equipped', value: false, against: false },
      ].filter((d) => d.value !== d.against),
    );
  });

  it("reports a branch whose branching event is gone and starts it from its parent's start", () => {
    const chain = [
      {
        timeline: buildEngineTimeline({ id: 'main' }),
        events: [
          buildEngineEvent({
            dateTime: at(1),
            characterAttributeChanges: changes({ op: 'set', characterId: LION, path: 'courage', value: 9 }),
          }),
        ],
      },
      { timeline: buildEngineTimeline({ id: 'branch', parentTimelineId: 'main', branchingEventId: 'deleted' }), events: [] },
    ];
    const branch = replayTimeline(start(), chain);
    expect(replayIssues(branch).map((issue) => issue.kind)).toEqual(['branchingEventMissing']);
    expect(stateAfter(branch, branch.plan.length).get(LION)?.attributes).toEqual({ courage: 0 });
  });
});

describe('timeline engine: history and provenance', () => {
  const chain = rootChain([
    buildEngineEvent({
      id: 'gift',
      dateTime: at(2),
      inventoryChanges: changes({ characterId: WITCH, itemId: CAP, quantity: -1 }, { characterId: DOROTHY, itemId: CAP, quantity: 1 }),
    }),
    buildEngineEvent({
      id: 'brave',
      dateTime: at(3),
      characterAttributeChanges: changes({ op: 'increment', characterId: LION, path: 'courage', by: 5 }),
    }),
    buildEngineEvent({
      id: 'return',
      dateTime: at(4),
      inventoryChanges: changes({ characterId: DOROTHY, itemId: CAP, quantity: -1 }, { characterId: LION, itemId: CAP, quantity: 1 }),
    }),
  ]);

  it('lists the events that changed a character, with before and after', () => {
    const history = characterHistory(replayTimeline(start(), chain), LION);
    expect(history.map((entry) => entry.event.id)).toEqual(['brave', 'return']);
    expect(history[0]?.changes).toEqual([{ kind: 'attribute', characterId: LION, path: 'courage', before: 0, after: 5 }]);
  });

  it('tells who held an item from when to when', () => {
    const periods = itemProvenance(replayTimeline(start(), chain), CAP);
    expect(periods.map((p) => [p.characterId, p.fromEventId, p.toEventId])).toEqual([
      [WITCH, null, 'gift'],
      [DOROTHY, 'gift', 'return'],
      [LION, 'return', null],
    ]);
  });
});

describe('timeline engine: states between snapshots', () => {
  it('answers the same state for a moment asked again, among more moments than it keeps, as a fresh replay does', () => {
    const events = Array.from({ length: 40 }, (_, index) =>
      buildEngineEvent({
        dateTime: new Date(Date.UTC(1900, 4, 1) + index * 3_600_000).toISOString(),
        characterAttributeChanges: changes({ op: 'increment', characterId: DOROTHY, path: 'courage', by: 1 }),
      }),
    );
    // Snapshots every 16 events, so most counts below are built from a snapshot and remembered.
    const replay = replayTimeline(start(), rootChain(events), 16);
    const asked = [3, 7, 3, 11, 13, 5, 9, 21, 25, 27, 29, 7, 3, 33, 35, 3, 39, 40, 0, 16, 3];
    for (const count of asked) {
      const fresh = replayTimeline(start(), rootChain(events), 16);
      expect(canonicalState(stateAfter(replay, count))).toEqual(canonicalState(stateAfter(fresh, count)));
      expect(stateAfter(replay, count).get(DOROTHY)?.attributes).toEqual({ courage: 1 + count, home: { city: 'Kansas' } });
    }
  });
});
