/**
 * The demo world's data file format: every entity carries a stable key ("dorothy", "silverShoes") and refers to
 * others by key, never by database id. The loader turns keys into ids as it creates things through the API.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  CHANGE_FORMAT_VERSION,
  CalendarDateSchema,
  CalendarDefinitionObjectSchema,
  COMMUNICATION_STYLES,
  CONNECTABLE_TYPES,
  GOAL_STATUSES,
  GOAL_TYPES,
  POINT_ENTITY_TYPES,
  QUEST_STATUSES,
  RELATIONSHIP_TYPES,
} from '@loreforge/contract';
import { demoMentionKeys } from './demo-mentions.js';

/** The folder holding the demo world's data file and map image (`packages/demo/content`). */
export const DEMO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../content');

/** The Oz data file inside DEMO_DIR. */
export const OZ_DATA_FILE = 'oz-world.json';

const key = z.string().regex(/^[A-Za-z][A-Za-z0-9]*$/, 'A key is letters and digits, starting with a letter.');
const text = z.string().nullable().default(null);
const jsonObject = z.record(z.string(), z.unknown()).default({});
const score = z.number().int().min(-100).max(100);

/** A change field in the event-change format of the contract, with keys where the API wants ids. */
const ChangeDocumentSchema = z
  .object({ version: z.literal(CHANGE_FORMAT_VERSION), changes: z.array(z.record(z.string(), z.unknown())) })
  .nullable()
  .default(null);
export type DemoChangeDocument = z.infer<typeof ChangeDocumentSchema>;

/** Who may see an entity of the demo: everyone (default) or the world's editors only (a secret kept from players). */
const visibility = z.enum(['everyone', 'editors']).optional();

const EventSchema = z.object({
  key,
  name: z.string(),
  description: text,
  visibility,
  dateTime: z.string(),
  characterAttributeChanges: ChangeDocumentSchema,
  inventoryChanges: ChangeDocumentSchema,
  relationshipChanges: ChangeDocumentSchema,
});

const EntityRefSchema = z.object({ type: z.enum(CONNECTABLE_TYPES), key });

/** An event of a timeline on a world calendar: dated by `calendarDate` in that calendar (issue 12). */
const CalendarEventSchema = EventSchema.omit({ dateTime: true }).extend({ calendarDate: CalendarDateSchema });

export const DemoDataSchema = z.object({
  world: z.object({ name: z.string(), description: text }),
  characters: z.array(
    z.object({
      key,
      name: z.string(),
      description: text,
      attributes: jsonObject,
      /** Key of the map point where the character is at the start of the story. */
      location: key.optional(),
      visibility,
      /** What only the game master knows (GM notes). */
      gmNotes: text.optional(),
    }),
  ),
  items: z.array(z.object({ key, name: z.string(), description: text, properties: jsonObject, attributes: jsonObject })),
  inventory: z.array(
    z.object({
      character: key,
      item: key,
      quantity: z.number().int().min(1),
      equipped: z.boolean(),
      notes: text,
    }),
  ),
  relationships: z.array(
    z.object({
      character: key,
      target: key,
      relationshipType: z.enum(RELATIONSHIP_TYPES),
      description: text,
      affinity: score,
      trustLevel: score,
      powerBalance: score,
      communicationStyle: z.enum(COMMUNICATION_STYLES).nullable(),
      pastInteractions: text,
      currentGoalAlignment: text,
      dependenceLevel: text,
    }),
  ),
  goals: z.array(
    z.object({
      key,
      character: key,
      title: z.string(),
      description: z.string(),
      goalType: z.enum(GOAL_TYPES),
      status: z.enum(GOAL_STATUSES),
      targetDateTime: text,
      notes: text,
      visibility,
    }),
  ),
  timelines: z.array(
    z.object({
      key,
      name: z.string(),
      description: text,
      currentDateTime: z.string(),
      /** Key of the event the timeline starts with. */
      genesisEvent: key.optional(),
      /** Key of the parent timeline, for a branch. */
      parent: key.optional(),
      /** Key of the parent's event where the branch diverges. */
      branchingEvent: key.optional(),
      events: z.array(EventSchema),
    }),
  ),
  map: z.object({
    key,
    name: z.string(),
    description: text,
    /** File name of the map image inside DEMO_DIR. */
    image: z.string(),
    points: z.array(
      z.object({
        key,
        name: z.string(),
        description: text,
        x: z.number().min(0),
        y: z.number().min(0),
        /** Key of the area the point lies in, checked against the polygons. */
        country: key.optional(),
        entity: z.object({ type: z.enum(POINT_ENTITY_TYPES), key }).optional(),
      }),
    ),
    areas: z.array(
      z.object({
        key,
        name: z.string(),
        description: text,
        color: z.string(),
        polygon: z.array(z.tuple([z.number(), z.number()])).min(3),
      }),
    ),
  }),
  quests: z.array(
    z.object({
      key,
      name: z.string(),
      description: text,
      /** The status at the end of the story; the loader reaches it through accept, progress and, if needed, PUT. */
      status: z.enum(QUEST_STATUSES),
      isOptional: z.boolean(),
      difficulty: z.number().int().min(1).max(10).nullable(),
      /** Characters pursuing the quest: the first accepts it, the others get it in their activeQuests. */
      acceptedBy: z.array(key),
      objectives: z.array(
        z.object({
          description: z.string(),
          target: z.number().int().min(1),
          progress: z.number().int().min(0),
          isOptional: z.boolean(),
        }),
      ),
    }),
  ),
  connections: z.array(
    z.object({
      source: EntityRefSchema,
      target: EntityRefSchema,
      connectionType: z.string(),
      description: text,
    }),
  ),
  /** The world's own calendars (issue 12): a key, a name and description, and the definition as the API takes it. */
  calendars: z.array(CalendarDefinitionObjectSchema.partial().extend({ key, name: z.string(), description: text })).default([]),
  /** Timelines that keep time in one of those calendars, their "now" and events dated in it. */
  calendarTimelines: z
    .array(
      z.object({
        key,
        name: z.string(),
        description: text,
        /** Key of the calendar the timeline keeps time in. */
        calendar: key,
        currentDate: CalendarDateSchema,
        events: z.array(CalendarEventSchema),
      }),
    )
    .default([]),
});
export type DemoData = z.infer<typeof DemoDataSchema>;
export type DemoTimeline = DemoData['timelines'][number];
export type DemoEvent = DemoTimeline['events'][number];

