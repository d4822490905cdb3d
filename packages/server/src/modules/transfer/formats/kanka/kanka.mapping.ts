/**
 * A Kanka campaign export mapped to a Loreforge bundle (issue 13 "Ways in from other tools";
 * docs/export-format.md "Kanka campaign import" lists every rule). Works on parsed JSON only; reading the archive
 * is kanka.importer.ts's job.
 *
 * In short: characters, items, events, quests and calendars become their Loreforge namesakes; locations become
 * points of one generated map "Locations" (a character's location is its current location); families and
 * organisations become connections between their members and tags on them; relations between characters
 * become relationships (attitude → affinity), other relations connections; inventories become inventory
 * entries; attributes become the JSON attributes; mentions `[character:123|text]` become Loreforge mentions;
 * private entities, relations, attributes and memberships become secrets. Everything else is listed.
 */
import {
  emptyBundleEntities,
  instantFromIsoDateTime,
  isoDateTimeFromInstant,
  LIMITS,
  TAG_MAX,
  TAGS_PER_ENTITY_MAX,
  type Bundle,
  type BundleEntities,
  type BundleRecord,
  type ConnectableType,
  type NotMapped,
  type Visibility,
} from '@loreforge/contract';
import { htmlToText } from '../shared/html-text.js';
import { relationshipTypeOf } from '../shared/relationship-types.js';
import { mentionText } from '../shared/mentions.js';
import { accessFields, clampInt, clampName, clampText, formatId, NotMappedList } from '../shared/records.js';
import { instantOrNull, mapKankaCalendar } from './kanka.calendar.js';
import { isKankaPublic, KankaCampaignSchema, type KankaEntity, type KankaModuleFile, type KankaModuleLists } from './kanka.source.js';

/** One module file of the export, parsed. */
export interface KankaFile {
  /** Path in the archive, e.g. `characters/dorothy-gale_1001.json`. */
  path: string;
  /** Its folder: the module (`characters`, `families`, …). */
  module: string;
  record: KankaModuleFile & KankaModuleLists & Record<string, unknown>;
}

/** Modules Loreforge maps, by folder name. */
export const KANKA_MAPPED_MODULES = [
  'characters',
  'items',
  'locations',
  'families',
  'organisations',
  'events',
  'calendars',
  'quests',
  'tags',
  'races',
] as const;
type MappedModule = (typeof KANKA_MAPPED_MODULES)[number];

/** Why a module Loreforge has no counterpart for is left out. */
const UNMAPPED_MODULE_REASONS: Record<string, string> = {
  notes: 'Kanka notes have no counterpart in Loreforge (a world has no free-standing notes)',
  journals: 'Kanka journals have no counterpart in Loreforge',
  abilities: 'Kanka abilities have no counterpart in Loreforge',
  creatures: 'Kanka creatures have no counterpart in Loreforge',
  maps: 'Kanka maps are not imported (their images and layers live in the gallery); the locations are on the generated map "Locations"',
  timelines: 'Kanka timelines (eras and elements) are not imported; dated events are on the timelines made from their calendars',
  conversations: 'Kanka conversations have no counterpart in Loreforge',
  dice_rolls: 'Kanka dice rolls have no counterpart in Loreforge',
  attribute_templates: 'Kanka attribute templates have no counterpart in Loreforge',
  bookmarks: 'Kanka bookmarks have no counterpart in Loreforge',
  relations: "relations are read from each entity's own file",
};

/** Kanka module → the Loreforge type an entity of it becomes, for mentions, relations and quest elements. */
const CONNECTABLE_OF: Partial<Record<MappedModule, ConnectableType>> = {
  characters: 'character',
  items: 'item',
  events: 'event',
  quests: 'quest',
};

/** What one Kanka entity became. */
interface Mapped {
  module: MappedModule;
  name: string;
  /** Its bundle id, when it became an entity of its own. */
  id: string | null;
  type: ConnectableType | 'mapPoint' | null;
  file: KankaFile;
  visibility: Visibility;
}

const MEMBER_PAIRS_MAX = 12;
const GRID_COLUMNS = 10;
const GRID_STEP = 150;

/** The bundle id of an entity of a module that makes entities of its own (set in the first pass). */
const idOf = (mapped: Mapped): string => mapped.id ?? formatId('kanka', 'entity', mapped.file.record.entity.id);

/** Trimmed text, or null when there is none. */
const nonEmpty = (value: string | null | undefined): string | null => (value?.trim() ? value.trim() : null);

const isCharacters = (mapped: Mapped | undefined): mapped is Mapped & { id: string } => mapped?.type === 'character' && mapped.id !== null;

/**
 * Reads a timestamp of the export, or now.
 * @returns ISO 8601 UTC.
 */
function timestamp(value: unknown, now: string): string {
  if (typeof value !== 'string') return now;
  const time = Date.parse(value);
  return Number.isNaN(time) ? now : new Date(time).toISOString();
}

