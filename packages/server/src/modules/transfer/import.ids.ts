/**
 * The pieces every import plan shares (import.plan.ts): the id maps of one import (issue 13 "ids are remapped so
 * a bundle can be imported twice"), the columns every record carries, bounded JSON fields, the stored moment of a
 * timeline or event, and how a reference the import cannot satisfy is reported. Pure: no database.
 */
import {
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

/**
 * The id maps of one import: old id → new id per entity type (only records the import keeps), the new ids held,
 * and every UUID-shaped old id for text. This is all an import holds of the whole world while it streams, so the
 * strings are shared between the maps rather than copied.
 */
export class IdMap {
  private readonly byType = new Map<BundleEntityType, Map<string, string>>();
  private readonly held = new Map<BundleEntityType, Set<string>>();
  private readonly inText = new Map<string, string>();

  /** Gives a record a new id; false when its old id was seen before in the same type. */
  assign(type: BundleEntityType, oldId: string): boolean {
    let ids = this.byType.get(type);
    if (!ids) this.byType.set(type, (ids = new Map<string, string>()));
    if (ids.has(oldId)) return false;
    const id = newId();
    ids.set(oldId, id);
    let held = this.held.get(type);
    if (!held) this.held.set(type, (held = new Set<string>()));
    held.add(id);
    if (/^[0-9a-fA-F-]{36}$/.test(oldId)) {
      const key = oldId.toLowerCase();
      this.inText.set(key === oldId ? oldId : key, id);
    }
    return true;
  }

  /** Forgets a record the import leaves out: references to it are then dropped as to anything missing. */
  drop(type: BundleEntityType, oldId: string): void {
    const id = this.byType.get(type)?.get(oldId);
    if (id === undefined) return;
    this.byType.get(type)?.delete(oldId);
    this.held.get(type)?.delete(id);
  }

  /** Whether the new world holds a record of this type with this new id. */
  holds(type: BundleEntityType, id: string): boolean {
    return this.held.get(type)?.has(id) ?? false;
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
