/**
 * The OnlyWorlds Folder Format importer (issue 13; docs/export-format.md "OnlyWorlds"). Characters, objects
 * (items), locations (map points), maps and pins, events, relations (relationships), narratives (quests, or
 * timelines, goals and quest objectives when Loreforge wrote them) and zones Loreforge wrote (map areas) become
 * Loreforge entities; families and institutions become connections and tags between the characters that name
 * them. Links to types Loreforge has no counterpart for are kept as the linked elements' names in attributes; the
 * elements themselves are listed as not mapped. `x_loreforge_*` fields written by Loreforge's own OnlyWorlds
 * export (calendars, instants, branches, events' changes, area polygons) are read back.
 *
 * The folder is read one element file at a time: a first pass keeps only each element's id, type, name and kind
 * (what links resolve against); the second reads the files again, type by type, and turns each into records.
 */
import {
  BUNDLE_MANIFEST_PATH,
  BundleCalendarSchema,
  COMMUNICATION_STYLES,
  type CommunicationStyle,
  GOAL_STATUSES,
  GOAL_TYPES,
  type GoalStatus,
  type GoalType,
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
  type TaggableType,
  type Visibility,
} from '@loreforge/contract';
import type { z } from 'zod';
import { badRequest } from '../../../../errors/app-error.js';
import { type ArchiveFiles, parseJsonBounded, type ZipArchive } from '../../archive.js';
import type { ImportedBundle, ImportOptions, WorldImporter } from '../../transfer.formats.js';
import { filesFromRoot } from '../shared/folder-root.js';
import {
  accessFields,
  clampInt,
  clampName,
  clampText,
  formatId,
  NotMappedList,
  RELATIONSHIP_DETAIL_DEFAULTS,
  TIMELINE_ROOT_FIELDS,
} from '../shared/records.js';
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

/** What the first pass keeps of an element: enough to resolve links to it, not its content. */
interface IndexEntry {
  path: string;
  type: OnlyWorldsType;
  id: string;
  name: string;
  subtype: string | null;
  /** Its `x_loreforge_kind` ('timeline', 'goal', 'objective', 'area'), when Loreforge wrote it. */
  kind: string | null;
  visibility: Visibility;
}

/** Files of a folder read one at a time: an opened zip, or files already in memory. */
export interface FolderReader {
  readonly paths: Iterable<string>;
  read: (path: string) => Promise<Uint8Array | undefined>;
}

/**
 * The folder inside an archive: its files at the root, or under the one top folder that holds world.json
 * (an archive made by zipping the folder itself).
 * @returns the prefix to put before the folder's paths, or undefined when the archive holds no world.json there.
 */
