/**
 * Turns a bundle into the rows of a new world (issue 13 "ids are remapped so a bundle can be imported twice"):
 * every record gets a new id; every reference (relationships, inventories, goals, events' timelines and changes,
 * branches, calendars, map points' entities, locations, active quests, connections, tags) is rewritten to the
 * new ids; any old id found inside text or JSON (a mention in a description) is replaced by its new id.
 * A reference the bundle cannot satisfy is dropped (an optional one) or its record left out (a required one),
 * each listed in `notMapped`. Pure: no database.
 */
import {
  BUNDLE_FILES, BUNDLE_MESSAGES, type BundleEntityType, type ConnectableType, type TaggableType, type BundleRecord, LIMITS, type NotMapped,
  instantFromIsoDateTime, jsonSizeProblem, normalizeDateTime,
} from '@loreforge/contract';
import type { CalendarTable } from '../../db/tables/calendar.table.js';
import type { CharacterActiveQuestTable, CharacterTable } from '../../db/tables/character.table.js';
import type { ConnectionTable } from '../../db/tables/connection.table.js';
import type { EntityTagTable } from '../../db/tables/entity-tag.table.js';
import type { GoalTable } from '../../db/tables/goal.table.js';
import type { InventoryItemTable, ItemTable } from '../../db/tables/item.table.js';
import type { MapAreaTable, MapPointTable, MapTable } from '../../db/tables/map.table.js';
import type { QuestObjectiveTable, QuestTable } from '../../db/tables/quest.table.js';
import type { RelationshipTable } from '../../db/tables/relationship.table.js';
import type { EventTable, TimelineTable } from '../../db/tables/timeline.table.js';
import type { MentionTable } from '../../db/tables/mention.table.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { badRequest } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { instantSortKey } from '../calendars/calendar.clock.js';
import { planRichText } from './import.rich-text.js';
import type { ImportedBundle } from './transfer.formats.js';

/** A map image to store with its map. */
export interface PlannedImage {
  mapId: string;
  path: string;
  bytes: Uint8Array;
}

/** Rows of the new world, in an order that satisfies every foreign key when inserted as listed. */
export interface ImportPlan {
  worldId: string;
  /** The world's description with the mentions in it rewritten. */
  description: string | null;
  /** The world's rich text (import.rich-text.ts), or null. */
  descriptionHtml: string | null;
  calendar: CalendarTable[];
  map: MapTable[];
  images: PlannedImage[];
  map_point: MapPointTable[];
  map_area: MapAreaTable[];
  character: CharacterTable[];
  item: ItemTable[];
  inventory_item: InventoryItemTable[];
  goal: GoalTable[];
  relationship: RelationshipTable[];
  /** Inserted without parent, then linked (a branch may come before its parent). */
  timeline: TimelineTable[];
  event: EventTable[];
  quest: QuestTable[];
  quest_objective: QuestObjectiveTable[];
  character_active_quest: CharacterActiveQuestTable[];
  connection: ConnectionTable[];
  entity_tag: EntityTagTable[];
  /** The new world's mention index (backlinks), from every kept rich text. */
  mention: MentionTable[];
  created: Record<BundleEntityType, number>;
  notMapped: NotMapped[];
}

const UUID_PATTERN = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;

/** Reference kinds of connections, map points and tags → the entity type whose ids they name. */
const KIND_TYPES: Record<ConnectableType, BundleEntityType> = {
  character: 'characters', item: 'items', timeline: 'timelines', event: 'events', map: 'maps', quest: 'quests', goal: 'goals',
};

/** The bundle's entity type of each taggable type. */
const TAG_KINDS: Record<TaggableType, BundleEntityType> = {
  ...KIND_TYPES, map_point: 'mapPoints', map_area: 'mapAreas', relationship: 'relationships', connection: 'connections',
};

/** Id fields of each entity type's records. */
const ID_FIELDS = {
  calendars: 'calendarId', characters: 'characterId', items: 'itemId', inventory: 'inventoryItemId', goals: 'goalId',
  relationships: 'relationshipId', timelines: 'timelineId', events: 'eventId', maps: 'mapId', mapPoints: 'pointId',
  mapAreas: 'areaId', quests: 'questId', objectives: 'objectiveId', connections: 'connectionId', tags: 'entityId',
} as const satisfies Record<BundleEntityType, string>;

