/**
 * The pieces every import plan shares (import.plan.ts): the id maps of one import (issue 13 "ids are remapped so
 * a bundle can be imported twice"), the columns every record carries, bounded JSON fields, the stored moment of a
 * timeline or event, and how a reference the import cannot satisfy is reported. Pure: no database.
 */
import {
  BUNDLE_ENTITY_TYPES,
  BUNDLE_FILES,
  BUNDLE_MESSAGES,
  type BundleEntityType,
  type ConnectableType,
  LIMITS,
  type TaggableType,
  type NotMapped,
  instantFromIsoDateTime,
  jsonSizeProblem,
  normalizeDateTime,
} from '@loreforge/contract';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { badRequest } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { instantSortKey } from '../calendars/calendar.clock.js';

const UUID_PATTERN = /[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}/g;

/** Reference kinds of connections, map points and tags → the entity type whose ids they name. */
export const KIND_TYPES: Record<ConnectableType, BundleEntityType> = {
  character: 'characters',
  item: 'items',
  timeline: 'timelines',
  event: 'events',
  map: 'maps',
  quest: 'quests',
  goal: 'goals',
};

/** The bundle's entity type of each taggable type (the connectable ones, and the parts tags also reach). */
export const TAG_KINDS: Record<TaggableType, BundleEntityType> = {
  ...KIND_TYPES,
  map_point: 'mapPoints',
  map_area: 'mapAreas',
  relationship: 'relationships',
  connection: 'connections',
};

/** Id fields of each entity type's records. */
export const ID_FIELDS = {
  calendars: 'calendarId',
  characters: 'characterId',
  items: 'itemId',
  inventory: 'inventoryItemId',
  goals: 'goalId',
  relationships: 'relationshipId',
  timelines: 'timelineId',
  events: 'eventId',
  maps: 'mapId',
  mapPoints: 'pointId',
  mapAreas: 'areaId',
  quests: 'questId',
  objectives: 'objectiveId',
  connections: 'connectionId',
  tags: 'entityId',
} as const satisfies Record<BundleEntityType, string>;

/** Each entity type's one-character code in IdMap's values. */
const TYPE_CODES = new Map<BundleEntityType, string>(BUNDLE_ENTITY_TYPES.map((type, index) => [type, String.fromCharCode(65 + index)]));

/**
 * The id maps of one import: old id → new id per entity type (only records the import keeps), and every
 * UUID-shaped old id for text. This is all an import holds of the whole world while it streams, so it is one map
 * keyed once by the old id, whose value is the type's code followed by the new id: one entry per record instead
 * of a map per type, a set of new ids and a map for text. An old id that two types share (only an edited
 * bundle has one) is kept apart under `type:id`.
 */
export class IdMap {
  /** Old id → type code + new id, for the first type that claimed the old id. */
  private readonly byOld = new Map<string, string>();
  /** `type:old id` → new id, for an old id a second type claims too. */
  private readonly shared = new Map<string, string>();
  /** Lower-cased old id → its key in byOld, for UUID-shaped old ids written with capitals (text is matched lower-cased). */
  private readonly capitals = new Map<string, string>();

  /** Gives a record a new id; false when its old id was seen before in the same type. */
  assign(type: BundleEntityType, oldId: string): boolean {
    if (this.get(type, oldId) !== undefined) return false;
    const id = newId();
    const code = TYPE_CODES.get(type) ?? '?';
    const taken = this.byOld.get(oldId);
    if (taken === undefined) this.byOld.set(oldId, code + id);
    else this.shared.set(`${type}:${oldId}`, id);
    if (taken === undefined && /^[0-9a-fA-F-]{36}$/.test(oldId) && oldId.toLowerCase() !== oldId) {
      this.capitals.set(oldId.toLowerCase(), oldId);
    }
    return true;
  }

  /** Forgets a record the import leaves out: references to it are then dropped as to anything missing. */
  drop(type: BundleEntityType, oldId: string): void {
    if (this.shared.delete(`${type}:${oldId}`)) return;
    const value = this.byOld.get(oldId);
    // Its id in text stays known (a mention of it is then dropped for naming nothing the world holds).
    if (value?.startsWith(TYPE_CODES.get(type) ?? '?')) this.byOld.set(oldId, `-${value.slice(1)}`);
  }

