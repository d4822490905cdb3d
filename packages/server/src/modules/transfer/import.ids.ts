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
import { stringify as stringifyUuid, v7 as uuidv7 } from 'uuid';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { badRequest } from '../../errors/app-error.js';
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

/** Each entity type's code in IdMap's store (1…; the DROPPED bit marks a record left out). */
const TYPE_CODES = new Map<BundleEntityType, number>(BUNDLE_ENTITY_TYPES.map((type, index) => [type, index + 1]));
const DROPPED = 0x80;
const codeOf = (type: BundleEntityType): number => TYPE_CODES.get(type) ?? 0;

/** A UUID as ids are written: lower-case, canonical. */
const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The key an old id is kept under: a canonical UUID packed into eight 16-bit characters after a marker (40
 * bytes on the heap instead of 56 for its text), any other id as it is after another marker, so the two never meet.
 */
function keyOf(oldId: string): string {
  if (oldId.length !== 36 || !CANONICAL_UUID.test(oldId)) return `\u0000${oldId}`;
  const hex = oldId.replace(/-/g, '');
  const units: number[] = [];
  for (let index = 0; index < 32; index += 4) units.push(parseInt(hex.slice(index, index + 4), 16));
  return String.fromCharCode(1, ...units);
}

/**
 * The id maps of one import: old id → new id per entity type (only records the import keeps), and every
 * UUID-shaped old id for text. This is all an import holds of the whole world while it streams (a 100,000-character
 * world has about 280,000 records), so it is kept small: one map keyed once by the old id (packed, keyOf) whose
 * value is a slot number, and per slot the new id's 16 bytes and the type's code in typed arrays, the new id's
 * text made only when asked for. An old id that two types share (only an edited bundle has one) is kept apart
 * under `type:id`.
 */
export class IdMap {
  /** Old id's key → slot, for the first type that claimed the old id. */
  private readonly byOld = new Map<string, number>();
  /** `type:old id` → slot, for an old id a second type claims too. */
  private readonly shared = new Map<string, number>();
  /** Lower-cased old id → the old id, for UUID-shaped old ids written with capitals (text is matched lower-cased). */
  private readonly capitals = new Map<string, string>();
  /** Each slot's new id, 16 bytes a slot. */
  private newIds = new Uint8Array(16 * 1024);
  /** Each slot's type code (with DROPPED once its record is left out). */
  private codes = new Uint8Array(1024);
  private slots = 0;

  /** A new slot holding a new id for a record of `type`. */
  private newSlot(type: BundleEntityType): number {
    if (this.slots === this.codes.length) {
      const codes = new Uint8Array(this.codes.length * 2);
      codes.set(this.codes);
      this.codes = codes;
      const newIds = new Uint8Array(this.newIds.length * 2);
      newIds.set(this.newIds);
      this.newIds = newIds;
    }
    const slot = this.slots;
    this.slots += 1;
    // A UUID v7 as lib/ids.ts newId makes, written as bytes.
    uuidv7(undefined, this.newIds, slot * 16);
    this.codes[slot] = codeOf(type);
    return slot;
  }

  /** A slot's new id as text. */
  private idAt(slot: number): string {
    return stringifyUuid(this.newIds, slot * 16);
  }

  /** The slot of a record of this type with this old id, kept (not dropped), or undefined. */
  private slotOf(type: BundleEntityType, oldId: string): number | undefined {
    const slot = this.byOld.get(keyOf(oldId));
    if (slot !== undefined && this.codes[slot] === codeOf(type)) return slot;
    return this.shared.size === 0 ? undefined : this.shared.get(`${type}:${oldId}`);
  }

  /** Gives a record a new id; false when its old id was seen before in the same type. */
  assign(type: BundleEntityType, oldId: string): boolean {
    if (this.slotOf(type, oldId) !== undefined) return false;
    const key = keyOf(oldId);
    const taken = this.byOld.get(key);
    const slot = this.newSlot(type);
    if (taken === undefined) this.byOld.set(key, slot);
    else this.shared.set(`${type}:${oldId}`, slot);
    if (taken === undefined && /^[0-9a-fA-F-]{36}$/.test(oldId) && oldId.toLowerCase() !== oldId) {
      this.capitals.set(oldId.toLowerCase(), oldId);
    }
    return true;
  }

  /** Forgets a record the import leaves out: references to it are then dropped as to anything missing. */
  drop(type: BundleEntityType, oldId: string): void {
    if (this.shared.delete(`${type}:${oldId}`)) return;
    const slot = this.byOld.get(keyOf(oldId));
    // Its id in text stays known (a mention of it is then dropped for naming nothing the world holds).
    if (slot !== undefined && this.codes[slot] === codeOf(type)) this.codes[slot] = codeOf(type) | DROPPED;
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
    const slot = this.slotOf(type, oldId);
    return slot === undefined ? undefined : this.idAt(slot);
  }

  /** The new id an old id found in text stands for (any type, kept or not), or undefined. */
  private inText(match: string): string | undefined {
    const key = match.toLowerCase();
    const slot = this.byOld.get(keyOf(this.capitals.get(key) ?? key));
    return slot === undefined ? undefined : this.idAt(slot);
  }

  /** Text with every old id it names replaced by the new one. */
  text(value: string): string;
  text(value: string | null): string | null;
  text(value: string | null): string | null {
    if (value === null || this.slots === 0) return value;
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
