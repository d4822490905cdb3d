/**
 * The OnlyWorlds Folder Format importer (issue 13; docs/export-format.md "OnlyWorlds"). Characters, objects
 * (items), locations (map points), maps and pins, events, relations (relationships), narratives (quests, or
 * timelines when Loreforge wrote them) become Loreforge entities; families and institutions become connections
 * and tags between the characters that name them. Links to types Loreforge has no counterpart for are kept as
 * the linked elements' names in attributes; the elements themselves are listed as not mapped.
 * `x_loreforge_*` fields written by Loreforge's own OnlyWorlds export are read back.
 */
import {
  BUNDLE_MANIFEST_PATH,
  CONNECTABLE_TYPES,
  emptyBundleEntities,
  instantFromIsoDateTime,
  isoDateTimeFromInstant,
  LIMITS,
  RELATIONSHIP_TYPES,
  TAG_MAX,
  TAGS_PER_ENTITY_MAX,
  VISIBILITIES,
  type BundleEntities,
  type BundleRecord,
  type ConnectableType,
  type RelationshipType,
  type Visibility,
} from '@loreforge/contract';
import type { z } from 'zod';
import { badRequest } from '../../../../errors/app-error.js';
import { type ArchiveFiles, parseJsonBounded } from '../../archive.js';
import type { ImportedBundle, ImportOptions, WorldImporter } from '../../transfer.formats.js';
import { filesFromRoot } from '../shared/folder-root.js';
import { accessFields, clampInt, clampName, clampText, formatId, NotMappedList } from '../shared/records.js';
import { relationshipTypeOf } from '../shared/relationship-types.js';
import {
  linkIds,
  LOREFORGE_EXTENSION,
  ONLYWORLDS_BASE_FIELDS,
  ONLYWORLDS_ELEMENTS_FOLDER,
  ONLYWORLDS_TYPES,
  ONLYWORLDS_WORLD_PATH,
  OnlyWorldsElementSchema,
  OnlyWorldsWorldSchema,
  type OnlyWorldsElement,
  type OnlyWorldsType,
} from './onlyworlds.model.js';
import { flipY, imageHeight } from './onlyworlds.pins.js';
import { owReferencesToMentions } from './onlyworlds.text.js';

const ELEMENT_FILE = /^elements\/([a-z]{1,20})\/[^/]+\.json$/;
const IMAGE_TYPES: Record<string, 'image/png' | 'image/jpeg' | 'image/webp'> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
};

/** One element read from the folder. */
interface Element {
  path: string;
  type: OnlyWorldsType;
  data: OnlyWorldsElement & Record<string, unknown>;
}

function describeIssue(error: z.ZodError): string {
  const [issue] = error.issues;
  if (!issue) return 'not an OnlyWorlds element';
  const where = issue.path.map(String).join('.');
  return where === '' ? issue.message : `${where}: ${issue.message}`;
}

const ext = (element: Element, field: string): unknown => element.data[`${LOREFORGE_EXTENSION}${field}`];
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const visibilityOf = (element: Element): Visibility =>
  (VISIBILITIES as readonly unknown[]).includes(ext(element, 'visibility')) ? (ext(element, 'visibility') as Visibility) : 'everyone';
const stamp = (value: unknown, now: string): string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(Date.parse(value)).toISOString() : now;

/**
 * Reads an OnlyWorlds folder (zipped) into a bundle.
 * @returns the bundle, the map images it names (files of the archive), and what could not be mapped.
 * @throws AppError 400 when world.json or an element is not JSON, nests too deep, or an element has no id.
 */