  /** Whether the new world holds a record of this type with this old id (as a mention names it before remapping). */
  holds(type: BundleEntityType, oldId: string): boolean {
    return this.get(type, oldId) !== undefined || this.get(type, this.capitals.get(oldId.toLowerCase()) ?? oldId) !== undefined;
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
    if (oldId === null || oldId === undefined) return undefined;
    const value = this.byOld.get(oldId);
    if (value?.startsWith(TYPE_CODES.get(type) ?? '?')) return value.slice(1);
    return this.shared.get(`${type}:${oldId}`);
  }

  /** The new id an old id found in text stands for (any type, kept or not), or undefined. */
  private inText(match: string): string | undefined {
    const key = match.toLowerCase();
    return this.byOld.get(this.capitals.get(key) ?? key)?.slice(1);
  }

  /** Text with every old id it names replaced by the new one. */
  text(value: string): string;
  text(value: string | null): string | null;
  text(value: string | null): string | null {
    if (value === null || this.byOld.size === 0) return value;
    return value.replace(UUID_PATTERN, (match) => this.inText(match) ?? match);
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
export interface Context {
  ids: IdMap;
  userId: string;
  now: string;
  notMapped: NotMapped[];
}

/** Where a record is: its file and index. */
export const at = (type: BundleEntityType, index: number): string => `${BUNDLE_FILES[type]}#${index}`;
/** A record's timestamp as stored, or the import's time when it is not ISO 8601. */
export const timestampOf = (value: string, context: Context): string => normalizeDateTime(value) ?? context.now;

/** Access columns in the new world: visibility and notes kept; reveals dropped (no players yet); writer: the importer. */
export function accessOf(record: { visibility: string; gmNotes: string | null }, context: Context): AccessColumns {
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
export function jsonText(value: unknown, label: string, where: string, context: Context): string {
  const remapped = context.ids.json(value);
  const problem = jsonSizeProblem(label, remapped);
  if (problem) throw badRequest(BUNDLE_MESSAGES.invalidRecord(where, problem));
  return JSON.stringify(remapped);
}

/** Change entries of a change document (0 for free-form or null fields). */
export function changeCount(value: unknown, where: string): number {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return 0;
  const changes = (value as { changes?: unknown }).changes;
  if (!Array.isArray(changes)) return 0;
  if (changes.length > LIMITS.eventChangesMax) {
    throw badRequest(BUNDLE_MESSAGES.invalidRecord(where, `An event may hold at most ${LIMITS.eventChangesMax} changes per field.`));
  }
  return changes.length;
}

/** Reports a dropped optional reference. */
export function dropped(context: Context, type: BundleEntityType, index: number, field: string, oldId: string): void {
  context.notMapped.push({ path: at(type, index), reason: `${field} names ${oldId}, which the import does not hold; it was left empty.` });
}

/** Reports a record left out for a missing required reference. */
export function leftOut(context: Context, type: BundleEntityType, index: number, field: string, oldId: string): void {
  context.notMapped.push({
    path: at(type, index),
    reason: `${field} names ${oldId}, which the import does not hold; the record was left out.`,
  });
}

/** An optional reference: the new id, or null (reported when the old one named something missing). */
export function optionalRef(
  context: Context,
  type: BundleEntityType,
  target: BundleEntityType,
  index: number,
  field: string,
  oldId: string | null,
): string | null {
  if (oldId === null) return null;
  const id = context.ids.get(target, oldId);
  if (id === undefined) dropped(context, type, index, field, oldId);
  return id ?? null;
}

/** A stored moment from a record: on a calendar's timeline its instant, on a Gregorian one its ISO text. */
export function momentOf(
  calendarId: string | null,
  iso: string | null,
  instant: string | null,
): { dateTime: string; instant: string } | undefined {
  if (calendarId !== null) {
    if (instant === null) return undefined;
    return { dateTime: instantSortKey(BigInt(instant)), instant };
  }
  const normalised = iso === null ? null : normalizeDateTime(iso);
  if (normalised === null) return undefined;
  const gregorian = instantFromIsoDateTime(normalised);
  return gregorian === null ? undefined : { dateTime: normalised, instant: gregorian.toString() };
}