/** SPEC §2 JSON variable editor conversion: 'true'/'false', numbers and 'null' become values; other text stays. */
function attributeValue(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? null;
  const text = value.trim();
  if (text === 'true' || text === 'false') return text === 'true';
  if (text === 'null') return null;
  if (text !== '' && /^-?\d+(\.\d+)?$/.test(text) && Number.isFinite(Number(text))) return Number(text);
  return value;
}

/** Kanka's mention codes: `[character:123]`, `[character:123|label]`, `[entity:123]`. */
// A label stops at the next bracket of either kind, so a scan from one `[` never runs past the next one (linear).
const KANKA_MENTION = /\[([a-z_]{1,40}):(\d{1,18})(?:\|([^[\]]{0,500}))?\]/g;

/**
 * Maps a parsed Kanka export.
 * @param campaignJson `campaign.json`, parsed.
 * @param files every module file, parsed and checked against KankaModuleFileSchema.
 * @param otherPaths every other path of the archive (images, settings, unknown folders), to be listed.
 * @returns the bundle (ids are new UUIDs; mentions and references use them) and what could not be mapped.
 */
export function mapKankaExport(
  campaignJson: unknown,
  files: readonly KankaFile[],
  otherPaths: readonly string[],
): { bundle: Bundle; notMapped: NotMapped[] } {
  const now = new Date().toISOString();
  const report = new NotMappedList();
  const entities: BundleEntities = emptyBundleEntities();
  const campaign = KankaCampaignSchema.safeParse(campaignJson);
  const campaignData = campaign.success ? campaign.data : { name: null, entry: null, excerpt: null };

  const byEntity = new Map<number, Mapped>();
  const byModel = new Map<string, Mapped>();
  const modelKey = (module: string, id: unknown) => `${module}:${String(id)}`;

  for (const path of otherPaths) {
    const top = path.split('/')[0] ?? path;
    if (path === 'campaign.json') continue;
    if (top === 'gallery' || /\.(png|jpe?g|gif|webp|svg|avif)$/i.test(path))
      report.add(path, 'images are not imported: Loreforge keeps images only on maps');
    else if (top === 'settings' || path === 'info.json') report.add(path, 'campaign settings have no counterpart in Loreforge');
    else report.add(path, 'not part of a Kanka export Loreforge knows');
  }

  // Pass 1: every entity of a mapped module gets its name, id and visibility, so later references resolve.
  for (const file of files) {
    if (!(KANKA_MAPPED_MODULES as readonly string[]).includes(file.module)) {
      report.add(file.path, UNMAPPED_MODULE_REASONS[file.module] ?? `the Kanka module "${file.module}" has no counterpart in Loreforge`);
      continue;
    }
    const module = file.module as MappedModule;
    const record = file.record;
    const name = clampName(record.entity.name ?? record.name, 'Untitled', module === 'items' ? LIMITS.nameMax : LIMITS.nameMax);
    const visibility: Visibility = record.is_private || record.entity.is_private ? 'editors' : 'everyone';
    const connectable = CONNECTABLE_OF[module] ?? null;
    const id =
      connectable || module === 'calendars'
        ? formatId('kanka', 'entity', record.entity.id)
        : module === 'locations'
          ? formatId('kanka', 'point', record.entity.id)
          : null;
    const mapped: Mapped = { module, name, id, type: module === 'locations' ? 'mapPoint' : connectable, file, visibility };
    if (byEntity.has(record.entity.id)) {
      report.add(file.path, `entity ${record.entity.id} appears in more than one file; only the first was imported`);
      continue;
    }
    byEntity.set(record.entity.id, mapped);
    byModel.set(modelKey(module, record.id), mapped);
  }

  /** Plain text of a Kanka entry, with mentions of imported entities as Loreforge mentions. */
  const text = (html: string | null | undefined, where: string, secretText = false): string => {
    const plain = htmlToText(html);
    return plain.replace(KANKA_MENTION, (_whole, _type: string, entityId: string, rawLabel: string | undefined) => {
      const target = byEntity.get(Number(entityId));
      const written = rawLabel && !/^[a-z_]+:/.test(rawLabel) ? rawLabel : null;
      // A secret's name is not written into text every reader sees; the link still names it for editors.
      const hideName = !written && !secretText && target?.visibility === 'editors';
      if (hideName) report.add(where, `a mention of the secret ${target.name} in text every reader sees reads "(secret)"`);
      const label = written ?? (hideName ? '(secret)' : (target?.name ?? `entity ${entityId}`));
      if (!target) {
        report.add(where, `a mention of entity ${entityId} names nothing in the export; its text "${label}" was kept without a link`);
        return label;
      }
      if (target.id && target.type && target.type !== 'mapPoint') return mentionText(target.type, target.id, label);
      return label;
    });
  };
  const entryOf = (file: KankaFile) =>
    text(file.record.entity.entry ?? file.record.entry, file.path, file.record.is_private || file.record.entity.is_private);

  // Attributes: public ones into the JSON attributes (sections as groups), private ones into GM notes.
  const attributesOf = (file: KankaFile) => {
    const attributes: Record<string, unknown> = {};
    const secret: string[] = [];
    let group: Record<string, unknown> = attributes;
    for (const attribute of file.record.entity.entityAttributes) {
      const name = clampName(attribute.name, 'Attribute', 100);
      if (Number(attribute.type_id) === 4) {
        group = {};
        attributes[name] = group;
        continue;
      }
      const value = typeof attribute.value === 'string' ? text(attribute.value, file.path) : attribute.value;
      if (attribute.is_private) secret.push(`${name}: ${String(value ?? '')}`);
      else group[name] = attributeValue(value);
    }
    return { attributes, secret };
  };
  /** The record's own scalar fields (a character's title, age, sex…) that Loreforge keeps as attributes. */
  const RESERVED = new Set([
    'id',
    'name',
    'entry',
    'is_private',
    'entity',
    'campaign_id',
    'slug',
    'image',
    '_lft',
    '_rgt',
    'created_at',
    'updated_at',
    'deleted_at',
    'created_by',
    'updated_by',
    'deleted_by',
    'location_id',
    'character_id',
    'family_id',
    'organisation_id',
    'race_id',
    'item_id',
    'calendar_id',
    'quest_id',
    'event_id',
    'tag_id',
    'instigator_id',
    'is_completed',
    'is_template',
    'image_path',
    'image_uuid',
    'header_image',
    'header_uuid',
    'focus_x',
    'focus_y',
    'marketplace_uuid',
    'tooltip',
  ]);
  const ownFields = (file: KankaFile): Record<string, unknown> => {
    const fields: Record<string, unknown> = {};
    if (file.record.entity.type) fields.type = file.record.entity.type;
    for (const [key, value] of Object.entries(file.record)) {
      if (RESERVED.has(key) || value === null || value === '' || typeof value === 'object') continue;
      fields[key] = typeof value === 'string' ? value.slice(0, LIMITS.textMax) : value;
    }
    return fields;
  };
  const timestampsOf = (file: KankaFile) => ({
    createdAt: timestamp(file.record.entity.created_at ?? file.record.created_at, now),
    updatedAt: timestamp(file.record.entity.updated_at ?? file.record.updated_at, now),
  });
  const gmNotes = (lines: string[]) => (lines.length > 0 ? lines.join('\n') : null);
  const appendAttributes = (description: string, file: KankaFile): string => {
    const { attributes, secret } = attributesOf(file);
    if (secret.length > 0)
      report.add(
        file.path,
        `${secret.length} private attribute(s) were not kept: this kind of entity has no GM notes for them in Loreforge`,
      );
    const lines = Object.entries(attributes).map(
      ([key, value]) => `- ${key}: ${typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value)}`,
    );
    return lines.length === 0 ? description : `${description}\n\nAttributes:\n${lines.join('\n')}`.trim();
  };
  const reportLeftovers = (file: KankaFile) => {
    const entity = file.record.entity;
    if (entity.posts.length > 0)
      report.add(`${file.path}#entity.posts`, `${entity.posts.length} post(s) were not imported: Loreforge entities have one description`);
    if (entity.abilities.length > 0) report.add(`${file.path}#entity.abilities`, 'abilities have no counterpart in Loreforge');
    if (entity.assets.length > 0) report.add(`${file.path}#entity.assets`, 'attached files and links were not imported');
    if (entity.image_path || entity.image_uuid)
      report.add(`${file.path}#entity.image`, "the entity's image was not imported: Loreforge keeps images only on maps");
  };

  // Calendars first: events are dated on them.
  const calendarOfModel = new Map<
    string,
    {
      id: string;
      definition: BundleRecord<'calendars'>['definition'];
      today: { year: number; month: number; day: number } | null;
      name: string;
    }
  >();
  for (const mapped of byEntity.values()) {
    if (mapped.module !== 'calendars' || !mapped.id) continue;
    const result = mapKankaCalendar(mapped.file.record);
    if (!result.ok) {
      report.add(mapped.file.path, `the calendar was not imported: ${result.reason}`);
      mapped.id = null;
      continue;
    }
    for (const note of result.notes) report.add(mapped.file.path, `in the calendar, ${note}`);
    reportLeftovers(mapped.file);
    entities.calendars.push({
      calendarId: mapped.id,
      name: mapped.name,
      description: clampText(entryOf(mapped.file)),
      definition: result.definition,
      ...timestampsOf(mapped.file),
    });
    calendarOfModel.set(String(mapped.file.record.id), {
      id: mapped.id,
      definition: result.definition,
      today: result.today,
      name: mapped.name,
    });
  }

  // Locations: points of one generated map, laid out on a grid in export order.
  const locations = [...byEntity.values()].filter((mapped) => mapped.module === 'locations');
  const mapId = formatId('kanka', 'map', 'locations');
  if (locations.length > 0) {
    entities.maps.push({
      mapId,
      name: 'Locations',
      description: 'The locations of the Kanka campaign, one point each (placed on a grid: Kanka locations have no position).',
      image: null,
      ...accessFields('everyone'),
      createdAt: now,
      updatedAt: now,
    });
  }
  locations.forEach((mapped, index) => {
    const file = mapped.file;
    const parentEntity = file.record.entity.parent_id ?? null;
    const parent = parentEntity !== null ? byEntity.get(parentEntity) : byModel.get(modelKey('locations', file.record.location_id));
    const partOf = parent ? `Part of ${parent.name}.\n\n` : '';
    reportLeftovers(file);
    entities.mapPoints.push({
      pointId: idOf(mapped),
      mapId,
      name: mapped.name,
      description: clampText(appendAttributes(partOf + entryOf(file), file)),
      x: 100 + (index % GRID_COLUMNS) * GRID_STEP,
      y: 100 + Math.floor(index / GRID_COLUMNS) * GRID_STEP,
      entity: null,
      ...accessFields(mapped.visibility),
      ...timestampsOf(file),
    });
  });

  // Characters and items.
  const tagsOf = new Map<string, { entityType: 'character' | 'item' | 'quest' | 'event'; tags: string[]; path: string }>();
  const addTag = (entityType: 'character' | 'item' | 'quest' | 'event', entityId: string, tag: string, path: string) => {
    const entry = tagsOf.get(entityId) ?? { entityType, tags: [], path };
    tagsOf.set(entityId, entry);
    const value = tag.trim().slice(0, TAG_MAX).trim();
    if (value === '' || entry.tags.some((existing) => existing.toLowerCase() === value.toLowerCase())) return;
    if (entry.tags.length >= TAGS_PER_ENTITY_MAX) {
      report.add(path, `the tag "${value}" was not kept: an entity carries at most ${TAGS_PER_ENTITY_MAX} tags`);
      return;
    }
    entry.tags.push(value);
  };
  for (const mapped of byEntity.values()) {
    const file = mapped.file;
    if (mapped.module === 'characters') {
      const { attributes, secret } = attributesOf(file);
      const traits: Record<string, unknown> = {};
      for (const trait of file.record.characterTraits) {
        const traitName = clampName(trait.name, 'Trait', 100);
        if (trait.is_private) secret.push(`${traitName}: ${text(trait.entry, file.path)}`);
        else traits[traitName] = text(trait.entry, file.path);
      }
      const locationIds = [
        ...file.record.entity.entityLocations.map((link) => byModel.get(modelKey('locations', link.location_id))),
        byModel.get(modelKey('locations', file.record.location_id)),
      ].filter((location): location is Mapped => location !== undefined);
      const unique = [...new Set(locationIds)];
      if (unique.length > 1)
        report.add(
          `${file.path}#entity.entityLocations`,
          `the character is at ${unique.length} locations; Loreforge keeps one (${unique[0]?.name ?? ''})`,
        );
      reportLeftovers(file);
      entities.characters.push({
        characterId: idOf(mapped),
        name: mapped.name,
        description: clampText(entryOf(file)),
        attributes: { ...ownFields(file), ...attributes, ...(Object.keys(traits).length > 0 ? { traits } : {}) },
        currentLocationId: unique[0]?.id ?? null,
        activeQuests: [],
        assignedTo: null,
        ...accessFields(mapped.visibility, gmNotes(secret)),
        ...timestampsOf(file),
      });
    } else if (mapped.module === 'items') {
      const { attributes, secret } = attributesOf(file);
      const location = byModel.get(modelKey('locations', file.record.location_id));
      reportLeftovers(file);
      if (Array.isArray(file.record.itemCreators) && file.record.itemCreators.length > 0)
        report.add(`${file.path}#itemCreators`, "the item's creators were not kept: add them as connections");
      entities.items.push({
        itemId: idOf(mapped),
        name: mapped.name.length >= LIMITS.itemNameMin ? mapped.name : mapped.name.padEnd(LIMITS.itemNameMin, '.'),
        description: clampText(entryOf(file)),
        properties: { ...ownFields(file), ...(location ? { location: location.name } : {}) },
        attributes,
        ...accessFields(mapped.visibility, gmNotes(secret)),
        ...timestampsOf(file),
      });
    }
  }

  // Events: on the timeline of the calendar their reminder dates them on, otherwise on a Gregorian timeline.
  const calendarTimelines = new Map<string, { timelineId: string; instants: bigint[] }>();
  const gregorianId = formatId('kanka', 'timeline', 'gregorian');
  const gregorianInstants: bigint[] = [];
  for (const mapped of byEntity.values()) {
    const file = mapped.file;
    const reminders = [...file.record.entity.reminders, ...file.record.entity.events];
    if (mapped.module !== 'events') {
      if (reminders.length > 0)
        report.add(
          `${file.path}#entity.reminders`,
          `${reminders.length} calendar date(s) of this ${mapped.module.replace(/s$/, '')} were not kept: only events are dated in Loreforge`,
        );
      continue;
    }
    reportLeftovers(file);
    let description = appendAttributes(entryOf(file), file);
    const dated = reminders
      .map((reminder) => ({ reminder, calendar: calendarOfModel.get(String(reminder.calendar_id)) }))
      .find((candidate) => candidate.calendar !== undefined);
    const base = {
      eventId: idOf(mapped),
      name: mapped.name,
      characterAttributeChanges: null,
      inventoryChanges: null,
      relationshipChanges: null,
      isBranchingEvent: false,
      childTimelineId: null,
      ...accessFields(mapped.visibility),
      ...timestampsOf(file),
    };
    const date = {
      year: clampInt(dated?.reminder.year, -1e12, 1e12, 1),
      month: clampInt(dated?.reminder.month, 1, 1000, 1),
      day: clampInt(dated?.reminder.day, 1, 1e6, 1),
    };
    const instant = dated?.calendar ? instantOrNull(dated.calendar.definition, date) : null;
    if (dated?.calendar && instant !== null) {
      const timeline = calendarTimelines.get(dated.calendar.id) ?? {
        timelineId: formatId('kanka', 'timeline', dated.calendar.id),
        instants: [],
      };
      calendarTimelines.set(dated.calendar.id, timeline);
      timeline.instants.push(BigInt(instant));
      if (reminders.length > 1)
        report.add(
          `${file.path}#entity.reminders`,
          `the event has ${reminders.length} calendar dates; Loreforge keeps the first it could read`,
        );
      entities.events.push({ ...base, timelineId: timeline.timelineId, description: clampText(description), dateTime: null, instant });
      continue;
    }
    if (dated?.calendar)
      report.add(
        `${file.path}#entity.reminders`,
        `the date ${date.year}-${date.month}-${date.day} does not exist in the calendar "${dated.calendar.name}"`,
      );
    const written = typeof file.record.date === 'string' ? file.record.date.trim() : '';
    const iso = isoOfKankaDate(written);
    if (!iso) {
      if (written !== '') description = `Date: ${written}\n\n${description}`.trim();
      report.add(
        file.path,
        written === ''
          ? 'the event has no date; it was placed on 1 January of year 1 of the timeline "Events"'
          : `the date "${written}" could not be read as a date; it is kept in the description and the event placed on 1 January of year 1`,
      );
    }
    const isoDate = iso ?? '0001-01-01T00:00:00.000Z';
    gregorianInstants.push(instantFromIsoDateTime(isoDate) ?? 0n);
    entities.events.push({
      ...base,
      timelineId: gregorianId,
      description: clampText(description),
      dateTime: isoDate,
      instant: (instantFromIsoDateTime(isoDate) ?? 0n).toString(),
    });
  }
  const timelineBase = {
    genesisEvent: null,
    initialStates: null,
    branchingEnabled: true,
    parentTimelineId: null,
    branchingEvent: null,
    ...accessFields('everyone'),
    createdAt: now,
    updatedAt: now,
  };
  for (const [calendarId, timeline] of calendarTimelines) {
    const calendar = [...calendarOfModel.values()].find((candidate) => candidate.id === calendarId);
    if (!calendar) continue;
    const today = calendar.today ? instantOrNull(calendar.definition, calendar.today) : null;
    const latest = timeline.instants.reduce((max, value) => (value > max ? value : max));
    entities.timelines.push({
      ...timelineBase,
      timelineId: timeline.timelineId,
      name: clampName(calendar.name, 'Calendar'),
      description: `The events of the Kanka campaign dated on the calendar ${calendar.name}.`,
      calendarId,
      currentDateTime: null,
      currentInstant: today ?? latest.toString(),
    });
  }
  if (gregorianInstants.length > 0) {
    const latest = gregorianInstants.reduce((max, value) => (value > max ? value : max));
    entities.timelines.push({
      ...timelineBase,
      timelineId: gregorianId,
      name: 'Events',
      description: 'The events of the Kanka campaign that no calendar dates.',
      calendarId: null,
      currentDateTime: isoDateTimeFromInstant(latest),
      currentInstant: latest.toString(),
    });
  }

  // Quests, their elements and instigator as connections.
  const connections = new Map<string, BundleRecord<'connections'>>();
  const connect = (
    source: Mapped & { id: string },
    target: Mapped & { id: string },
    connectionType: string,
    description: string | null,
    visibility: Visibility,
    createdAt: string,
  ) => {
    const key = `${source.id}>${target.id}>${connectionType.toLowerCase()}`;
    const mirror = `${target.id}>${source.id}>${connectionType.toLowerCase()}`;
    if (connections.has(key) || connections.has(mirror)) return;
    connections.set(key, {
      connectionId: formatId('kanka', 'connection', key),
      sourceType: source.type as ConnectableType,
      sourceId: source.id,
      targetType: target.type as ConnectableType,
      targetId: target.id,
      connectionType: clampName(connectionType, 'related to'),
      description: clampText(description),
      ...accessFields(visibility),
      createdAt,
      updatedAt: createdAt,
    });
  };
  const connectable = (mapped: Mapped | undefined): mapped is Mapped & { id: string } =>
    typeof mapped?.id === 'string' && mapped.type !== null && mapped.type !== 'mapPoint';
  const secretIf = (...hidden: boolean[]): Visibility => (hidden.some(Boolean) ? 'editors' : 'everyone');

  for (const mapped of byEntity.values()) {
    if (mapped.module !== 'quests') continue;
    const file = mapped.file;
    reportLeftovers(file);
    if (file.record.entity.status_id !== null && file.record.entity.status_id !== undefined && file.record.is_completed === undefined) {
      report.add(
        `${file.path}#entity.status_id`,
        "the quest's campaign status was not kept (it names a status of the Kanka campaign); the quest is active",
      );
    }
    const completed = file.record.is_completed === true || Number(file.record.is_completed) === 1;
    entities.quests.push({
      questId: idOf(mapped),
      name: mapped.name,
      description: clampText(appendAttributes(entryOf(file), file)),
      status: completed ? 'completed' : 'active',
      isOptional: false,
      difficulty: null,
      ...accessFields(mapped.visibility),
      ...timestampsOf(file),
    });
    const { createdAt } = timestampsOf(file);
    const instigatorId = Number(file.record.instigator_id ?? 0);
    const instigator = byEntity.get(instigatorId);
    if (connectable(instigator))
      connect(
        instigator,
        mapped as Mapped & { id: string },
        'instigator of',
        null,
        secretIf(mapped.visibility === 'editors', instigator.visibility === 'editors'),
        createdAt,
      );
    else if (instigatorId > 0)
      report.add(
        `${file.path}#instigator_id`,
        `the instigator (${instigator?.name ?? `entity ${instigatorId}`}) is not something a connection can join`,
      );
    file.record.elements.forEach((element, index) => {
      const target = element.entity_id !== null && element.entity_id !== undefined ? byEntity.get(element.entity_id) : undefined;
      if (!connectable(target)) {
        report.add(
          `${file.path}#elements/${index}`,
          `the quest element ${element.name ?? target?.name ?? ''} is not something a connection can join (${target ? `a Kanka ${target.module.replace(/s$/, '')}` : 'no imported entity'})`.replace(
            '  ',
            ' ',
          ),
        );
        return;
      }
      connect(
        mapped as Mapped & { id: string },
        target,
        nonEmpty(element.role) ?? 'involves',
        text(element.entry, file.path),
        secretIf(mapped.visibility === 'editors', target.visibility === 'editors', !isKankaPublic(element.visibility_id)),
        createdAt,
      );
    });
  }

  // Relations: between characters relationships, between other connectable entities connections.
  const relationships = new Map<string, BundleRecord<'relationships'>>();
  for (const mapped of byEntity.values()) {
    const file = mapped.file;
    file.record.entity.relationships.forEach((relation, index) => {
      const where = `${file.path}#entity.relationships/${index}`;
      const target = byEntity.get(relation.target_id);
      const label = nonEmpty(relation.relation) ?? 'related to';
      const hidden = !isKankaPublic(relation.visibility_id);
      const affinity = clampInt(relation.attitude, LIMITS.relationshipScoreMin, LIMITS.relationshipScoreMax, 0);
      const createdAt = timestamp(relation.created_at, now);
      if (isCharacters(mapped) && isCharacters(target)) {
        if (mapped.id === target.id) {
          report.add(where, `the relation "${label}" of ${mapped.name} to itself was not kept`);
          return;
        }
        const key = `${mapped.id}>${target.id}`;
        if (relationships.has(key)) {
          report.add(
            where,
            `a second relation "${label}" from ${mapped.name} to ${target.name} was not kept: Loreforge holds one relationship per pair`,
          );
          return;
        }
        relationships.set(key, {
          relationshipId: formatId('kanka', 'relation', relation.id ?? key),
          characterId: mapped.id,
          targetCharacterId: target.id,
          relationshipType: relationshipTypeOf(label),
          description: clampText(label),
          affinity,
          powerBalance: 0,
          trustLevel: 0,
          communicationStyle: null,
          pastInteractions: null,
          currentGoalAlignment: null,
          dependenceLevel: null,
          ...accessFields(secretIf(hidden, mapped.visibility === 'editors', target.visibility === 'editors')),
          createdAt,
          updatedAt: createdAt,
        });
        return;
      }
      if (connectable(mapped) && connectable(target)) {
        connect(
          mapped,
          target,
          label,
          affinity !== 0 ? `Attitude ${affinity} (−100…100).` : null,
          secretIf(hidden, mapped.visibility === 'editors', target.visibility === 'editors'),
          createdAt,
        );
        return;
      }
      const what = (side: Mapped | undefined) =>
        side
          ? `${side.name} (a Kanka ${side.module.replace(/s$/, '').replace(/ie$/, 'y')})`
          : `entity ${relation.target_id}, which is not in the export`;
      report.add(
        where,
        `the relation "${label}" between ${what(mapped)} and ${what(target)} was not kept: relationships join characters, and connections cannot reach locations, families or organisations`,
      );
    });
  }
  entities.relationships.push(...relationships.values());

  // Inventories: a character's lines become inventory entries; a line without an item becomes an item of its own.
  const adHocItems = new Map<string, string>();
  for (const mapped of byEntity.values()) {
    const file = mapped.file;
    file.record.entity.inventories.forEach((line, index) => {
      const where = `${file.path}#entity.inventories/${index}`;
      if (!isCharacters(mapped)) {
        report.add(where, `the inventory of ${mapped.name} was not kept: only characters hold inventories in Loreforge`);
        return;
      }
      let itemId = byModel.get(modelKey('items', line.item_id))?.id ?? null;
      if (!itemId) {
        const name = clampName(line.name, '');
        if (name.length < LIMITS.itemNameMin) {
          report.add(where, `the inventory line names ${line.item_id ? `item ${line.item_id}, which is not in the export` : 'no item'}`);
          return;
        }
        itemId = adHocItems.get(name.toLowerCase()) ?? null;
        if (!itemId) {
          itemId = formatId('kanka', 'inventory-item', name.toLowerCase());
          adHocItems.set(name.toLowerCase(), itemId);
          entities.items.push({
            itemId,
            name,
            description: null,
            properties: {},
            attributes: {},
            ...accessFields('everyone'),
            createdAt: now,
            updatedAt: now,
          });
        }
      }
      const notes = [line.position?.trim(), text(line.description, file.path)].filter((part) => part).join(' — ');
      entities.inventory.push({
        inventoryItemId: formatId('kanka', 'inventory', mapped.id, index),
        characterId: mapped.id,
        itemId,
        quantity: clampInt(line.amount, LIMITS.inventoryQuantityMin, LIMITS.quantityMax, 1),
        equipped: line.is_equipped,
        notes: clampText(notes),
        attributes: {},
        ...accessFields(secretIf(!isKankaPublic(line.visibility_id), mapped.visibility === 'editors')),
        createdAt: now,
        updatedAt: now,
      });
    });
  }

  // Families and organisations: connections between their members, and a tag on each public member.
  interface GroupMember {
    member: Mapped & { id: string };
    role: string | null;
    hidden: boolean;
  }
  const groups = new Map<string, { group: Mapped; members: Map<string, GroupMember> }>();
  const join = (groupMapped: Mapped | undefined, memberMapped: Mapped | undefined, role: string | null | undefined, hidden: boolean) => {
    if (!groupMapped || !isCharacters(memberMapped)) return;
    const key = `${groupMapped.module}:${groupMapped.file.record.id}`;
    const entry = groups.get(key) ?? { group: groupMapped, members: new Map<string, GroupMember>() };
    groups.set(key, entry);
    const existing = entry.members.get(memberMapped.id);
    entry.members.set(memberMapped.id, {
      member: memberMapped,
      role: nonEmpty(role) ?? existing?.role ?? null,
      hidden: hidden && (existing?.hidden ?? true),
    });
  };
  for (const mapped of byEntity.values()) {
    const record = mapped.file.record;
    if (mapped.module === 'characters') {
      for (const line of record.characterFamilies) join(byModel.get(modelKey('families', line.family_id)), mapped, null, line.is_private);
      for (const line of record.organisationMemberships)
        join(byModel.get(modelKey('organisations', line.organisation_id)), mapped, line.role, line.is_private);
      for (const line of record.characterRaces) {
        const race = byModel.get(modelKey('races', line.race_id));
        if (race?.visibility === 'everyone' && mapped.visibility === 'everyone')
          addTag('character', idOf(mapped), race.name, mapped.file.path);
      }
    } else if (mapped.module === 'families' || mapped.module === 'organisations') {
      for (const line of [...record.members, ...record.pivotMembers])
        join(mapped, byModel.get(modelKey('characters', line.character_id)), line.role, line.is_private);
    }
  }
  for (const mapped of byEntity.values()) {
    if (mapped.module !== 'families' && mapped.module !== 'organisations') continue;
    const kind = mapped.module === 'families' ? 'family' : 'organisation';
    const file = mapped.file;
    const entry = groups.get(`${mapped.module}:${file.record.id}`);
    const members = [...(entry?.members.values() ?? [])];
    const groupText = entryOf(file);
    if (members.length === 0) {
      report.add(
        file.path,
        `the ${kind} ${mapped.name} has no character among its members; it was not kept (Loreforge has no ${kind === 'family' ? 'families' : 'organisations'} of their own)`,
      );
      continue;
    }
    if (groupText) report.add(file.path, `the ${kind}'s own text was kept in the description of the connections between its members`);
    if (file.record.entity.relationships.length > 0 || file.record.entity.entityAttributes.length > 0)
      report.add(file.path, `the ${kind}'s own attributes were not kept`);
    const { createdAt } = timestampsOf(file);
    const connectionType = kind === 'family' ? `family: ${mapped.name}` : `organisation: ${mapped.name}`;
    const described = (member: { member: Mapped; role: string | null }) =>
      member.role ? `${member.member.name} (${member.role})` : member.member.name;
    const pairs: Array<[(typeof members)[number], (typeof members)[number]]> = [];
    if (members.length <= MEMBER_PAIRS_MAX) {
      members.forEach((first, index) => members.slice(index + 1).forEach((second) => pairs.push([first, second])));
    } else {
      report.add(
        file.path,
        `the ${kind} has ${members.length} members: each is connected to ${members[0]?.member.name ?? ''} rather than to every other member`,
      );
      const [head, ...rest] = members;
      if (head) rest.forEach((member) => pairs.push([head, member]));
    }
    for (const [first, second] of pairs) {
      const description = `Both in the ${kind} ${mapped.name}: ${described(first)} and ${described(second)}.${groupText ? `\n\n${groupText}` : ''}`;
      connect(
        first.member,
        second.member,
        connectionType,
        description,
        secretIf(
          mapped.visibility === 'editors',
          first.hidden,
          second.hidden,
          first.member.visibility === 'editors',
          second.member.visibility === 'editors',
        ),
        createdAt,
      );
    }
    // A tag shows on a member to every reader, so a secret group or membership is not tagged.
    for (const member of members) {
      if (mapped.visibility === 'everyone' && !member.hidden) addTag('character', member.member.id, mapped.name, file.path);
    }
  }
  entities.connections.push(...connections.values());

  // Tags of the Kanka tags module on the entities that carry them.
  for (const mapped of byEntity.values()) {
    if (!mapped.id || !mapped.type || mapped.type === 'mapPoint') {
      if (mapped.file.record.entity.entityTags.length > 0 && mapped.module !== 'tags')
        report.add(
          `${mapped.file.path}#entity.entityTags`,
          `the tags of this ${mapped.module.replace(/s$/, '')} were not kept: Loreforge tags characters, items, quests and events`,
        );
      continue;
    }
    for (const link of mapped.file.record.entity.entityTags) {
      const tag = byModel.get(modelKey('tags', link.tag_id));
      if (!tag) continue;
      if (tag.visibility === 'editors') {
        report.add(
          `${mapped.file.path}#entity.entityTags`,
          `the private tag ${tag.name} was not put on ${mapped.name}: tags show to every reader`,
        );
        continue;
      }
      addTag(mapped.type as 'character' | 'item' | 'quest' | 'event', mapped.id, tag.name, mapped.file.path);
    }
  }
  for (const mapped of byEntity.values()) {
    if ((mapped.module === 'tags' || mapped.module === 'races') && entryOf(mapped.file) !== '') {
      report.add(
        mapped.file.path,
        `the ${mapped.module === 'tags' ? 'tag' : 'race'}'s own text was not kept: it became a tag on the entities that carry it`,
      );
    }
  }
  for (const [entityId, entry] of tagsOf) {
    if (entry.tags.length > 0) entities.tags.push({ entityType: entry.entityType, entityId, tags: entry.tags });
  }

  const worldName = clampName(campaignData.name, 'Kanka campaign');
  const worldText = htmlToText(campaignData.entry ?? campaignData.excerpt);
  return {
    bundle: {
      world: {
        worldId: formatId('kanka', 'world'),
        name: worldName,
        description: clampText(worldText),
        createdBy: null,
        createdAt: now,
        updatedAt: now,
      },
      entities,
    },
    notMapped: report.list(),
  };
}

/**
 * Reads Kanka's free-text event date when it is a date: `YYYY-MM-DD`, `YYYY-M-D` or a bare year (1–9999).
 * @returns ISO 8601 UTC at midnight, or null.
 */
export function isoOfKankaDate(written: string): string | null {
  const full = /^(\d{1,4})-(\d{1,2})-(\d{1,2})$/.exec(written);
  const yearOnly = /^(\d{1,4})$/.exec(written);
  const [year, month, day] = full
    ? [Number(full[1]), Number(full[2]), Number(full[3])]
    : yearOnly
      ? [Number(yearOnly[1]), 1, 1]
      : [0, 0, 0];
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const iso = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T00:00:00.000Z`;
  return instantFromIsoDateTime(iso) === null ? null : iso;
}

export type { KankaEntity };