export function readOnlyWorldsFolder(archiveFiles: ArchiveFiles, options: ImportOptions): ImportedBundle {
  const files = filesFromRoot(archiveFiles, ONLYWORLDS_WORLD_PATH) ?? archiveFiles;
  const now = new Date().toISOString();
  const report = new NotMappedList();
  const entities: BundleEntities = emptyBundleEntities();
  const worldBytes = files.get(ONLYWORLDS_WORLD_PATH);
  if (!worldBytes) throw badRequest(`The OnlyWorlds folder lacks ${ONLYWORLDS_WORLD_PATH}.`);
  const worldParsed = OnlyWorldsWorldSchema.safeParse(parseJsonBounded(ONLYWORLDS_WORLD_PATH, worldBytes, options.maxJsonDepth));
  if (!worldParsed.success) throw badRequest(`${ONLYWORLDS_WORLD_PATH}: ${describeIssue(worldParsed.error)}`);
  const world = worldParsed.data;
  const yearUnit = !world.time_basic_unit || /^years?$/i.test(world.time_basic_unit);

  if (world.time_basic_unit && !yearUnit)
    report.add(
      `${ONLYWORLDS_WORLD_PATH}#time_basic_unit`,
      `the world counts time in ${world.time_basic_unit}; Loreforge reads start dates as years only`,
    );
  const looseImages: string[] = [];
  const elements: Element[] = [];
  const byId = new Map<string, Element>();
  for (const path of [...files.keys()].sort()) {
    if (path === ONLYWORLDS_WORLD_PATH) continue;
    const match = ELEMENT_FILE.exec(path);
    if (!match) {
      if (!path.startsWith(`${ONLYWORLDS_ELEMENTS_FOLDER}/`) && /\.(png|jpe?g|webp|gif)$/i.test(path)) {
        looseImages.push(path); // read when a map names it
        continue;
      }
      report.add(path, 'not an element file of the OnlyWorlds folder (elements/<type>/<name>.json)');
      continue;
    }
    const type = match[1] as OnlyWorldsType;
    if (!(ONLYWORLDS_TYPES as readonly string[]).includes(type)) {
      report.add(path, `"${type}" is not an OnlyWorlds element type`);
      continue;
    }
    const parsed = OnlyWorldsElementSchema.safeParse(parseJsonBounded(path, files.get(path) ?? new Uint8Array(), options.maxJsonDepth));
    if (!parsed.success) throw badRequest(`${path}: ${describeIssue(parsed.error)}`);
    if (byId.has(parsed.data.id)) {
      report.add(path, `the element id ${parsed.data.id} appears in more than one file; only the first was imported`);
      continue;
    }
    const element: Element = { path, type, data: parsed.data };
    elements.push(element);
    byId.set(parsed.data.id, element);
  }

  // What each element becomes: its Loreforge type and bundle id.
  const target = new Map<
    string,
    { type: ConnectableType | 'mapPoint' | 'map' | 'timeline'; id: string; name: string; visibility: Visibility }
  >();
  const narrativeIsTimeline = (element: Element) => ext(element, 'kind') === 'timeline' || /^timeline$/i.test(element.data.subtype ?? '');
  for (const element of elements) {
    const id = formatId('onlyworlds', element.type, element.data.id);
    const name = clampName(element.data.name, 'Untitled');
    const visibility = visibilityOf(element);
    const as = { character: 'character', object: 'item', event: 'event', location: 'mapPoint', pin: 'mapPoint', map: 'map' } as const;
    if (element.type in as) target.set(element.data.id, { type: as[element.type as keyof typeof as], id, name, visibility });
    if (element.type === 'narrative')
      target.set(element.data.id, { type: narrativeIsTimeline(element) ? 'timeline' : 'quest', id, name, visibility });
  }
  const nameOf = (id: string) => byId.get(id)?.data.name ?? id;
  const textOf = (element: Element, ...extra: Array<[string, unknown]>) => {
    const parts = [owReferencesToMentions(element.data.description ?? '', (id) => target.get(id))];
    for (const [label, value] of extra) if (typeof value === 'string' && value.trim() !== '') parts.push(`${label}: ${value.trim()}`);
    return clampText(parts.filter((part) => part !== '').join('\n\n'));
  };
  const access = (element: Element) =>
    accessFields(visibilityOf(element), typeof ext(element, 'gm_notes') === 'string' ? (ext(element, 'gm_notes') as string) : null);
  const times = (element: Element) => ({ createdAt: stamp(element.data.created_at, now), updatedAt: stamp(element.data.updated_at, now) });

  /** Scalar fields as attributes; links Loreforge does not follow as the names they link to. */
  const USED_LINKS = new Set([
    'location',
    'objects',
    'friends',
    'rivals',
    'family',
    'institutions',
    'map',
    'element',
    'actor',
    'characters',
    'protagonist',
    'antagonist',
    'narrator',
    'events',
    'parent_location',
  ]);
  const fieldsOf = (element: Element): Record<string, unknown> => {
    const fields: Record<string, unknown> = {};
    let foreignExtensions = false;
    for (const [key, value] of Object.entries(element.data)) {
      if (ONLYWORLDS_BASE_FIELDS.has(key) || key.startsWith(LOREFORGE_EXTENSION) || value === null || value === '' || USED_LINKS.has(key))
        continue;
      if (/^(x_|atlas_|shadow_)/.test(key)) {
        foreignExtensions = true;
        continue;
      }
      const ids = linkIds(value).filter((id) => byId.has(id));
      if (ids.length > 0) fields[key] = ids.map(nameOf);
      else if (typeof value === 'string') fields[key] = value.slice(0, LIMITS.textMax);
      else if (typeof value === 'number' || typeof value === 'boolean') fields[key] = value;
      else if (!(Array.isArray(value) && value.length === 0))
        report.add(`${element.path}#${key}`, 'the field is neither text, a number nor a link to an element of the folder');
    }
    if (foreignExtensions) report.add(element.path, 'extension fields of other tools (x_*, atlas_*, shadow_*) were not kept');
    if (element.data.image_url && element.type !== 'map')
      report.add(`${element.path}#image_url`, 'the image was not imported: Loreforge keeps images only on maps');
    return fields;
  };

  // Maps first (points name them), then the generated map for locations without a pin.
  const images = new Map<string, Uint8Array>();
  /** Each map's height in pixels (its `height`, else its image's): pins are placed from its bottom edge. */
  const heights = new Map<string, number>();
  for (const element of elements.filter((candidate) => candidate.type === 'map')) {
    const id = target.get(element.data.id)?.id ?? formatId('onlyworlds', 'map', element.data.id);
    let image: BundleRecord<'maps'>['image'] = null;
    const url = element.data.image_url?.trim() ?? '';
    const extension = /\.([a-z]+)$/i.exec(url)?.[1]?.toLowerCase() ?? '';
    const bytes = files.get(url);
    if (url !== '' && bytes && IMAGE_TYPES[extension] && bytes.length <= LIMITS.mapImageMaxBytes) {
      image = { path: url, contentType: IMAGE_TYPES[extension], size: bytes.length };
      images.set(url, bytes);
      const pixels = imageHeight(bytes);
      if (pixels !== undefined) heights.set(id, pixels);
    } else if (url !== '') {
      report.add(
        `${element.path}#image_url`,
        `the map image ${url} is not a PNG, JPEG or WebP file of the folder (at most ${LIMITS.mapImageMaxBytes} bytes); the map has no image`,
      );
    }
    // The map's own height is the frame its pins were placed in; the image's height stands in when it has none.
    const declared = clampInt(element.data.height, 0, LIMITS.mapCoordinateMax, 0);
    if (declared > 0) heights.set(id, declared);
    fieldsOf(element);
    entities.maps.push({
      mapId: id,
      name: clampName(element.data.name, 'Map', LIMITS.mapNameMax).padEnd(LIMITS.mapNameMin, '.'),
      description: textOf(element),
      image,
      ...access(element),
      ...times(element),
    });
  }
  for (const path of looseImages) if (!images.has(path)) report.add(path, 'no map names this image; Loreforge keeps images only on maps');
  const pinned = new Set<string>();
  for (const pin of elements.filter((candidate) => candidate.type === 'pin')) {
    const map = target.get(String(pin.data.map));
    const linked = linkIds(pin.data.element ?? pin.data.element_id)[0];
    const linkedElement = linked ? byId.get(linked) : undefined;
    if (map?.type !== 'map') {
      report.add(pin.path, 'the pin names no map of the folder');
      continue;
    }
    const entityTarget = linkedElement ? target.get(linkedElement.data.id) : undefined;
    const entity =
      entityTarget && (entityTarget.type === 'character' || entityTarget.type === 'item')
        ? { type: entityTarget.type, id: entityTarget.id }
        : null;
    // A location pinned on several maps becomes one point per pin; the first keeps the location's id.
    const isLocation = linkedElement?.type === 'location' && !pinned.has(linkedElement.data.id);
    if (isLocation) pinned.add(linkedElement.data.id);
    if (linkedElement && !entity && !isLocation)
      report.add(
        pin.path,
        `the pin's ${linkedElement.type} ${linkedElement.data.name} is not something a map point can link to; the point keeps its name`,
      );
    const pointId = target.get(isLocation ? linkedElement.data.id : pin.data.id)?.id ?? formatId('onlyworlds', 'pin', pin.data.id);
    const height = heights.get(map.id);
    const y = clampInt(pin.data.y, 0, LIMITS.mapCoordinateMax, 0);
    if (height === undefined)
      report.add(pin.path, "the pin's map has neither an image nor a height, so its y is kept as measured from the bottom edge");
    const source = isLocation ? linkedElement : pin;
    entities.mapPoints.push({
      pointId,
      mapId: map.id,
      name: clampName(pin.data.name || linkedElement?.data.name, 'Pin'),
      description: textOf(source, ...(isLocation ? Object.entries(fieldsOf(source)).filter(([, value]) => typeof value === 'string') : [])),
      x: clampInt(pin.data.x, 0, LIMITS.mapCoordinateMax, 0),
      y: height === undefined ? y : flipY(y, height),
      entity,
      ...access(pin),
      ...times(pin),
    });
  }
  const unpinned = elements.filter((element) => element.type === 'location' && !pinned.has(element.data.id));
  if (unpinned.length > 0) {
    const mapId = formatId('onlyworlds', 'map', 'locations');
    entities.maps.push({
      mapId,
      name: 'Locations',
      description: 'The locations of the OnlyWorlds world that no pin places, on a grid.',
      image: null,
      ...accessFields('everyone'),
      createdAt: now,
      updatedAt: now,
    });
    unpinned.forEach((element, index) => {
      const parent = linkIds(element.data.parent_location)[0];
      const fields = Object.entries(fieldsOf(element)).filter(([, value]) => typeof value === 'string');
      entities.mapPoints.push({
        pointId: target.get(element.data.id)?.id ?? formatId('onlyworlds', 'location', element.data.id),
        mapId,
        name: clampName(element.data.name, 'Location'),
        description: textOf(element, ...(parent && byId.has(parent) ? [['Part of', nameOf(parent)] as [string, unknown]] : []), ...fields),
        x: 100 + (index % 10) * 150,
        y: 100 + Math.floor(index / 10) * 150,
        entity: null,
        ...access(element),
        ...times(element),
      });
    });
  }

  // Characters, with inventories, friends and rivals; objects as items.
  const relationships = new Map<string, BundleRecord<'relationships'>>();
  const addRelationship = (from: string, to: string, fields: Partial<BundleRecord<'relationships'>>, element: Element, where: string) => {
    const source = target.get(from);
    const dest = target.get(to);
    if (source?.type !== 'character' || dest?.type !== 'character' || source.id === dest.id) {
      report.add(where, `the relation between ${nameOf(from)} and ${nameOf(to)} was not kept: relationships join two different characters`);
      return;
    }
    const key = `${source.id}>${dest.id}`;
    if (relationships.has(key)) return;
    relationships.set(key, {
      relationshipId: formatId('onlyworlds', 'relationship', key),
      characterId: source.id,
      targetCharacterId: dest.id,
      relationshipType: 'Stranger',
      description: null,
      affinity: 0,
      powerBalance: 0,
      trustLevel: 0,
      communicationStyle: null,
      pastInteractions: null,
      currentGoalAlignment: null,
      dependenceLevel: null,
      ...access(element),
      ...times(element),
      visibility: source.visibility === 'editors' || dest.visibility === 'editors' ? 'editors' : visibilityOf(element),
      ...fields,
    });
  };
  const tagsOf = new Map<string, { entityType: 'character' | 'item' | 'quest' | 'event' | 'timeline' | 'map'; tags: string[] }>();
  const addTag = (
    entityType: 'character' | 'item' | 'quest' | 'event' | 'timeline' | 'map',
    entityId: string,
    tag: string,
    where: string,
  ) => {
    const entry = tagsOf.get(entityId) ?? { entityType, tags: [] };
    tagsOf.set(entityId, entry);
    const value = tag.trim().slice(0, TAG_MAX).trim();
    if (value === '' || entry.tags.some((existing) => existing.toLowerCase() === value.toLowerCase())) return;
    if (entry.tags.length >= TAGS_PER_ENTITY_MAX)
      report.add(where, `the tag "${value}" was not kept: an entity carries at most ${TAGS_PER_ENTITY_MAX} tags`);
    else entry.tags.push(value);
  };
  const groupMembers = new Map<string, string[]>();
  for (const element of elements) {
    const self = target.get(element.data.id);
    if (element.type === 'character' && self) {
      const location = target.get(linkIds(element.data.location)[0] ?? '');
      const savedAttributes = record(ext(element, 'attributes'));
      entities.characters.push({
        characterId: self.id,
        name: self.name,
        description: textOf(element),
        attributes: Object.keys(savedAttributes).length > 0 ? savedAttributes : fieldsOf(element),
        currentLocationId: location?.type === 'mapPoint' ? location.id : null,
        activeQuests: [],
        assignedTo: null,
        ...access(element),
        ...times(element),
      });
      const saved = Array.isArray(ext(element, 'inventory')) ? (ext(element, 'inventory') as unknown[]).map(record) : null;
      const lines = saved ?? linkIds(element.data.objects).map((object) => ({ object }));
      lines.forEach((line, index) => {
        const item = target.get(String(line.object));
        if (item?.type !== 'item') {
          report.add(
            `${element.path}#objects`,
            `${nameOf(String(line.object))} is not an object of the folder; it is not in the inventory`,
          );
          return;
        }
        entities.inventory.push({
          inventoryItemId: formatId('onlyworlds', 'inventory', self.id, index),
          characterId: self.id,
          itemId: item.id,
          quantity: clampInt(line.quantity, LIMITS.inventoryQuantityMin, LIMITS.quantityMax, 1),
          equipped: line.equipped === true,
          notes: clampText(typeof line.notes === 'string' ? line.notes : null),
          attributes: {},
          ...accessFields(line.visibility === 'editors' || self.visibility === 'editors' ? 'editors' : 'everyone'),
          ...times(element),
        });
      });
      if (!saved) {
        for (const friend of linkIds(element.data.friends))
          addRelationship(element.data.id, friend, { relationshipType: 'friend', affinity: 50 }, element, `${element.path}#friends`);
        for (const rival of linkIds(element.data.rivals))
          addRelationship(element.data.id, rival, { description: 'Rival', affinity: -50 }, element, `${element.path}#rivals`);
      }
      for (const group of [...linkIds(element.data.family), ...linkIds(element.data.institutions)]) {
        groupMembers.set(group, [...(groupMembers.get(group) ?? []), element.data.id]);
      }
      for (const tag of linkIds(ext(element, 'tags')).length > 0 ? linkIds(ext(element, 'tags')) : [])
        addTag('character', self.id, tag, element.path);
    } else if (element.type === 'object' && self) {
      const savedProperties = record(ext(element, 'properties'));
      const location = linkIds(element.data.location)[0];
      entities.items.push({
        itemId: self.id,
        name: self.name.padEnd(LIMITS.itemNameMin, '.'),
        description: textOf(element),
        properties:
          Object.keys(savedProperties).length > 0
            ? savedProperties
            : { ...fieldsOf(element), ...(location && byId.has(location) ? { location: nameOf(location) } : {}) },
        attributes: record(ext(element, 'attributes')),
        ...access(element),
        ...times(element),
      });
      for (const tag of linkIds(ext(element, 'tags'))) addTag('item', self.id, tag, element.path);
    }
  }

  // Narratives: timelines (when Loreforge wrote them) and quests; then events on their timelines.
  const connections = new Map<string, BundleRecord<'connections'>>();
  const connect = (from: string, to: string, connectionType: string, description: string | null, element: Element, where: string) => {
    const source = target.get(from);
    const dest = target.get(to);
    const joinable = (side: typeof source): side is { type: ConnectableType; id: string; name: string; visibility: Visibility } =>
      side !== undefined && (CONNECTABLE_TYPES as readonly string[]).includes(side.type);
    if (!joinable(source) || !joinable(dest)) {
      report.add(
        where,
        `the link between ${nameOf(from)} and ${nameOf(to)} was not kept: connections join characters, items, events, quests, timelines and maps`,
      );
      return;
    }
    const key = `${source.id}>${dest.id}>${connectionType.toLowerCase()}`;
    if (connections.has(key)) return;
    connections.set(key, {
      connectionId: formatId('onlyworlds', 'connection', key),
      sourceType: source.type,
      sourceId: source.id,
      targetType: dest.type,
      targetId: dest.id,
      connectionType: clampName(connectionType, 'related to'),
      description: clampText(description),
      ...access(element),
      visibility: source.visibility === 'editors' || dest.visibility === 'editors' ? 'editors' : visibilityOf(element),
      ...times(element),
    });
  };
  const timelineOfEvent = new Map<string, string>();
  const timelineBase = {
    genesisEvent: null,
    initialStates: null,
    branchingEnabled: true,
    parentTimelineId: null,
    branchingEvent: null,
    calendarId: null,
  };
  for (const element of elements.filter((candidate) => candidate.type === 'narrative')) {
    const self = target.get(element.data.id);
    if (!self) continue;
    if (self.type === 'timeline') {
      for (const event of linkIds(element.data.events)) timelineOfEvent.set(event, self.id);
      continue;
    }
    const saved = record(ext(element, 'quest'));
    entities.quests.push({
      questId: self.id,
      name: self.name,
      description: textOf(element, ['Story', element.data.story], ['Consequences', element.data.consequences]),
      status: (['pending', 'active', 'completed', 'failed'] as const).find((status) => status === saved.status) ?? 'active',
      isOptional: saved.isOptional === true,
      difficulty:
        typeof saved.difficulty === 'number' ? clampInt(saved.difficulty, LIMITS.questDifficultyMin, LIMITS.questDifficultyMax, 5) : null,
      ...access(element),
      ...times(element),
    });
    for (const role of ['protagonist', 'antagonist', 'narrator'] as const) {
      for (const who of linkIds(element.data[role])) connect(element.data.id, who, role, null, element, `${element.path}#${role}`);
    }
    if (!Object.keys(saved).length)
      for (const who of linkIds(element.data.characters))
        connect(element.data.id, who, 'involves', null, element, `${element.path}#characters`);
    for (const tag of linkIds(ext(element, 'tags'))) addTag('quest', self.id, tag, element.path);
  }

  const events = elements.filter((candidate) => candidate.type === 'event');
  const gregorianId = formatId('onlyworlds', 'timeline', 'events');
  const instantsOf = new Map<string, bigint[]>();
  for (const element of events) {
    const self = target.get(element.data.id);
    if (!self) continue;
    const savedDate = typeof ext(element, 'date_time') === 'string' ? (ext(element, 'date_time') as string) : null;
    const startDate = element.data.start_date;
    let iso = savedDate && instantFromIsoDateTime(savedDate) !== null ? savedDate : null;
    if (!iso && typeof startDate === 'number' && yearUnit && startDate >= 1 && startDate <= 9999)
      iso = `${String(Math.trunc(startDate)).padStart(4, '0')}-01-01T00:00:00.000Z`;
    if (!iso) {
      report.add(
        `${element.path}#start_date`,
        startDate === null || startDate === undefined
          ? 'the event has no start date; it was placed on 1 January of year 1'
          : `the start date ${JSON.stringify(startDate)} (${world.time_basic_unit ?? 'Year'}) is not a year from 1 to 9999; the event was placed on 1 January of year 1`,
      );
      iso = '0001-01-01T00:00:00.000Z';
    }
    const instant = instantFromIsoDateTime(iso) ?? 0n;
    const timelineId = timelineOfEvent.get(element.data.id) ?? gregorianId;
    instantsOf.set(timelineId, [...(instantsOf.get(timelineId) ?? []), instant]);
    entities.events.push({
      eventId: self.id,
      timelineId,
      name: self.name,
      description: textOf(
        element,
        ['History', element.data.history],
        ['Challenges', element.data.challenges],
        ['Consequences', element.data.consequences],
      ),
      dateTime: new Date(Date.parse(iso)).toISOString() === iso ? iso : isoDateTimeFromInstant(instant),
      instant: instant.toString(),
      characterAttributeChanges: null,
      inventoryChanges: null,
      relationshipChanges: null,
      isBranchingEvent: false,
      childTimelineId: null,
      ...access(element),
      ...times(element),
    });
    for (const who of linkIds(element.data.characters))
      connect(element.data.id, who, 'involves', null, element, `${element.path}#characters`);
    for (const what of linkIds(element.data.objects)) connect(element.data.id, what, 'involves', null, element, `${element.path}#objects`);
    for (const tag of linkIds(ext(element, 'tags'))) addTag('event', self.id, tag, element.path);
  }
  const latest = (id: string) => (instantsOf.get(id) ?? [0n]).reduce((max, value) => (value > max ? value : max));
  for (const element of elements.filter(
    (candidate) => candidate.type === 'narrative' && target.get(candidate.data.id)?.type === 'timeline',
  )) {
    const self = target.get(element.data.id);
    if (!self) continue;
    entities.timelines.push({
      ...timelineBase,
      timelineId: self.id,
      name: self.name,
      description: textOf(element),
      currentDateTime: isoDateTimeFromInstant(latest(self.id)),
      currentInstant: latest(self.id).toString(),
      ...access(element),
      ...times(element),
    });
  }
  if (instantsOf.has(gregorianId)) {
    entities.timelines.push({
      ...timelineBase,
      timelineId: gregorianId,
      name: 'Events',
      description: 'The events of the OnlyWorlds world, dated by their start year.',
      currentDateTime: isoDateTimeFromInstant(latest(gregorianId)),
      currentInstant: latest(gregorianId).toString(),
      ...accessFields('everyone'),
      createdAt: now,
      updatedAt: now,
    });
  }

  // Relations: Loreforge's own connections and relationships come back whole; others join the actor to each character.
  for (const element of elements.filter((candidate) => candidate.type === 'relation')) {
    const savedConnection = record(ext(element, 'connection'));
    if (typeof savedConnection.source === 'string' && typeof savedConnection.target === 'string') {
      connect(
        savedConnection.source,
        savedConnection.target,
        typeof savedConnection.connectionType === 'string' ? savedConnection.connectionType : element.data.name,
        element.data.description ?? null,
        element,
        element.path,
      );
      continue;
    }
    const saved = record(ext(element, 'relationship'));
    const actor = linkIds(element.data.actor)[0];
    const others = linkIds(element.data.characters).filter((id) => id !== actor);
    if (!actor || others.length === 0) {
      report.add(element.path, 'the relation names no actor and other character; Loreforge relationships join two characters');
      continue;
    }
    const score = (value: unknown) => clampInt(value, LIMITS.relationshipScoreMin, LIMITS.relationshipScoreMax, 0);
    const savedType = (RELATIONSHIP_TYPES as readonly unknown[]).includes(saved.relationshipType)
      ? (saved.relationshipType as RelationshipType)
      : null;
    const intensity = element.data.intensity;
    const description =
      Object.keys(saved).length > 0
        ? (element.data.description ?? null)
        : [
            element.data.name,
            element.data.description,
            element.data.background,
            typeof intensity === 'number' ? `Intensity ${intensity} of 100.` : null,
          ]
            .filter(Boolean)
            .join('\n\n');
    for (const other of others) {
      addRelationship(
        actor,
        other,
        {
          relationshipType: savedType ?? relationshipTypeOf(`${element.data.subtype ?? ''} ${element.data.name}`),
          description: clampText(description),
          affinity: score(saved.affinity),
          powerBalance: score(saved.powerBalance),
          trustLevel: score(saved.trustLevel),
          communicationStyle: null,
          pastInteractions: clampText(typeof saved.pastInteractions === 'string' ? saved.pastInteractions : null),
          currentGoalAlignment: clampText(typeof saved.currentGoalAlignment === 'string' ? saved.currentGoalAlignment : null),
          dependenceLevel: clampText(typeof saved.dependenceLevel === 'string' ? saved.dependenceLevel : null),
        },
        element,
        element.path,
      );
    }
  }

  // Families and institutions: connections between the characters that name them, and a tag on each.
  for (const element of elements.filter((candidate) => candidate.type === 'family' || candidate.type === 'institution')) {
    const members = [...new Set(groupMembers.get(element.data.id) ?? [])].filter((id) => target.get(id)?.type === 'character');
    if (members.length === 0) {
      report.add(
        element.path,
        `the ${element.type} ${element.data.name} has no character naming it; Loreforge has no ${element.type === 'family' ? 'families' : 'institutions'} of their own`,
      );
      continue;
    }
    const connectionType = `${element.type}: ${element.data.name}`;
    members.forEach((first, index) =>
      members
        .slice(index + 1, index + 13)
        .forEach((second) =>
          connect(
            first,
            second,
            connectionType,
            clampText(`Both in the ${element.type} ${element.data.name}.\n\n${element.data.description ?? ''}`),
            element,
            element.path,
          ),
        ),
    );
    if (visibilityOf(element) === 'everyone')
      for (const member of members) addTag('character', target.get(member)?.id ?? member, element.data.name, element.path);
  }
  for (const element of elements) {
    if (!target.has(element.data.id) && !['relation', 'family', 'institution'].includes(element.type)) {
      report.add(
        element.path,
        `OnlyWorlds ${element.type} elements have no counterpart in Loreforge; characters, objects and events that link to it keep its name in their attributes`,
      );
    }
  }

  entities.relationships.push(...relationships.values());
  entities.connections.push(...connections.values());
  for (const [entityId, entry] of tagsOf)
    if (entry.tags.length > 0) entities.tags.push({ entityType: entry.entityType, entityId, tags: entry.tags });
  return {
    bundle: {
      world: {
        worldId: formatId('onlyworlds', 'world', world.id ?? ''),
        name: clampName(world.name, 'OnlyWorlds world'),
        description: clampText(world.description),
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      },
      entities,
    },
    images,
    notMapped: report.list(),
  };
}

/** Registered in transfer.registry.ts: a folder with world.json and an elements/ folder. */
export const onlyWorldsImporter: WorldImporter = {
  format: 'onlyworlds',
  detect: (files) => {
    const folder = files.has(BUNDLE_MANIFEST_PATH) ? undefined : filesFromRoot(files, ONLYWORLDS_WORLD_PATH);
    return folder !== undefined && [...folder.keys()].some((path) => path.startsWith(`${ONLYWORLDS_ELEMENTS_FOLDER}/`));
  },
  toBundle: readOnlyWorldsFolder,
};
