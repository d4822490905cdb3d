/**
 * The OnlyWorlds Folder Format exporter (issue 13; docs/export-format.md "OnlyWorlds"): `world.json` and one file
 * per element at `elements/<type>/<slug>--<id>.json`. Characters → character, items → object, map points →
 * location (points linked to a character or item only get a pin) and pin, maps → map (image beside it under
 * `images/`), map areas → zone (with a pin at the area's centre), events → event (start_date in the year of their
 * calendar), timelines, quests, goals and quest objectives → narrative (subtype Timeline, Quest, Goal or
 * Objective), relationships and connections → relation, calendars → `world.json`. Loreforge's fields without an
 * OnlyWorlds counterpart (calendar definitions and instants, branches, events' changes, area polygons, goal and
 * objective progress) travel as `x_loreforge_*` extension fields, which OnlyWorlds tools keep and Loreforge's
 * importer reads back.
 */
import { type Bundle, type BundleRecord, dateFromInstantOf, LIMITS } from '@loreforge/contract';
import type { ExportFile, WorldExporter } from '../../transfer.formats.js';
import { formatId } from '../shared/records.js';
import { slugify } from '../shared/file-names.js';
import { LOREFORGE_EXTENSION, ONLYWORLDS_VERSION, ONLYWORLDS_WORLD_PATH, type OnlyWorldsType } from './onlyworlds.model.js';
import { flipY, imageHeight } from './onlyworlds.pins.js';
import { mentionsToOwReferences } from './onlyworlds.text.js';