/**
 * Reads and validates a demo data file.
 * @param file path of the JSON file (default: the Oz world in DEMO_DIR).
 * @throws Error naming the file and the first invalid field.
 */
export function readDemoData(file: string = path.join(DEMO_DIR, OZ_DATA_FILE)): DemoData {
  const parsed = DemoDataSchema.safeParse(JSON.parse(fs.readFileSync(file, 'utf8')));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${path.basename(file)} is invalid at ${issue?.path.join('.') ?? '?'}: ${issue?.message ?? 'unknown problem'}`);
  }
  return parsed.data;
}

/** Reads the map image named by the data file, from DEMO_DIR. */
export function readDemoMapImage(data: DemoData): Buffer {
  return fs.readFileSync(path.join(DEMO_DIR, data.map.image));
}

/** Which key table each id field of a change refers to. */
const CHANGE_ID_FIELDS = { characterId: 'character', targetCharacterId: 'character', itemId: 'item' } as const;

/**
 * Replaces the keys in a change document's characterId, targetCharacterId and itemId fields by ids.
 * @param resolve maps (kind, key) to an id, or undefined when the key is unknown.
 * @returns the document in the contract's format, or null for an empty field.
 * @throws Error naming the change and the unknown key.
 */
export function substituteChangeIds(
  document: DemoChangeDocument,
  resolve: (kind: 'character' | 'item', key: string) => string | undefined,
): { version: typeof CHANGE_FORMAT_VERSION; changes: Array<Record<string, unknown>> } | null {
  if (document === null) return null;
  const changes = document.changes.map((change, index) => {
    const copy: Record<string, unknown> = { ...change };
    for (const [field, kind] of Object.entries(CHANGE_ID_FIELDS)) {
      const value = copy[field];
      if (value === undefined) continue;
      const id = typeof value === 'string' ? resolve(kind, value) : undefined;
      if (id === undefined) throw new Error(`change ${index + 1}: ${field} ${JSON.stringify(value)} is not a known ${kind} key.`);
      copy[field] = id;
    }
    return copy;
  });
  return { version: document.version, changes };
}

/** Whether the point (x, y) lies inside the polygon (ray casting; points on an edge may go either way). */
export function pointInPolygon(x: number, y: number, polygon: ReadonlyArray<readonly [number, number]>): boolean {
  let inside = false;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i, i += 1) {
    const [xi, yi] = polygon[i] ?? [0, 0];
    const [xj, yj] = polygon[j] ?? [0, 0];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/**
 * Checks the data's cross-references: unique keys, every key referenced exists, branches name a parent and an
 * event of that parent, points lie in their country. Returns one sentence per problem (empty when sound).
 */
export function findDemoDataProblems(data: DemoData): string[] {
  const problems: string[] = [];
  const keysOf = (kind: string, keys: string[]): Set<string> => {
    const set = new Set<string>();
    for (const k of keys) {
      if (set.has(k)) problems.push(`Duplicate ${kind} key "${k}".`);
      set.add(k);
    }
    return set;
  };
  const events = [
    ...data.timelines.flatMap((timeline) => timeline.events),
    ...data.calendarTimelines.flatMap((timeline) => timeline.events),
  ];
  const known: Record<string, Set<string>> = {
    character: keysOf(
      'character',
      data.characters.map((c) => c.key),
    ),
    item: keysOf(
      'item',
      data.items.map((i) => i.key),
    ),
    timeline: keysOf(
      'timeline',
      [...data.timelines, ...data.calendarTimelines].map((t) => t.key),
    ),
    calendar: keysOf(
      'calendar',
      data.calendars.map((c) => c.key),
    ),
    event: keysOf(
      'event',
      events.map((e) => e.key),
    ),
    map: keysOf('map', [data.map.key]),
    quest: keysOf(
      'quest',
      data.quests.map((q) => q.key),
    ),
    goal: keysOf(
      'goal',
      data.goals.map((g) => g.key),
    ),
    point: keysOf(
      'point',
      data.map.points.map((p) => p.key),
    ),
    area: keysOf(
      'area',
      data.map.areas.map((a) => a.key),
    ),
  };
  const need = (kind: string, k: string, where: string): void => {
    if (!known[kind]?.has(k)) problems.push(`${where}: unknown ${kind} key "${k}".`);
  };

  for (const c of data.characters) if (c.location) need('point', c.location, `character ${c.key} location`);
  for (const entry of data.inventory) {
    need('character', entry.character, 'inventory');
    need('item', entry.item, `inventory of ${entry.character}`);
  }
  for (const r of data.relationships) {
    need('character', r.character, 'relationship');
    need('character', r.target, `relationship of ${r.character}`);
  }
  for (const g of data.goals) need('character', g.character, `goal ${g.key}`);
  for (const timeline of data.timelines) {
    const own = new Set(timeline.events.map((e) => e.key));
    if (timeline.genesisEvent && !own.has(timeline.genesisEvent))
      problems.push(`timeline ${timeline.key}: genesisEvent is not one of its events.`);
    if (timeline.branchingEvent !== undefined || timeline.parent !== undefined) {
      const parent = data.timelines.find((t) => t.key === timeline.parent);
      if (!parent) problems.push(`timeline ${timeline.key}: a branch needs a known parent.`);
      else if (!parent.events.some((e) => e.key === timeline.branchingEvent)) {
        problems.push(`timeline ${timeline.key}: branchingEvent must be an event of ${parent.key}.`);
      }
    }
    for (const event of timeline.events) {
      for (const field of ['characterAttributeChanges', 'inventoryChanges', 'relationshipChanges'] as const) {
        try {
          substituteChangeIds(event[field], (kind, k) => (known[kind]?.has(k) ? k : undefined));
        } catch (error) {
          problems.push(`event ${event.key} ${field} ${(error as Error).message}`);
        }
      }
    }
  }
  for (const timeline of data.calendarTimelines) {
    need('calendar', timeline.calendar, `timeline ${timeline.key}`);
    for (const event of timeline.events) {
      for (const field of ['characterAttributeChanges', 'inventoryChanges', 'relationshipChanges'] as const) {
        try {
          substituteChangeIds(event[field], (kind, k) => (known[kind]?.has(k) ? k : undefined));
        } catch (error) {
          problems.push(`event ${event.key} ${field} ${(error as Error).message}`);
        }
      }
    }
  }
  for (const point of data.map.points) {
    if (point.entity) need(point.entity.type, point.entity.key, `point ${point.key}`);
    if (point.country) {
      const area = data.map.areas.find((a) => a.key === point.country);
      if (!area) need('area', point.country, `point ${point.key}`);
      else if (!pointInPolygon(point.x, point.y, area.polygon)) problems.push(`point ${point.key} lies outside ${area.key}.`);
    }
  }
  for (const quest of data.quests) {
    for (const c of quest.acceptedBy) need('character', c, `quest ${quest.key}`);
    for (const objective of quest.objectives) {
      if (objective.progress > objective.target) problems.push(`quest ${quest.key}: progress above target in "${objective.description}".`);
    }
  }
  for (const connection of data.connections) {
    need(connection.source.type, connection.source.key, 'connection source');
    need(connection.target.type, connection.target.key, 'connection target');
  }
  const described = [
    ...data.characters.map((c) => ({ where: `character ${c.key}`, text: c.description })),
    ...data.items.map((i) => ({ where: `item ${i.key}`, text: i.description })),
    ...events.map((e) => ({ where: `event ${e.key}`, text: e.description })),
  ];
  for (const { where, text } of described) for (const { kind, key } of demoMentionKeys(text)) need(kind, key, `${where} description`);
  return problems;
}
