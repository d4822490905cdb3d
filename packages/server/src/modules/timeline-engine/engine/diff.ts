/**
 * How two states differ, per character and field (issue 5 "GET …/timelines/{a}/diff?against={b}&at=…").
 */
import type { CharacterState, Holding, JsonObject, JsonValue, RelationshipValues } from './types.js';

/** One field that differs; `value` is in the first state, `against` in the other (null: absent). */
export interface Difference {
  characterId: string;
  area: 'character' | 'attribute' | 'inventory' | 'relationship';
  /** The item or the relationship's target, for inventory and relationship differences. */
  subjectId: string | null;
  /** An attribute's dotted path, or the holding's or relationship's field ('quantity', 'affinity', 'exists'). */
  field: string;
  value: JsonValue;
  against: JsonValue;
}

const isObject = (value: JsonValue | undefined): value is JsonObject =>
  value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);

/** Leaf values by dotted path; arrays are leaves. */
function flatten(object: JsonObject, prefix: string, into: Map<string, JsonValue>): Map<string, JsonValue> {
  for (const [key, value] of Object.entries(object)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isObject(value) && Object.keys(value).length > 0) flatten(value, path, into);
    else into.set(path, value);
  }
  return into;
}

const same = (a: JsonValue | undefined, b: JsonValue | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && JSON.stringify(a) === JSON.stringify(b));

const union = <K>(a: Iterable<K>, b: Iterable<K>): K[] => [...new Set([...a, ...b])];

const RELATIONSHIP_FIELDS: Array<keyof RelationshipValues> = [
  'relationshipType',
  'description',
  'affinity',
  'powerBalance',
  'trustLevel',
  'communicationStyle',
  'pastInteractions',
  'currentGoalAlignment',
  'dependenceLevel',
];

function diffCharacter(characterId: string, a: CharacterState, b: CharacterState, out: Difference[]): void {
  const push = (
    area: Difference['area'],
    subjectId: string | null,
    field: string,
    value: JsonValue | undefined,
    against: JsonValue | undefined,
  ) => {
    if (!same(value, against)) out.push({ characterId, area, subjectId, field, value: value ?? null, against: against ?? null });
  };
  if (a.attributes !== b.attributes) {
    const left = flatten(a.attributes, '', new Map());
    const right = flatten(b.attributes, '', new Map());
    for (const path of union(left.keys(), right.keys())) push('attribute', null, path, left.get(path), right.get(path));
  }
  for (const itemId of union(a.inventory.keys(), b.inventory.keys())) {
    const left: Holding | undefined = a.inventory.get(itemId);
    const right: Holding | undefined = b.inventory.get(itemId);
    if (left === right) continue;
    push('inventory', itemId, 'quantity', left?.quantity ?? 0, right?.quantity ?? 0);
    push('inventory', itemId, 'equipped', left?.equipped ?? false, right?.equipped ?? false);
  }
  for (const targetId of union(a.relationships.keys(), b.relationships.keys())) {
    const left = a.relationships.get(targetId);
    const right = b.relationships.get(targetId);
    if (left === right) continue;
    if (!left || !right) {
      push('relationship', targetId, 'exists', left !== undefined, right !== undefined);
      continue;
    }
    for (const field of RELATIONSHIP_FIELDS) push('relationship', targetId, field, left[field], right[field]);
  }
}

/** Where a diff reads one side's characters: a state, or a state with a fallback for characters it does not hold. */
export interface CharacterLookup {
  get: (characterId: string) => CharacterState | undefined;
}

/**
 * The differences between two states, character by character.
 * @param ids the characters to compare, in the order the differences are listed; a character absent from both
 *   sides is skipped, one present on one side only differs in `exists`.
 * @returns one entry per differing field; none when the states agree.
 */
export function diffStates(a: CharacterLookup, b: CharacterLookup, ids: Iterable<string>): Difference[] {
  const out: Difference[] = [];
  for (const id of ids) {
    const left = a.get(id);
    const right = b.get(id);
    if (left === right) continue;
    if (!left || !right) {
      out.push({
        characterId: id,
        area: 'character',
        subjectId: null,
        field: 'exists',
        value: left !== undefined,
        against: right !== undefined,
      });
      continue;
    }
    diffCharacter(id, left, right, out);
  }
  return out;
}
