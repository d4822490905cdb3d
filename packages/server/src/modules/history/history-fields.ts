/**
 * Turns the row snapshots of the change log (`before`/`after`) into the fields a reader may see, and two
 * snapshots into field changes (issue 15 "History"). Field names follow the API's spelling (camelCase); JSON
 * text columns read as their values; bookkeeping columns (ids, timestamps, search keys) are left out.
 * For a reader who is not an editor: GM notes and reveals are left out altogether, and a reference to an entity
 * they may not see reads as null (the same rule as visibility.ts `maskHidden` for answers).
 */
import { CONNECTABLE_TYPES, type ConnectableType, type FieldChange } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { SECRET_TABLES, type SecretTable, isVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

/** A snapshot's fields by API name. */
export type Fields = Record<string, unknown>;

/** Fields never shown in a history: identity, bookkeeping and derived search columns. */
const HIDDEN_FIELDS = new Set([
  'id',
  'worldId',
  'createdAt',
  'updatedAt',
  'createdBy',
  'updatedBy',
  'version',
  'nameKey',
  'titleKey',
  'searchText',
  'etag',
  'contentVersion',
  'instant',
  'currentInstant',
]);

/** Fields only editors and the owner see (AccessFieldsSchema: reveals and GM notes). */
const EDITOR_FIELDS = new Set(['gmNotes', 'revealedTo']);

/** Reference fields and the table of the entity they name. */
const REFERENCE_FIELDS: Record<string, SecretTable> = {
  characterId: 'character',
  targetCharacterId: 'character',
  itemId: 'item',
  timelineId: 'timeline',
  parentTimelineId: 'timeline',
  childTimelineId: 'timeline',
  genesisEvent: 'event',
  branchingEvent: 'event',
  mapId: 'map',
  questId: 'quest',
  currentLocationId: 'map_point',
};

/** Polymorphic references: the type field and the id field beside it. */
const POLYMORPHIC_FIELDS: Array<[string, string]> = [
  ['entityType', 'entityId'],
  ['sourceType', 'sourceId'],
  ['targetType', 'targetId'],
];

/** The table of the kind a polymorphic reference names (a connectable type), or undefined for any other value. */
const polymorphicTable = (kind: unknown): SecretTable | undefined =>
  typeof kind === 'string' && (CONNECTABLE_TYPES as readonly string[]).includes(kind) ? SECRET_TABLES[kind as ConnectableType] : undefined;

const camelCase = (key: string): string => key.replace(/_([a-z0-9])/g, (_match, letter: string) => letter.toUpperCase());

/** A JSON text column read as its value; other values as they are. */
function readValue(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (!(text.startsWith('{') || text.startsWith('['))) return value;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return value;
  }
}

/**
 * A snapshot's fields under API names, without bookkeeping (nor the entity's own id).
 * @param snapshot a row as the change log holds it (snake_case or camelCase keys), or null.
 * @returns {} for null.
 */
export function snapshotFields(snapshot: Record<string, unknown> | null, entityId: string): Fields {
  if (!snapshot) return {};
  const fields: Fields = {};
  for (const [key, value] of Object.entries(snapshot)) {
    const name = camelCase(key);
    if (HIDDEN_FIELDS.has(name) || (name.endsWith('Id') && value === entityId)) continue;
    fields[name] = readValue(value);
  }
  return fields;
}

/** Remembers which referenced ids a reader may see, so a page of history asks once per id. */
export class VisibilityMemo {
  private readonly seen = new Map<string, Promise<boolean>>();

  constructor(
    private readonly db: Db,
    private readonly scope: ReadScope,
  ) {}

  /** Whether the reader may see the row of `table` with `id` (true for editors without asking). */
  visible(table: SecretTable, id: string): Promise<boolean> {
    if (this.scope.seesSecrets) return Promise.resolve(true);
    const key = `${table}:${id}`;
    let answer = this.seen.get(key);
    if (!answer) {
      answer = isVisible(this.db, this.scope, table, id);
      this.seen.set(key, answer);
    }
    return answer;
  }
}

/**
 * The fields of a snapshot a reader may see (see the module comment).
 * @returns new fields; for editors and the owner the same fields.
 */
export async function visibleFields(fields: Fields, scope: ReadScope, memo: VisibilityMemo): Promise<Fields> {
  if (scope.seesSecrets) return fields;
  const out: Fields = {};
  for (const [name, value] of Object.entries(fields)) {
    if (EDITOR_FIELDS.has(name)) continue;
    const table = REFERENCE_FIELDS[name];
    out[name] = table && typeof value === 'string' && !(await memo.visible(table, value)) ? null : value;
  }
  for (const [typeField, idField] of POLYMORPHIC_FIELDS) {
    const id = out[idField];
    const table = polymorphicTable(out[typeField]);
    if (table && typeof id === 'string' && !(await memo.visible(table, id))) out[idField] = null;
  }
  if (Array.isArray(out.activeQuests)) {
    const ids = out.activeQuests.filter((id): id is string => typeof id === 'string');
    const shown = await Promise.all(ids.map((id) => memo.visible('quest', id)));
    out.activeQuests = ids.filter((_id, index) => shown[index]);
  }
  return out;
}

const isPlain = (value: unknown): boolean => value === null || value === undefined || typeof value !== 'object';

const sameValue = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The fields that differ between two snapshots' visible fields, in the after snapshot's field order.
 * @returns one FieldChange per differing field (a field missing on one side counts as null there).
 */
export function diffFields(before: Fields, after: Fields): FieldChange[] {
  const names = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return names
    .filter((name) => !sameValue(before[name], after[name]))
    .map((name) => ({
      field: name,
      oldValue: before[name] ?? null,
      newValue: after[name] ?? null,
      plain: isPlain(before[name]) && isPlain(after[name]),
    }));
}

/** The entity's display name in a snapshot: its name, title, description (objectives) or connection type. */
export function nameOf(fields: Fields): string | null {
  for (const key of ['name', 'title', 'connectionType', 'description']) {
    const value = fields[key];
    if (typeof value === 'string' && value.trim() !== '') return value.length > 120 ? `${value.slice(0, 117)}...` : value;
  }
  return null;
}