const EXTENSIONS: Record<string, string> = { 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp' };
const x = (field: string) => `${LOREFORGE_EXTENSION}${field}`;
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** The year of an ISO date-time, which OnlyWorlds dates (integers in the world's time unit, here Year) hold. */
const yearOf = (iso: string | null): number | null => (iso && /^\d{4}-/.test(iso) ? Number(iso.slice(0, 4)) : null);

/** The centre of an area's polygon (the mean of its corners), where its pin goes. */
const centreOf = (polygon: ReadonlyArray<readonly [number, number]>): [number, number] => {
  const sum = polygon.reduce(([sx, sy], [px, py]) => [sx + px, sy + py], [0, 0]);
  return [sum[0] / Math.max(1, polygon.length), sum[1] / Math.max(1, polygon.length)];
};

/**
 * Writes the folder for a bundle (already filtered to what the reader may see).
 * @param images map image bytes by each map record's `image.path`.
 * @returns the files, world.json first.
 */
export function* writeOnlyWorldsFolder(bundle: Bundle, images: ReadonlyMap<string, Uint8Array>): Generator<ExportFile> {
  const { world, entities } = bundle;
  const worldId = world.worldId;
  yield {
    path: ONLYWORLDS_WORLD_PATH,
    data: json({
      id: worldId,
      name: world.name,
      description: world.description ?? '',
      version: ONLYWORLDS_VERSION,
      time_basic_unit: 'Year',
      time_format_names: ['Year'],
      time_format_equivalents: [1],
      [x('exported_at')]: new Date().toISOString(),
      // World calendars have no OnlyWorlds element: their definitions travel here, timelines name them by id.
      ...(entities.calendars.length > 0 ? { [x('calendars')]: entities.calendars } : {}),
    }),
  };
  const element = (type: OnlyWorldsType, id: string, name: string, fields: Record<string, unknown>): ExportFile => ({
    path: `elements/${type}/${slugify(name, type)}--${id}.json`,
    data: json({ id, type, name, description: '', supertype: null, subtype: null, image_url: null, world: worldId, ...fields }),
  });
  const access = (record: { visibility: string; gmNotes: string | null; createdAt: string; updatedAt: string }) => ({
    created_at: record.createdAt,
    updated_at: record.updatedAt,
    [x('visibility')]: record.visibility,
    ...(record.gmNotes ? { [x('gm_notes')]: record.gmNotes } : {}),
  });
  const text = (value: string | null) => mentionsToOwReferences(value ?? '');
  const tags = new Map(entities.tags.map((entry) => [entry.entityId, entry.tags]));
  const tagField = (id: string) => (tags.get(id)?.length ? { [x('tags')]: tags.get(id) } : {});

  // Points without an entity are places: each becomes a location, which a character's location can name.
  const locationOf = new Map<string, string>();
  for (const point of entities.mapPoints) if (!point.entity) locationOf.set(point.pointId, point.pointId);
  const pointsOf = (characterId: string) => entities.inventory.filter((line) => line.characterId === characterId);

  for (const character of entities.characters) {
    const inventory = pointsOf(character.characterId);
    const friends = entities.relationships.filter(
      (relationship) => relationship.characterId === character.characterId && relationship.relationshipType === 'friend',
    );
    yield element('character', character.characterId, character.name, {
      description: text(character.description),
      location: character.currentLocationId ? (locationOf.get(character.currentLocationId) ?? null) : null,
      objects: [...new Set(inventory.map((line) => line.itemId))],
      friends: friends.map((relationship) => relationship.targetCharacterId),
      ...access(character),
      [x('attributes')]: character.attributes,
      [x('inventory')]: inventory.map((line) => ({
        object: line.itemId,
        quantity: line.quantity,
        equipped: line.equipped,
        notes: line.notes,
        visibility: line.visibility,
        ...(Object.keys(line.attributes).length > 0 ? { attributes: line.attributes } : {}),
      })),
      ...(character.activeQuests.length > 0 ? { [x('active_quests')]: character.activeQuests } : {}),
      ...tagField(character.characterId),
    });
  }
  for (const item of entities.items) {
    const amount = item.properties.amount;
    yield element('object', item.itemId, item.name, {
      description: text(item.description),
      amount: typeof amount === 'number' && Number.isInteger(amount) ? amount : null,
      ...access(item),
      [x('properties')]: item.properties,
      [x('attributes')]: item.attributes,
      ...tagField(item.itemId),
    });
  }
  // OnlyWorlds measures y from the map's bottom edge: the image's height, or (without an image) the lowest point's.
  const heightOf = new Map<string, number>();
  for (const point of entities.mapPoints) heightOf.set(point.mapId, Math.max(heightOf.get(point.mapId) ?? 1, Math.ceil(point.y)));
  for (const map of entities.maps) {
    const bytes = map.image ? images.get(map.image.path) : undefined;
    const imagePath =
      map.image && bytes ? `images/${slugify(map.name, 'map')}--${map.mapId}.${EXTENSIONS[map.image.contentType] ?? 'png'}` : null;
    if (imagePath && bytes) yield { path: imagePath, data: bytes };
    const height = imageHeight(bytes) ?? heightOf.get(map.mapId) ?? 1;
    heightOf.set(map.mapId, height);
    yield element('map', map.mapId, map.name, {
      description: text(map.description),
      image_url: imagePath,
      height,
      ...access(map),
      ...tagField(map.mapId),
    });
  }
  for (const point of entities.mapPoints) {
    if (!point.entity) yield element('location', point.pointId, point.name, { description: text(point.description), ...access(point) });
    yield element('pin', formatId('onlyworlds-pin', point.pointId), point.name, {
      map: point.mapId,
      element: point.entity ? point.entity.id : point.pointId,
      element_type: point.entity ? (point.entity.type === 'item' ? 'object' : 'character') : 'location',
      x: Math.round(point.x),
      y: Math.round(flipY(point.y, heightOf.get(point.mapId) ?? 1)),
      z: null,
      ...access(point),
      ...tagField(point.pointId),
    });
  }
  // Map areas are zones; OnlyWorlds places nothing but pins on a map, so a pin marks each area's centre.
  for (const area of entities.mapAreas) {
    const [cx, cy] = centreOf(area.polygon);
    yield element('zone', area.areaId, area.name, {
      description: text(area.description),
      ...access(area),
      [x('kind')]: 'area',
      [x('area')]: { map: area.mapId, color: area.color, polygon: area.polygon },
      ...tagField(area.areaId),
    });
    yield element('pin', formatId('onlyworlds-pin', area.areaId), area.name, {
      map: area.mapId,
      element: area.areaId,
      element_type: 'zone',
      x: Math.round(cx),
      y: Math.round(flipY(cy, heightOf.get(area.mapId) ?? 1)),
      z: null,
      ...access(area),
    });
  }
  const eventsOf = (timelineId: string) => entities.events.filter((event) => event.timelineId === timelineId).map((event) => event.eventId);
  for (const timeline of entities.timelines) {
    yield element('narrative', timeline.timelineId, timeline.name, {
      description: text(timeline.description),
      subtype: 'Timeline',
      events: eventsOf(timeline.timelineId),
      ...access(timeline),
      [x('kind')]: 'timeline',
      [x('timeline')]: {
        calendar: timeline.calendarId,
        currentDateTime: timeline.currentDateTime,
        currentInstant: timeline.currentInstant,
        parentTimeline: timeline.parentTimelineId,
        branchingEvent: timeline.branchingEvent,
        branchingEnabled: timeline.branchingEnabled,
        genesisEvent: timeline.genesisEvent,
        initialStates: timeline.initialStates,
      },
      ...tagField(timeline.timelineId),
    });
  }
  const linked = (type: BundleRecord<'connections'>['sourceType'], id: string, otherType: BundleRecord<'connections'>['sourceType']) =>
    entities.connections.flatMap((connection) => {
      if (connection.sourceType === type && connection.sourceId === id && connection.targetType === otherType) return [connection.targetId];
      if (connection.targetType === type && connection.targetId === id && connection.sourceType === otherType) return [connection.sourceId];
      return [];
    });
  for (const quest of entities.quests) {
    yield element('narrative', quest.questId, quest.name, {
      description: text(quest.description),
      subtype: 'Quest',
      characters: [...new Set(linked('quest', quest.questId, 'character'))],
      events: [...new Set(linked('quest', quest.questId, 'event'))],
      ...access(quest),
      [x('quest')]: { status: quest.status, isOptional: quest.isOptional, difficulty: quest.difficulty },
      ...tagField(quest.questId),
    });
  }
  for (const objective of entities.objectives) {
    yield element('narrative', objective.objectiveId, objective.description.slice(0, LIMITS.nameMax) || 'Objective', {
      description: text(objective.description),
      subtype: 'Objective',
      ...access(objective),
      [x('kind')]: 'objective',
      [x('objective')]: {
        quest: objective.questId,
        target: objective.target,
        progress: objective.progress,
        isOptional: objective.isOptional,
      },
    });
  }
  for (const goal of entities.goals) {
    yield element('narrative', goal.goalId, goal.title, {
      description: text(goal.description),
      subtype: 'Goal',
      characters: goal.characterId ? [goal.characterId] : [],
      ...access(goal),
      [x('kind')]: 'goal',
      [x('goal')]: {
        character: goal.characterId,
        goalType: goal.goalType,
        status: goal.status,
        targetDateTime: goal.targetDateTime,
        notes: goal.notes,
      },
      ...tagField(goal.goalId),
    });
  }
  // An event's start_date is its year: on its timeline's calendar when it has one, else the Gregorian year.
  const calendarOfTimeline = new Map(entities.timelines.map((timeline) => [timeline.timelineId, timeline.calendarId]));
  const definitions = new Map(entities.calendars.map((calendar) => [calendar.calendarId, calendar.definition]));
  const startYear = (event: BundleRecord<'events'>): number | null => {
    const definition = definitions.get(calendarOfTimeline.get(event.timelineId ?? '') ?? '');
    if (!definition || event.instant === null) return yearOf(event.dateTime);
    const year = Number(dateFromInstantOf(definition, BigInt(event.instant)).year);
    return Number.isSafeInteger(year) ? year : null;
  };
  for (const event of entities.events) {
    yield element('event', event.eventId, event.name, {
      description: text(event.description),
      start_date: startYear(event),
      characters: [...new Set(linked('event', event.eventId, 'character'))],
      objects: [...new Set(linked('event', event.eventId, 'item'))],
      ...access(event),
      ...(event.dateTime ? { [x('date_time')]: event.dateTime } : {}),
      ...(event.instant !== null ? { [x('instant')]: event.instant } : {}),
      [x('timeline')]: event.timelineId,
      ...(event.characterAttributeChanges || event.inventoryChanges || event.relationshipChanges
        ? {
            [x('changes')]: {
              characterAttributeChanges: event.characterAttributeChanges,
              inventoryChanges: event.inventoryChanges,
              relationshipChanges: event.relationshipChanges,
            },
          }
        : {}),
      ...(event.isBranchingEvent || event.childTimelineId
        ? { [x('branch')]: { isBranchingEvent: event.isBranchingEvent, childTimeline: event.childTimelineId } }
        : {}),
      ...tagField(event.eventId),
    });
  }
  const names = new Map<string, string>([...entities.characters.map((character) => [character.characterId, character.name] as const)]);
  for (const relationship of entities.relationships) {
    const from = names.get(relationship.characterId) ?? 'Someone';
    const to = names.get(relationship.targetCharacterId) ?? 'someone';
    yield element('relation', relationship.relationshipId, `${from} – ${to}`, {
      description: text(relationship.description),
      subtype: relationship.relationshipType,
      actor: relationship.characterId,
      characters: [relationship.targetCharacterId],
      intensity: Math.abs(relationship.affinity),
      ...access(relationship),
      [x('relationship')]: {
        relationshipType: relationship.relationshipType,
        affinity: relationship.affinity,
        powerBalance: relationship.powerBalance,
        trustLevel: relationship.trustLevel,
        communicationStyle: relationship.communicationStyle,
        pastInteractions: relationship.pastInteractions,
        currentGoalAlignment: relationship.currentGoalAlignment,
        dependenceLevel: relationship.dependenceLevel,
      },
      ...tagField(relationship.relationshipId),
    });
  }
  const involves: Partial<Record<BundleRecord<'connections'>['sourceType'], string>> = {
    character: 'characters',
    item: 'objects',
    event: 'events',
    quest: 'narratives',
    timeline: 'narratives',
  };
  for (const connection of entities.connections) {
    const lists: Record<string, string[]> = {};
    for (const [type, id] of [
      [connection.sourceType, connection.sourceId],
      [connection.targetType, connection.targetId],
    ] as const) {
      const field = involves[type];
      if (field) lists[field] = [...(lists[field] ?? []), id];
    }
    yield element('relation', connection.connectionId, connection.connectionType, {
      description: text(connection.description),
      subtype: 'Connection',
      ...lists,
      ...access(connection),
      [x('connection')]: {
        source: connection.sourceId,
        sourceType: connection.sourceType,
        target: connection.targetId,
        targetType: connection.targetType,
        connectionType: connection.connectionType,
      },
      ...tagField(connection.connectionId),
    });
  }
}

/** Registered in transfer.registry.ts (`?format=onlyworlds`). */
export const onlyWorldsExporter: WorldExporter = {
  format: 'onlyworlds',
  fromBundle: writeOnlyWorldsFolder,
};