/** The id maps of one import: old id → new id per entity type, and every UUID-shaped old id for text. */
class IdMap {
  private readonly byType = new Map<BundleEntityType, Map<string, string>>();
  private readonly inText = new Map<string, string>();

  /** Gives a record a new id; false when its old id was seen before in the same type. */
  assign(type: BundleEntityType, oldId: string): boolean {
    let ids = this.byType.get(type);
    if (!ids) this.byType.set(type, (ids = new Map<string, string>()));
    if (ids.has(oldId)) return false;
    const id = newId();
    ids.set(oldId, id);
    if (/^[0-9a-fA-F-]{36}$/.test(oldId)) this.inText.set(oldId.toLowerCase(), id);
    return true;
  }

  /**
   * The new id of a record kept by assignIds (it always has one).
   * @throws Error when it has none, which would be a fault of this module, not of the bundle.
   */
  must(type: BundleEntityType, oldId: string): string {
    const id = this.get(type, oldId);
    if (id === undefined) throw new Error(`No new id was given to ${type} ${oldId}.`);
    return id;
  }

  /** The new id of an old one of this type, or undefined. */
  get(type: BundleEntityType, oldId: string | null | undefined): string | undefined {
    return oldId === null || oldId === undefined ? undefined : this.byType.get(type)?.get(oldId);
  }

  /** Text with every old id it names replaced by the new one. */
  text(value: string): string;
  text(value: string | null): string | null;
  text(value: string | null): string | null {
    if (value === null || this.inText.size === 0) return value;
    return value.replace(UUID_PATTERN, (match) => this.inText.get(match.toLowerCase()) ?? match);
  }

  /** A JSON value with every string in it passed through `text` (keys included: attributes may be keyed by id). */
  json(value: unknown): unknown {
    if (typeof value === 'string') return this.text(value);
    if (Array.isArray(value)) return value.map((item) => this.json(item));
    if (value !== null && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [this.text(key), this.json(item)]));
    }
    return value;
  }
}

/** Everything one import needs while planning. */
interface Context {
  ids: IdMap;
  userId: string;
  now: string;
  notMapped: NotMapped[];
}

const at = (type: BundleEntityType, index: number): string => `${BUNDLE_FILES[type]}#${index}`;
const timestampOf = (value: string, context: Context): string => normalizeDateTime(value) ?? context.now;

/** Access columns in the new world: visibility and notes kept; reveals dropped (no players yet); writer: the importer. */
function accessOf(record: { visibility: string; gmNotes: string | null }, context: Context): AccessColumns {
  return {
    visibility: record.visibility,
    revealed_to: '[]',
    gm_notes: context.ids.text(record.gmNotes),
    gm_notes_html: null,
    created_by: context.userId,
    updated_by: context.userId,
  };
}

/** JSON text of a bounded JSON field, or a 400 naming the record when it is too large. */
function jsonText(value: unknown, label: string, where: string, context: Context): string {
  const remapped = context.ids.json(value);
  const problem = jsonSizeProblem(label, remapped);
  if (problem) throw badRequest(BUNDLE_MESSAGES.invalidRecord(where, problem));
  return JSON.stringify(remapped);
}

/** Change entries of a change document (0 for free-form or null fields). */
function changeCount(value: unknown, where: string): number {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 0;
  const changes = (value as { changes?: unknown }).changes;
  if (!Array.isArray(changes)) return 0;
  if (changes.length > LIMITS.eventChangesMax) {
    throw badRequest(BUNDLE_MESSAGES.invalidRecord(where, `An event may hold at most ${LIMITS.eventChangesMax} changes per field.`));
  }
  return changes.length;
}

/** Keeps the records of a type with a new id each; a repeated id is reported and its record left out. */
function assignIds<T extends BundleEntityType>(type: T, records: BundleRecord<T>[], context: Context): [number, BundleRecord<T>][] {
  const kept: [number, BundleRecord<T>][] = [];
  records.forEach((record, index) => {
    const oldId = (record as Record<string, unknown>)[ID_FIELDS[type]] as string;
    if (type === 'tags' || context.ids.assign(type, oldId)) kept.push([index, record]);
    else context.notMapped.push({ path: at(type, index), reason: BUNDLE_MESSAGES.duplicateId(BUNDLE_FILES[type], oldId) });
  });
  return kept;
}