function folderPrefix(paths: Iterable<string>): string | undefined {
  const all = [...paths];
  if (all.includes(ONLYWORLDS_WORLD_PATH)) return '';
  const first = all[0];
  const slash = first?.indexOf('/') ?? -1;
  if (first === undefined || slash <= 0) return undefined;
  const prefix = first.slice(0, slash + 1);
  return all.includes(`${prefix}${ONLYWORLDS_WORLD_PATH}`) && all.every((path) => path.startsWith(prefix)) ? prefix : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const UUID_LENGTH = 36;

/**
 * Replaces every UUID inside a text, leftmost first and without overlaps, as a global pattern would; found by
 * position with an anchored pattern, so its cost stays linear in the text's length whatever the text holds.
 * @param replace gives the text for one UUID found.
 */
function replaceUuids(input: string, replace: (id: string) => string): string {
  let out = '';
  let index = 0;
  while (index <= input.length - UUID_LENGTH) {
    const candidate = input[index + 8] === '-' ? input.slice(index, index + UUID_LENGTH) : '';
    if (candidate !== '' && UUID.test(candidate)) {
      out += replace(candidate);
      index += UUID_LENGTH;
    } else {
      out += input.charAt(index);
      index += 1;
    }
  }
  return out + input.slice(index);
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
 * Reads an OnlyWorlds folder into a bundle, one element file at a time (twice: an index pass, then a pass per
 * element type), so no more than one element's JSON is held at once.
 * @param reader the archive's files (an opened zip, read lazily).
 * @returns the bundle, the map images it names (files of the archive), and what could not be mapped.
 * @throws AppError 400 when world.json or an element is not JSON, nests too deep, or an element has no id.
 */
export async function readOnlyWorldsArchive(reader: FolderReader, options: ImportOptions): Promise<ImportedBundle> {
  const prefix = folderPrefix(reader.paths) ?? '';
  const read = (path: string) => reader.read(`${prefix}${path}`);
  const folderPaths = [...reader.paths].filter((path) => path.startsWith(prefix)).map((path) => path.slice(prefix.length));
  const now = new Date().toISOString();
  const report = new NotMappedList();
  const entities: BundleEntities = emptyBundleEntities();
  const worldBytes = await read(ONLYWORLDS_WORLD_PATH);
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
  // World calendars (x_loreforge_calendars): OnlyWorlds has one time system per world, Loreforge several.
  const calendarIds = new Map<string, string>();
  const savedCalendars = world[`${LOREFORGE_EXTENSION}calendars`];
  for (const [index, saved] of (Array.isArray(savedCalendars) ? savedCalendars : []).entries()) {
    const parsed = BundleCalendarSchema.safeParse(saved);
    if (!parsed.success) {
      report.add(`${ONLYWORLDS_WORLD_PATH}#${LOREFORGE_EXTENSION}calendars.${index}`, `not a calendar: ${describeIssue(parsed.error)}`);
      continue;
    }
    const calendarId = formatId('onlyworlds', 'calendar', parsed.data.calendarId);
    calendarIds.set(parsed.data.calendarId, calendarId);
    entities.calendars.push({ ...parsed.data, calendarId });
  }
  const looseImages: string[] = [];
  const elements: IndexEntry[] = [];
  const byId = new Map<string, IndexEntry>();
  /** An element file read and checked (the first pass refused what does not parse). */
  const load = async (entry: IndexEntry): Promise<Element> => {
    const parsed = OnlyWorldsElementSchema.safeParse(
      parseJsonBounded(entry.path, (await read(entry.path)) ?? new Uint8Array(), options.maxJsonDepth),
    );
    if (!parsed.success) throw badRequest(`${entry.path}: ${describeIssue(parsed.error)}`);
    return { path: entry.path, type: entry.type, data: parsed.data };
  };
  /** The elements of these types, read one file at a time, in the folder's order. */
  async function* each(...types: OnlyWorldsType[]): AsyncGenerator<Element> {
    for (const entry of elements) if (types.includes(entry.type)) yield await load(entry);
  }
  for (const path of folderPaths.sort()) {
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
    const parsed = OnlyWorldsElementSchema.safeParse(parseJsonBounded(path, (await read(path)) ?? new Uint8Array(), options.maxJsonDepth));
    if (!parsed.success) throw badRequest(`${path}: ${describeIssue(parsed.error)}`);
    if (byId.has(parsed.data.id)) {
      report.add(path, `the element id ${parsed.data.id} appears in more than one file; only the first was imported`);
      continue;
    }
    const element: Element = { path, type, data: parsed.data };
    const kind = ext(element, 'kind');
    const entry: IndexEntry = {
      path,
      type,
      id: parsed.data.id,
      name: parsed.data.name,
      subtype: parsed.data.subtype ?? null,
      kind: typeof kind === 'string' ? kind : null,
      visibility: visibilityOf(element),
    };
    elements.push(entry);
    byId.set(entry.id, entry);
  }

  // What each element becomes: its Loreforge type and bundle id.
  const target = new Map<
    string,
    { type: ConnectableType | 'mapPoint' | 'map' | 'mapArea' | 'objective'; id: string; name: string; visibility: Visibility }
  >();
  const narrativeKind = (entry: IndexEntry) =>
    entry.kind === 'goal' || entry.kind === 'objective'
      ? entry.kind
      : entry.kind === 'timeline' || /^timeline$/i.test(entry.subtype ?? '')
        ? 'timeline'
        : 'quest';
  for (const entry of elements) {
    const id = formatId('onlyworlds', entry.type, entry.id);
    const name = clampName(entry.name, 'Untitled');
    const { visibility } = entry;
    const as = { character: 'character', object: 'item', event: 'event', location: 'mapPoint', pin: 'mapPoint', map: 'map' } as const;
    if (entry.type in as) target.set(entry.id, { type: as[entry.type as keyof typeof as], id, name, visibility });
    if (entry.type === 'narrative') target.set(entry.id, { type: narrativeKind(entry), id, name, visibility });
    if (entry.type === 'zone' && entry.kind === 'area') target.set(entry.id, { type: 'mapArea', id, name, visibility });
  }
  const nameOf = (id: string) => byId.get(id)?.name ?? id;
  /** A saved JSON value (an event's changes) with every element id in it replaced by the id of what it became. */
  const remapIds = (value: unknown): unknown => {
    const text = (input: string) => replaceUuids(input, (found) => target.get(found)?.id ?? found);
    if (typeof value === 'string') return text(value);
    if (Array.isArray(value)) return value.map(remapIds);
    if (value !== null && typeof value === 'object')
      return Object.fromEntries(Object.entries(value).map(([key, item]) => [text(key), remapIds(item)]));
    return value;
  };
  /** The bundle id a saved link names, when the element it names became a record of this type. */
  const savedLink = (value: unknown, type: string): string | null => {
    const found = typeof value === 'string' ? target.get(value) : undefined;
    return found?.type === type ? found.id : null;
  };
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

  const tagsOf = new Map<string, { entityType: TaggableType; tags: string[] }>();
  const addTag = (entityType: TaggableType, entityId: string, tag: string, where: string) => {
    const entry = tagsOf.get(entityId) ?? { entityType, tags: [] };
    tagsOf.set(entityId, entry);
    const value = tag.trim().slice(0, TAG_MAX).trim();
    if (value === '' || entry.tags.some((existing) => existing.toLowerCase() === value.toLowerCase())) return;
    if (entry.tags.length >= TAGS_PER_ENTITY_MAX)
      report.add(where, `the tag "${value}" was not kept: an entity carries at most ${TAGS_PER_ENTITY_MAX} tags`);
    else entry.tags.push(value);
  };
  /** The tags Loreforge saved on an element (x_loreforge_tags), put on the record it became. */
  const savedTags = (element: Element, entityType: TaggableType, entityId: string) => {
    for (const tag of linkIds(ext(element, 'tags'))) addTag(entityType, entityId, tag, element.path);
  };
  // Maps first (points name them), then the generated map for locations without a pin.
  const images = new Map<string, Uint8Array>();
  /** Each map's height in pixels (its `height`, else its image's): pins are placed from its bottom edge. */
  const heights = new Map<string, number>();
  for await (const element of each('map')) {
    const id = target.get(element.data.id)?.id ?? formatId('onlyworlds', 'map', element.data.id);
    let image: BundleRecord<'maps'>['image'] = null;
    const url = element.data.image_url?.trim() ?? '';
    const extension = /\.([a-z]+)$/i.exec(url)?.[1]?.toLowerCase() ?? '';
    const bytes = url === '' ? undefined : await read(url);
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
    savedTags(element, 'map', id);
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
  // Zones Loreforge wrote are map areas: their polygons come back from x_loreforge_area.
  for await (const element of each('zone')) {
    const self = target.get(element.data.id);
    if (self?.type !== 'mapArea') continue;
    const saved = record(ext(element, 'area'));
    const mapId = savedLink(saved.map, 'map');
    const polygon = Array.isArray(saved.polygon)
      ? saved.polygon.flatMap((corner): Array<[number, number]> =>
          Array.isArray(corner) && corner.length === 2 && corner.every((value) => typeof value === 'number' && Number.isFinite(value))
            ? [[clampInt(corner[0], 0, LIMITS.mapCoordinateMax, 0), clampInt(corner[1], 0, LIMITS.mapCoordinateMax, 0)]]
            : [],
        )
      : [];
    if (!mapId || polygon.length < LIMITS.areaPolygonMinPoints || polygon.length > LIMITS.areaPolygonMaxPoints) {
      report.add(
        element.path,
        `the zone ${element.data.name} names no map of the folder or has no polygon of ${LIMITS.areaPolygonMinPoints} to ${LIMITS.areaPolygonMaxPoints} corners; it is not a map area`,
      );
      target.delete(element.data.id);
      continue;
    }
    savedTags(element, 'map_area', self.id);
    entities.mapAreas.push({
      areaId: self.id,
      mapId,
      name: self.name,
      description: textOf(element),
      color: typeof saved.color === 'string' && /^#[0-9a-fA-F]{6}$/.test(saved.color) ? saved.color : '#3388ff',
      polygon,
      ...access(element),
      ...times(element),
    });
  }
  const pinned = new Set<string>();
  for await (const pin of each('pin')) {
    const map = target.get(String(pin.data.map));
    const linked = linkIds(pin.data.element ?? pin.data.element_id)[0];
    const linkedElement = linked ? byId.get(linked) : undefined;
    if (map?.type !== 'map') {
      report.add(pin.path, 'the pin names no map of the folder');
      continue;
    }
    // An area's pin only marks its centre: the area itself carries its polygon.
    if (linkedElement && target.get(linkedElement.id)?.type === 'mapArea') continue;
    const entityTarget = linkedElement ? target.get(linkedElement.id) : undefined;
    const entity =
      entityTarget && (entityTarget.type === 'character' || entityTarget.type === 'item')
        ? { type: entityTarget.type, id: entityTarget.id }
        : null;
    // A location pinned on several maps becomes one point per pin; the first keeps the location's id.
    const isLocation = linkedElement?.type === 'location' && !pinned.has(linkedElement.id);
    if (isLocation) pinned.add(linkedElement.id);
    if (linkedElement && !entity && !isLocation)
      report.add(
        pin.path,
        `the pin's ${linkedElement.type} ${linkedElement.name} is not something a map point can link to; the point keeps its name`,
      );
    const pointId = target.get(isLocation ? linkedElement.id : pin.data.id)?.id ?? formatId('onlyworlds', 'pin', pin.data.id);
    const height = heights.get(map.id);
    const y = clampInt(pin.data.y, 0, LIMITS.mapCoordinateMax, 0);
    if (height === undefined)
      report.add(pin.path, "the pin's map has neither an image nor a height, so its y is kept as measured from the bottom edge");
    const source = isLocation ? await load(linkedElement) : pin;
    savedTags(pin, 'map_point', pointId);
    entities.mapPoints.push({
      pointId,
      mapId: map.id,
      name: clampName(pin.data.name || linkedElement?.name, 'Pin'),
      description: textOf(source, ...(isLocation ? Object.entries(fieldsOf(source)).filter(([, value]) => typeof value === 'string') : [])),
      x: clampInt(pin.data.x, 0, LIMITS.mapCoordinateMax, 0),
      y: height === undefined ? y : flipY(y, height),
      entity,
      ...access(pin),
      ...times(pin),
    });
  }
  const unpinned = elements.filter((entry) => entry.type === 'location' && !pinned.has(entry.id));
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
    for (const [index, entry] of unpinned.entries()) {
      const element = await load(entry);
      savedTags(element, 'map_point', target.get(element.data.id)?.id ?? formatId('onlyworlds', 'location', element.data.id));
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
    }
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
    if (ext(element, 'relationship') !== undefined) savedTags(element, 'relationship', formatId('onlyworlds', 'relationship', key));
    relationships.set(key, {
      relationshipId: formatId('onlyworlds', 'relationship', key),
      characterId: source.id,
      targetCharacterId: dest.id,
      relationshipType: 'Stranger',
      description: null,
      affinity: 0,
      ...RELATIONSHIP_DETAIL_DEFAULTS,
      ...access(element),
      ...times(element),
      visibility: source.visibility === 'editors' || dest.visibility === 'editors' ? 'editors' : visibilityOf(element),
      ...fields,
    });
  };
  const groupMembers = new Map<string, string[]>();
  for await (const element of each('character', 'object')) {
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
        activeQuests: linkIds(ext(element, 'active_quests')).flatMap((quest) => savedLink(quest, 'quest') ?? []),
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
          attributes: record(line.attributes),
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
    if (ext(element, 'connection') !== undefined) savedTags(element, 'connection', formatId('onlyworlds', 'connection', key));
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
  const timelineBase = { ...TIMELINE_ROOT_FIELDS, calendarId: null };
  /** What Loreforge saved of each timeline (x_loreforge_timeline), read when the timelines are written last. */
  const savedTimelines = new Map<string, Record<string, unknown>>();
  for await (const element of each('narrative')) {
    const self = target.get(element.data.id);
    if (!self) continue;
    if (self.type === 'timeline') {
      for (const event of linkIds(element.data.events)) timelineOfEvent.set(event, self.id);
      savedTimelines.set(self.id, record(ext(element, 'timeline')));
      savedTags(element, 'timeline', self.id);
      continue;
    }
    if (self.type === 'goal') {
      const saved = record(ext(element, 'goal'));
      const owner = savedLink(saved.character, 'character') ?? savedLink(linkIds(element.data.characters)[0], 'character');
      if (owner === null && typeof saved.character === 'string')
        report.add(
          element.path,
          `the goal's character ${nameOf(saved.character)} is not a character of the folder; it became a world goal`,
        );
      savedTags(element, 'goal', self.id);
      entities.goals.push({
        goalId: self.id,
        characterId: owner,
        title: self.name,
        description: textOf(element) ?? '',
        goalType: (GOAL_TYPES as readonly unknown[]).includes(saved.goalType) ? (saved.goalType as GoalType) : 'Primary',
        status: (GOAL_STATUSES as readonly unknown[]).includes(saved.status) ? (saved.status as GoalStatus) : 'Pending',
        targetDateTime: typeof saved.targetDateTime === 'string' ? saved.targetDateTime.slice(0, 64) : null,
        notes: clampText(typeof saved.notes === 'string' ? saved.notes : null),
        ...access(element),
        ...times(element),
      });
      continue;
    }
    if (self.type === 'objective') {
      const saved = record(ext(element, 'objective'));
      const questId = savedLink(saved.quest, 'quest');
      if (!questId) {
        report.add(element.path, `the objective ${element.data.name} names no quest of the folder; Loreforge objectives belong to a quest`);
        continue;
      }
      const needed = clampInt(saved.target, LIMITS.objectiveTargetMin, LIMITS.quantityMax, 1);
      entities.objectives.push({
        objectiveId: self.id,
        questId,
        description: (textOf(element) ?? self.name).slice(0, LIMITS.textMax),
        target: needed,
        progress: clampInt(saved.progress, 0, needed, 0),
        isOptional: saved.isOptional === true,
        ...access(element),
        ...times(element),
      });
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

  const gregorianId = formatId('onlyworlds', 'timeline', 'events');
  const instantsOf = new Map<string, bigint[]>();
  /** The calendar (bundle id) of each timeline Loreforge saved on one. */
  const calendarOfTimeline = new Map<string, string>();
  for (const [timelineId, saved] of savedTimelines) {
    const calendarId = typeof saved.calendar === 'string' ? calendarIds.get(saved.calendar) : undefined;
    if (calendarId) calendarOfTimeline.set(timelineId, calendarId);
  }
  const addInstant = (timelineId: string, instant: bigint) => {
    const list = instantsOf.get(timelineId) ?? [];
    instantsOf.set(timelineId, list);
    list.push(instant);
  };
  for await (const element of each('event')) {
    const self = target.get(element.data.id);
    if (!self) continue;
    const savedTimeline = ext(element, 'timeline');
    const onTimeline = timelineOfEvent.get(element.data.id) ?? savedLink(savedTimeline, 'timeline');
    const changes = record(ext(element, 'changes'));
    const change = (field: string) => {
      const value = changes[field];
      return value !== null && typeof value === 'object' ? (remapIds(value) as Record<string, unknown>) : null;
    };
    const branch = record(ext(element, 'branch'));
    const eventFields = {
      eventId: self.id,
      name: self.name,
      description: textOf(
        element,
        ['History', element.data.history],
        ['Challenges', element.data.challenges],
        ['Consequences', element.data.consequences],
      ),
      characterAttributeChanges: change('characterAttributeChanges'),
      inventoryChanges: change('inventoryChanges'),
      relationshipChanges: change('relationshipChanges'),
      isBranchingEvent: branch.isBranchingEvent === true,
      childTimelineId: savedLink(branch.childTimeline, 'timeline'),
      ...access(element),
      ...times(element),
    };
    const connectEvent = () => {
      for (const who of linkIds(element.data.characters))
        connect(element.data.id, who, 'involves', null, element, `${element.path}#characters`);
      for (const what of linkIds(element.data.objects))
        connect(element.data.id, what, 'involves', null, element, `${element.path}#objects`);
      for (const tag of linkIds(ext(element, 'tags'))) addTag('event', self.id, tag, element.path);
    };
    // On a timeline with a world calendar, the instant Loreforge saved is the date (its year/month/day).
    const savedInstant = ext(element, 'instant');
    if (onTimeline && calendarOfTimeline.has(onTimeline)) {
      if (typeof savedInstant === 'string' && /^-?\d{1,20}$/.test(savedInstant)) {
        addInstant(onTimeline, BigInt(savedInstant));
        entities.events.push({ ...eventFields, timelineId: onTimeline, dateTime: null, instant: savedInstant });
        connectEvent();
        continue;
      }
      report.add(
        `${element.path}#${LOREFORGE_EXTENSION}instant`,
        "the event has no instant on its timeline's calendar; it was placed on the calendar's first day",
      );
      addInstant(onTimeline, 0n);
      entities.events.push({ ...eventFields, timelineId: onTimeline, dateTime: null, instant: '0' });
      connectEvent();
      continue;
    }
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
    // An event Loreforge saved without a timeline stays without one; any other goes on its narrative or on "Events".
    const timelineId = onTimeline ?? (savedTimeline === null ? null : gregorianId);
    if (timelineId !== null) addInstant(timelineId, instant);
    entities.events.push({
      ...eventFields,
      timelineId,
      dateTime: new Date(Date.parse(iso)).toISOString() === iso ? iso : isoDateTimeFromInstant(instant),
      instant: instant.toString(),
    });
    connectEvent();
  }
  const latest = (id: string) => (instantsOf.get(id) ?? [0n]).reduce((max, value) => (value > max ? value : max));
  for await (const element of each('narrative')) {
    const self = target.get(element.data.id);
    if (self?.type !== 'timeline') continue;
    const saved = savedTimelines.get(self.id) ?? {};
    const calendarId = calendarOfTimeline.get(self.id) ?? null;
    const savedInstant =
      typeof saved.currentInstant === 'string' && /^-?\d{1,20}$/.test(saved.currentInstant) ? saved.currentInstant : null;
    const savedDateTime =
      typeof saved.currentDateTime === 'string' && instantFromIsoDateTime(saved.currentDateTime) !== null ? saved.currentDateTime : null;
    entities.timelines.push({
      ...timelineBase,
      timelineId: self.id,
      name: self.name,
      description: textOf(element),
      calendarId,
      currentDateTime: calendarId ? null : (savedDateTime ?? isoDateTimeFromInstant(latest(self.id))),
      currentInstant: calendarId ? (savedInstant ?? latest(self.id).toString()) : latest(self.id).toString(),
      genesisEvent: savedLink(saved.genesisEvent, 'event'),
      initialStates: typeof saved.initialStates === 'string' ? (remapIds(saved.initialStates) as string) : null,
      branchingEnabled: saved.branchingEnabled !== false,
      parentTimelineId: savedLink(saved.parentTimeline, 'timeline'),
      branchingEvent: savedLink(saved.branchingEvent, 'event'),
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
  for await (const element of each('relation')) {
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
          communicationStyle: (COMMUNICATION_STYLES as readonly unknown[]).includes(saved.communicationStyle)
            ? (saved.communicationStyle as CommunicationStyle)
            : null,
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
  for await (const element of each('family', 'institution')) {
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
  for (const entry of elements) {
    if (
      !target.has(entry.id) &&
      !['relation', 'family', 'institution'].includes(entry.type) &&
      !(entry.type === 'zone' && entry.kind === 'area')
    ) {
      report.add(
        entry.path,
        `OnlyWorlds ${entry.type} elements have no counterpart in Loreforge; characters, objects and events that link to it keep its name in their attributes`,
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

/**
 * Reads an OnlyWorlds folder whose files are already in memory (see readOnlyWorldsArchive).
 * @throws AppError 400 as readOnlyWorldsArchive.
 */
export function readOnlyWorldsFolder(files: ArchiveFiles, options: ImportOptions): Promise<ImportedBundle> {
  return readOnlyWorldsArchive({ paths: [...files.keys()], read: (path) => Promise.resolve(files.get(path)) }, options);
}

/** Registered in transfer.registry.ts: a folder with world.json and an elements/ folder. */
export const onlyWorldsImporter: WorldImporter = {
  format: 'onlyworlds',
  detect: (files) => {
    const folder = files.has(BUNDLE_MANIFEST_PATH) ? undefined : filesFromRoot(files, ONLYWORLDS_WORLD_PATH);
    return folder !== undefined && [...folder.keys()].some((path) => path.startsWith(`${ONLYWORLDS_ELEMENTS_FOLDER}/`));
  },
  toBundle: readOnlyWorldsFolder,
  fromArchive: (zip: ZipArchive, options: ImportOptions) => readOnlyWorldsArchive(zip, options),
};
