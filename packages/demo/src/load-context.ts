/**
 * The state of one demo load, shared by the per-entity loaders: the client signed in as the world's owner, the
 * world, the data, the id the API gave each key, the counts, and the bodies sent so far (later steps send them
 * again with more filled in: a character's location and quests, an event's branch, descriptions with mentions).
 */
import type { LoreforgeClient, operations } from '@loreforge/client';
import type { DemoData, DemoEvent } from './demo-data.js';
import { type DemoMentionKind, demoPlainText } from './demo-mentions.js';

/** How many of each thing the loader created. */
export interface DemoSummary {
  characters: number;
  items: number;
  inventoryEntries: number;
  relationships: number;
  goals: number;
  timelines: number;
  events: number;
  calendars: number;
  maps: number;
  points: number;
  areas: number;
  quests: number;
  objectives: number;
  connections: number;
}

/** The outcome of loading: the new world, its name and the counts, plus every key's id for callers that check them. */
export interface DemoLoadResult {
  worldId: string;
  worldName: string;
  summary: DemoSummary;
  /** kind ('character', 'item', 'timeline', 'event', 'map', 'point', 'area', 'quest', 'goal') → key → id. */
  ids: Record<string, Record<string, string>>;
}

/** An event's body as the API documents it (POST and PUT …/events). */
export type DemoEventBody = operations['createEvent']['requestBody']['content']['application/json'];

/** A character's body as the API documents it, as the loader sends it on create and on every later PUT. */
export type DemoCharacterBody = operations['createCharacter']['requestBody']['content']['application/json'] & { activeQuests: string[] };

/** One load in progress (see the file's comment). */
export class DemoLoad {
  readonly ids: Record<string, Record<string, string>> = {};
  readonly summary: DemoSummary = {
    characters: 0,
    items: 0,
    inventoryEntries: 0,
    relationships: 0,
    goals: 0,
    timelines: 0,
    events: 0,
    calendars: 0,
    maps: 0,
    points: 0,
    areas: 0,
    quests: 0,
    objectives: 0,
    connections: 0,
  };
  readonly characterBodies = new Map<string, DemoCharacterBody>();
  readonly eventBodies = new Map<string, DemoEventBody>();
  /** Every event of the data's Gregorian timelines, for names and mentions. */
  readonly events: DemoEvent[];

  /**
   * @param client the typed client, signed in as the world's owner.
   * @param worldId the world being filled.
   * @param log receives one progress line per stage.
   */
  constructor(
    readonly client: LoreforgeClient,
    readonly worldId: string,
    readonly data: DemoData,
    readonly log: (line: string) => void,
  ) {
    this.events = data.timelines.flatMap((timeline) => timeline.events);
  }

  /** Records the id the API gave a key. */
  remember(kind: string, key: string, id: string): void {
    (this.ids[kind] ??= {})[key] = id;
  }

  /**
   * The id the API gave a key.
   * @throws Error when nothing of that kind was created for the key (the data names something it does not hold).
   */
  id(kind: string, key: string): string {
    const found = this.ids[kind]?.[key];
    if (found === undefined) throw new Error(`No ${kind} was created for key "${key}".`);
    return found;
  }

  /** The name of a character, item or event by key (the key itself when the data has no such entity). */
  nameOf(kind: DemoMentionKind, key: string): string {
    const entities = kind === 'character' ? this.data.characters : kind === 'item' ? this.data.items : this.events;
    return entities.find((entity) => entity.key === key)?.name ?? key;
  }

  /** A description with its mentions written as plain names: mentions are linked once everything exists. */
  plain(text: string | null): string | null {
    return demoPlainText(text, (kind, key) => this.nameOf(kind, key));
  }

  /** The id a change document's key stands for, or undefined when none was created. */
  changeId(kind: 'character' | 'item', key: string): string | undefined {
    return this.ids[kind]?.[key];
  }
}