/** Reports a dropped optional reference. */
function dropped(context: Context, type: BundleEntityType, index: number, field: string, oldId: string): void {
  context.notMapped.push({ path: at(type, index), reason: `${field} names ${oldId}, which the import does not hold; it was left empty.` });
}

/** Reports a record left out for a missing required reference. */
function leftOut(context: Context, type: BundleEntityType, index: number, field: string, oldId: string): void {
  context.notMapped.push({ path: at(type, index), reason: `${field} names ${oldId}, which the import does not hold; the record was left out.` });
}

/** An optional reference: the new id, or null (reported when the old one named something missing). */
function optionalRef(context: Context, type: BundleEntityType, target: BundleEntityType, index: number, field: string, oldId: string | null): string | null {
  if (oldId === null) return null;
  const id = context.ids.get(target, oldId);
  if (id === undefined) dropped(context, type, index, field, oldId);
  return id ?? null;
}

/**
 * Plans the rows of a new world from an imported bundle.
 * @param userId the importer: owner of the new world and writer of every row.
 * @returns the rows in insert order, counts of what will be created and what could not be mapped.
 * @throws AppError 400 when a JSON field is over its bound, an event holds too many changes, or the world's
 * events together hold more than LIMITS.worldChangesMax changes.
 */
export function planImport(imported: ImportedBundle, userId: string, now: string): ImportPlan {
  const { entities } = imported.bundle;
  const context: Context = { ids: new IdMap(), userId, now, notMapped: [...imported.notMapped] };
  const { ids } = context;
  const worldId = newId();
  // Every id first, so references and mentions may point forwards and backwards.
  const kept = {
    calendars: assignIds('calendars', entities.calendars, context),
    characters: assignIds('characters', entities.characters, context),
    items: assignIds('items', entities.items, context),
    inventory: assignIds('inventory', entities.inventory, context),
    goals: assignIds('goals', entities.goals, context),
    relationships: assignIds('relationships', entities.relationships, context),
    timelines: assignIds('timelines', entities.timelines, context),
    events: assignIds('events', entities.events, context),
    maps: assignIds('maps', entities.maps, context),
    mapPoints: assignIds('mapPoints', entities.mapPoints, context),
    mapAreas: assignIds('mapAreas', entities.mapAreas, context),
    quests: assignIds('quests', entities.quests, context),
    objectives: assignIds('objectives', entities.objectives, context),
    connections: assignIds('connections', entities.connections, context),
    tags: assignIds('tags', entities.tags, context),
  };
  const plan: ImportPlan = {
    worldId, description: ids.text(imported.bundle.world.description), descriptionHtml: null, calendar: [], map: [], images: [], map_point: [], map_area: [], character: [], item: [], inventory_item: [],
    goal: [], relationship: [], timeline: [], event: [], quest: [], quest_objective: [], character_active_quest: [],
    connection: [], entity_tag: [], mention: [], created: {} as Record<BundleEntityType, number>, notMapped: context.notMapped,
  };
  const stamp = (record: { createdAt: string; updatedAt: string }) => ({
    created_at: timestampOf(record.createdAt, context), updated_at: timestampOf(record.updatedAt, context),
  });

  for (const [, record] of kept.calendars) {
    plan.calendar.push({
      id: ids.must('calendars', record.calendarId), world_id: worldId, name: record.name, description: ids.text(record.description),
      definition: JSON.stringify(record.definition), created_by: userId, updated_by: userId, ...stamp(record),
    });
  }

  for (const [index, record] of kept.maps) {
    const id = ids.must('maps', record.mapId);
    plan.map.push({ id, world_id: worldId, name: record.name, description: ids.text(record.description), ...accessOf(record, context), ...stamp(record) });
    if (record.image) {
      const bytes = imported.images.get(record.image.path);
      if (bytes) plan.images.push({ mapId: id, path: record.image.path, bytes });
      else context.notMapped.push({ path: at('maps', index), reason: `The image ${record.image.path} is not in the archive; the map was imported without it.` });
    }
  }
  const mapPointIds = new Set<string>();
  for (const [index, record] of kept.mapPoints) {
    const mapId = ids.get('maps', record.mapId);
    if (!mapId) { leftOut(context, 'mapPoints', index, 'mapId', record.mapId); continue; }
    let entity: { type: string; id: string } | null = null;
    if (record.entity) {
      const entityId = optionalRef(context, 'mapPoints', KIND_TYPES[record.entity.type], index, 'entity.id', record.entity.id);
      entity = entityId === null ? null : { type: record.entity.type, id: entityId };
    }
    const id = ids.must('mapPoints', record.pointId);
    mapPointIds.add(id);
    plan.map_point.push({
      id, world_id: worldId, map_id: mapId, name: record.name, description: ids.text(record.description), x: record.x, y: record.y,
      entity_type: entity?.type ?? null, entity_id: entity?.id ?? null, ...accessOf(record, context), ...stamp(record),
    });
  }
  for (const [index, record] of kept.mapAreas) {
    const mapId = ids.get('maps', record.mapId);
    if (!mapId) { leftOut(context, 'mapAreas', index, 'mapId', record.mapId); continue; }
    plan.map_area.push({
      id: ids.must('mapAreas', record.areaId), world_id: worldId, map_id: mapId, name: record.name, description: ids.text(record.description),
      color: record.color, polygon: JSON.stringify(record.polygon), ...accessOf(record, context), ...stamp(record),
    });
  }

  let assigned = 0;
  for (const [index, record] of kept.characters) {
    const id = ids.must('characters', record.characterId);
    let location = optionalRef(context, 'characters', 'mapPoints', index, 'currentLocationId', record.currentLocationId);
    if (location !== null && !mapPointIds.has(location)) location = null;
    if (record.assignedTo !== null) assigned += 1;
    plan.character.push({
      id, world_id: worldId, name: record.name, description: ids.text(record.description),
      attributes: jsonText(record.attributes, 'Attributes', at('characters', index), context),
      current_location_id: location, assigned_to: null, ...accessOf(record, context), ...stamp(record),
    });
    for (const questId of new Set(record.activeQuests)) {
      const newQuestId = optionalRef(context, 'characters', 'quests', index, 'activeQuests', questId);
      // A millisecond apart, so the quests keep their order (active quests are listed by when they were taken up).
      const takenUp = new Date(Date.parse(now) + plan.character_active_quest.length).toISOString();
      if (newQuestId !== null) plan.character_active_quest.push({ character_id: id, quest_id: newQuestId, created_at: takenUp });
    }
  }
  if (assigned > 0) {
    context.notMapped.push({ path: BUNDLE_FILES.characters, reason: `${assigned} character(s) were assigned to players of the exported world; the new world has no players yet, so they are unassigned.` });
  }
  const revealed = BUNDLE_ENTITY_TYPES_WITH_ACCESS.reduce((sum, type) =>
    sum + (entities[type] as { revealedTo: string[] }[]).filter((record) => record.revealedTo.length > 0).length, 0);
  if (revealed > 0) {
    context.notMapped.push({ path: 'revealedTo', reason: `${revealed} secret(s) were revealed to players of the exported world; the new world has no players yet, so they are revealed to no one.` });
  }

  for (const [index, record] of kept.items) {
    plan.item.push({
      id: ids.must('items', record.itemId), world_id: worldId, name: record.name, description: ids.text(record.description),
      properties: jsonText(record.properties, 'Properties', at('items', index), context),
      attributes: jsonText(record.attributes, 'Attributes', at('items', index), context),
      ...accessOf(record, context), ...stamp(record),
    });
  }
  for (const [index, record] of kept.inventory) {
    const characterId = ids.get('characters', record.characterId);
    const itemId = ids.get('items', record.itemId);
    if (!characterId) { leftOut(context, 'inventory', index, 'characterId', record.characterId); continue; }
    if (!itemId) { leftOut(context, 'inventory', index, 'itemId', record.itemId); continue; }
    plan.inventory_item.push({
      id: ids.must('inventory', record.inventoryItemId), world_id: worldId, character_id: characterId, item_id: itemId,
      quantity: record.quantity, equipped: record.equipped ? 1 : 0, notes: ids.text(record.notes),
      attributes: jsonText(record.attributes, 'Attributes', at('inventory', index), context), ...accessOf(record, context), ...stamp(record),
    });
  }
  for (const [index, record] of kept.goals) {
    const characterId = record.characterId === null ? null : ids.get('characters', record.characterId);
    if (characterId === undefined) { leftOut(context, 'goals', index, 'characterId', record.characterId ?? ''); continue; }
    const target = record.targetDateTime === null ? null : normalizeDateTime(record.targetDateTime);
    if (record.targetDateTime !== null && target === null) {
      context.notMapped.push({ path: at('goals', index), reason: `targetDateTime ${record.targetDateTime} is not an ISO 8601 date-time; it was left empty.` });
    }
    plan.goal.push({
      id: ids.must('goals', record.goalId), world_id: worldId, character_id: characterId, title: record.title,
      description: ids.text(record.description), goal_type: record.goalType, status: record.status, target_date_time: target,
      notes: ids.text(record.notes), ...accessOf(record, context), ...stamp(record),
    });
  }
  const pairs = new Set<string>();
  for (const [index, record] of kept.relationships) {
    const from = ids.get('characters', record.characterId);
    const to = ids.get('characters', record.targetCharacterId);
    if (!from) { leftOut(context, 'relationships', index, 'characterId', record.characterId); continue; }
    if (!to) { leftOut(context, 'relationships', index, 'targetCharacterId', record.targetCharacterId); continue; }
    if (pairs.has(`${from}>${to}`)) {
      context.notMapped.push({ path: at('relationships', index), reason: 'A relationship between the same two characters in the same direction came earlier; this one was left out.' });
      continue;
    }
    pairs.add(`${from}>${to}`);
    plan.relationship.push({
      id: ids.must('relationships', record.relationshipId), world_id: worldId, character_id: from, target_character_id: to,
      relationship_type: record.relationshipType, description: ids.text(record.description), affinity: record.affinity,
      power_balance: record.powerBalance, trust_level: record.trustLevel, communication_style: record.communicationStyle,
      past_interactions: ids.text(record.pastInteractions), current_goal_alignment: ids.text(record.currentGoalAlignment),
      dependence_level: ids.text(record.dependenceLevel), ...accessOf(record, context), ...stamp(record),
    });
  }

  planTimelines(plan, kept.timelines, kept.events, context, stamp);

  const questIds = new Set<string>();
  for (const [, record] of kept.quests) {
    const id = ids.must('quests', record.questId);
    questIds.add(id);
    plan.quest.push({
      id, world_id: worldId, name: record.name, description: ids.text(record.description), status: record.status,
      is_optional: record.isOptional ? 1 : 0, difficulty: record.difficulty, ...accessOf(record, context), ...stamp(record),
    });
  }
  for (const [index, record] of kept.objectives) {
    const questId = ids.get('quests', record.questId);
    if (!questId) { leftOut(context, 'objectives', index, 'questId', record.questId); continue; }
    plan.quest_objective.push({
      id: ids.must('objectives', record.objectiveId), quest_id: questId, description: ids.text(record.description),
      target: record.target, progress: Math.min(record.progress, record.target), is_optional: record.isOptional ? 1 : 0,
      ...accessOf(record, context), ...stamp(record),
    });
  }
  for (const [index, record] of kept.connections) {
    const source = ids.get(KIND_TYPES[record.sourceType], record.sourceId);
    const target = ids.get(KIND_TYPES[record.targetType], record.targetId);
    if (!source) { leftOut(context, 'connections', index, 'sourceId', record.sourceId); continue; }
    if (!target) { leftOut(context, 'connections', index, 'targetId', record.targetId); continue; }
    plan.connection.push({
      id: ids.must('connections', record.connectionId), world_id: worldId, source_type: record.sourceType, source_id: source,
      target_type: record.targetType, target_id: target, connection_type: record.connectionType, description: ids.text(record.description),
      ...accessOf(record, context), ...stamp(record),
    });
  }
  // Connections and tags name entities of any type; some may have been left out above.
  const inserted = new Set<string>([plan.character, plan.item, plan.timeline, plan.event, plan.map, plan.quest, plan.goal].flatMap((rows) => rows.map((row) => row.id)));
  plan.connection = plan.connection.filter((row) => {
    if (inserted.has(row.source_id) && inserted.has(row.target_id)) return true;
    context.notMapped.push({ path: BUNDLE_FILES.connections, reason: `The connection "${row.connection_type}" links an entity that was left out; the connection was left out too.` });
    return false;
  });
  for (const rows of [plan.map_point, plan.map_area, plan.relationship, plan.connection]) for (const row of rows) inserted.add(row.id);
  let tagged = 0;
  for (const [index, record] of kept.tags) {
    const entityId = ids.get(TAG_KINDS[record.entityType], record.entityId);
    if (!entityId || !inserted.has(entityId)) { leftOut(context, 'tags', index, 'entityId', record.entityId); continue; }
    const seen = new Set<string>();
    for (const tag of record.tags) {
      const key = tag.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      plan.entity_tag.push({ world_id: worldId, entity_type: record.entityType, entity_id: entityId, tag, tag_key: key, created_at: now });
    }
    tagged += 1;
  }
  planImportedRichText(plan, imported, kept, context);
  plan.created = {
    calendars: plan.calendar.length, characters: plan.character.length, items: plan.item.length, inventory: plan.inventory_item.length,
    goals: plan.goal.length, relationships: plan.relationship.length, timelines: plan.timeline.length, events: plan.event.length,
    maps: plan.map.length, mapPoints: plan.map_point.length, mapAreas: plan.map_area.length, quests: plan.quest.length,
    objectives: plan.quest_objective.length, connections: plan.connection.length, tags: tagged,
  };
  return plan;
}

