/**
 * In-memory inputs for the timeline engine: a start state, events and timelines built from plain values, so engine
 * tests and the benchmark need no database.
 */
import type {
  CharacterState,
  EngineEvent,
  EngineTimeline,
  JsonObject,
  StartState,
  TimelineEvents,
  WorldState,
} from '../../src/modules/timeline-engine/engine/types.js';

/** A character of a start state: id, name, attributes and holdings (itemId → quantity). */
export interface StartCharacter {
  id: string;
  name?: string;
  attributes?: JsonObject;
  inventory?: Record<string, number>;
}

/**
 * Builds a start state.
 * @param items itemId → name.
 */
export function buildStart(characters: StartCharacter[], items: Record<string, string> = {}): StartState {
  const start: StartState = { characters: new Map(), characterNames: new Map(), itemNames: new Map(Object.entries(items)) };
  for (const character of characters) {
    const state: CharacterState = {
      attributes: structuredClone(character.attributes ?? {}),
      inventory: new Map(Object.entries(character.inventory ?? {}).map(([itemId, quantity]) => [itemId, { quantity, equipped: false }])),
      relationships: new Map(),
    };
    start.characters.set(character.id, state);
    start.characterNames.set(character.id, character.name ?? character.id);
  }
  return start;
}

let sequence = 0;

/** Builds an event; createdAt increases with every call unless given, so calls keep their order. */
export function buildEngineEvent(fields: Partial<EngineEvent> & { dateTime: string }): EngineEvent {
  sequence += 1;
  return {
    id: fields.id ?? `event-${String(sequence).padStart(8, '0')}`,
    timelineId: fields.timelineId ?? 'main',
    name: fields.name ?? `Event ${sequence}`,
    createdAt: fields.createdAt ?? new Date(Date.UTC(2026, 0, 1) + sequence).toISOString(),
    characterAttributeChanges: null,
    inventoryChanges: null,
    relationshipChanges: null,
    ...fields,
  };
}

/** Builds a timeline (root unless a parent and branching event are given). */
export function buildEngineTimeline(fields: Partial<EngineTimeline> & { id: string }): EngineTimeline {
  return { name: fields.id, currentDateTime: '9999-01-01T00:00:00.000Z', parentTimelineId: null, branchingEventId: null, ...fields };
}

/** A versioned change document. */
export const changes = (...entries: unknown[]): { version: 1; changes: unknown[] } => ({ version: 1, changes: entries });

/** A one-timeline chain. */
export const rootChain = (events: EngineEvent[], id = 'main'): TimelineEvents[] => [{ timeline: buildEngineTimeline({ id }), events }];

/** A state as comparable plain data: characters, holdings and relationships sorted by id. */
export function canonicalState(state: WorldState): unknown {
  const sortedEntries = <V>(map: ReadonlyMap<string, V>): Array<[string, V]> => [...map].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const sortKeys = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(sortKeys);
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => [k, sortKeys(v)]),
      );
    }
    return value;
  };
  return sortedEntries(state).map(([id, character]) => ({
    id,
    attributes: sortKeys(character.attributes),
    inventory: sortedEntries(character.inventory),
    relationships: sortedEntries(character.relationships),
  }));
}