/** Entity types whose records may carry rich text. */
const RICH_TEXT_TYPES = ['characters', 'items', 'goals', 'relationships', 'timelines', 'events', 'maps', 'mapPoints', 'mapAreas', 'quests', 'connections'] as const;

/** Rich text of every planned row and of the world, and the new world's mention index (import.rich-text.ts). */
function planImportedRichText(
  plan: ImportPlan,
  imported: ImportedBundle,
  kept: { [T in (typeof RICH_TEXT_TYPES)[number]]: [number, BundleRecord<T>][] },
  context: Context,
): void {
  const htmlById = new Map<string, string>();
  for (const type of RICH_TEXT_TYPES) {
    for (const [, record] of kept[type] as [number, { descriptionHtml?: string | null }][]) {
      const id = context.ids.get(type, (record as Record<string, unknown>)[ID_FIELDS[type]] as string);
      if (id !== undefined && record.descriptionHtml) htmlById.set(id, record.descriptionHtml);
    }
  }
  const rows = {
    character: plan.character, item: plan.item, event: plan.event, timeline: plan.timeline, map: plan.map, mapPoint: plan.map_point,
    mapArea: plan.map_area, quest: plan.quest, goal: plan.goal, relationship: plan.relationship, connection: plan.connection,
  };
  const world = { id: plan.worldId, descriptionHtml: imported.bundle.world.descriptionHtml, description: plan.description };
  const result = planRichText(rows, htmlById, world, (text) => context.ids.text(text));
  plan.description = result.world.description;
  plan.descriptionHtml = result.world.description_html;
  plan.mention = result.mention;
}

/** Entity types whose records carry access fields. */
const BUNDLE_ENTITY_TYPES_WITH_ACCESS = [
  'characters', 'items', 'inventory', 'goals', 'relationships', 'timelines', 'events', 'maps', 'mapPoints', 'mapAreas',
  'quests', 'objectives', 'connections',
] as const;

/** A stored moment from a record: on a calendar's timeline its instant, on a Gregorian one its ISO text. */
function momentOf(calendarId: string | null, iso: string | null, instant: string | null): { dateTime: string; instant: string } | undefined {
  if (calendarId !== null) {
    if (instant === null) return undefined;
    return { dateTime: instantSortKey(BigInt(instant)), instant };
  }
  const normalised = iso === null ? null : normalizeDateTime(iso);
  if (normalised === null) return undefined;
  const gregorian = instantFromIsoDateTime(normalised);
  return gregorian === null ? undefined : { dateTime: normalised, instant: gregorian.toString() };
}

/** Timelines and events: calendars, branches, genesis events and the world's bound on change entries. */
function planTimelines(
  plan: ImportPlan,
  timelines: [number, BundleRecord<'timelines'>][],
  events: [number, BundleRecord<'events'>][],
  context: Context,
  stamp: (record: { createdAt: string; updatedAt: string }) => { created_at: string; updated_at: string },
): void {
  const { ids } = context;
  const calendarOfTimeline = new Map<string, string | null>();
  for (const [index, record] of timelines) {
    const id = ids.must('timelines', record.timelineId);
    const calendarId = optionalRef(context, 'timelines', 'calendars', index, 'calendarId', record.calendarId);
    const moment = momentOf(calendarId, record.currentDateTime, record.currentInstant);
    if (!moment) {
      context.notMapped.push({ path: at('timelines', index), reason: "The timeline's currentDateTime (or currentInstant on a calendar of its own) is missing or invalid; the timeline was left out." });
      continue;
    }
    calendarOfTimeline.set(id, calendarId);
    plan.timeline.push({
      id, world_id: plan.worldId, name: record.name, description: ids.text(record.description), calendar_id: calendarId,
      current_date_time: moment.dateTime, current_instant: moment.instant,
      genesis_event: optionalRef(context, 'timelines', 'events', index, 'genesisEvent', record.genesisEvent),
      initial_states: ids.text(record.initialStates), branching_enabled: record.branchingEnabled ? 1 : 0,
      parent_timeline_id: optionalRef(context, 'timelines', 'timelines', index, 'parentTimelineId', record.parentTimelineId),
      branching_event: optionalRef(context, 'timelines', 'events', index, 'branchingEvent', record.branchingEvent),
      ...accessOf(record, context), ...stamp(record),
    });
  }
  const eventIds = new Set<string>();
  let changes = 0;
  for (const [index, record] of events) {
    const where = at('events', index);
    let timelineId = optionalRef(context, 'events', 'timelines', index, 'timelineId', record.timelineId);
    if (timelineId !== null && !calendarOfTimeline.has(timelineId)) timelineId = null;
    const moment = momentOf(timelineId === null ? null : calendarOfTimeline.get(timelineId) ?? null, record.dateTime, record.instant);
    if (!moment) {
      context.notMapped.push({ path: where, reason: "The event's dateTime (or instant on a calendar of its own) is missing or invalid; the event was left out." });
      continue;
    }
    changes += changeCount(record.characterAttributeChanges, where) + changeCount(record.inventoryChanges, where) + changeCount(record.relationshipChanges, where);
    let childTimelineId = optionalRef(context, 'events', 'timelines', index, 'childTimelineId', record.childTimelineId);
    if (childTimelineId !== null && !calendarOfTimeline.has(childTimelineId)) childTimelineId = null;
    const id = ids.must('events', record.eventId);
    eventIds.add(id);
    const changeText = (value: unknown, label: string) => (value === null ? null : jsonText(value, label, where, context));
    plan.event.push({
      id, world_id: plan.worldId, timeline_id: timelineId, name: record.name, description: ids.text(record.description),
      date_time: moment.dateTime, instant: moment.instant,
      character_attribute_changes: changeText(record.characterAttributeChanges, 'Character Attribute Changes'),
      inventory_changes: changeText(record.inventoryChanges, 'Inventory Changes'),
      relationship_changes: changeText(record.relationshipChanges, 'Relationship Changes'),
      is_branching_event: record.isBranchingEvent ? 1 : 0, child_timeline_id: childTimelineId,
      ...accessOf(record, context), ...stamp(record),
    });
  }
  if (changes > LIMITS.worldChangesMax) {
    throw badRequest(BUNDLE_MESSAGES.invalidRecord(BUNDLE_FILES.events, `The events hold ${changes} changes together; a world holds at most ${LIMITS.worldChangesMax}.`));
  }
  const timelineIds = new Set(calendarOfTimeline.keys());
  for (const timeline of plan.timeline) {
    // References to events or timelines that were left out are cleared, as deleting them would.
    if (timeline.genesis_event !== null && !eventIds.has(timeline.genesis_event)) timeline.genesis_event = null;
    if (timeline.branching_event !== null && !eventIds.has(timeline.branching_event)) timeline.branching_event = null;
    if (timeline.parent_timeline_id !== null && !timelineIds.has(timeline.parent_timeline_id)) timeline.parent_timeline_id = null;
  }
}
