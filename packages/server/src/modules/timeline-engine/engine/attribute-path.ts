/**
 * Reads and writes a character's attributes by dotted path ('magic.mana'). Own properties only, and keys are
 * defined rather than assigned, so a path such as '__proto__.x' is just an odd attribute name, never a prototype.
 */
import type { JsonObject, JsonValue } from './types.js';

const isObject = (value: JsonValue | undefined): value is JsonObject =>
  value !== null && value !== undefined && typeof value === 'object' && !Array.isArray(value);

function ownValue(object: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

function defineValue(object: JsonObject, key: string, value: JsonValue): void {
  // Only '__proto__' needs defining; plain assignment is much faster for every other key.
  if (key === '__proto__') Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
  else object[key] = value;
}

/**
 * The value at a dotted path.
 * @returns the value, or undefined when the path is absent or crosses a non-object.
 */
export function readAttribute(attributes: JsonObject, path: string): JsonValue | undefined {
  let current: JsonValue | undefined = attributes;
  for (const key of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = ownValue(current, key);
  }
  return current;
}

/**
 * Sets the value at a dotted path, creating missing objects on the way.
 * @returns false (and changes nothing) when the path crosses a value that is not an object.
 */
export function writeAttribute(attributes: JsonObject, path: string, value: JsonValue): boolean {
  const keys = path.split('.');
  const last = keys.pop();
  if (last === undefined) return false;
  let current: JsonObject = attributes;
  for (const key of keys) {
    const next = ownValue(current, key);
    if (next === undefined) {
      const created: JsonObject = {};
      defineValue(current, key, created);
      current = created;
    } else if (isObject(next)) {
      current = next;
    } else {
      return false;
    }
  }
  defineValue(current, last, value);
  return true;
}

/**
 * Removes the value at a dotted path (nothing to do when it is absent).
 * @returns whether something was removed.
 */
export function removeAttribute(attributes: JsonObject, path: string): boolean {
  const keys = path.split('.');
  const last = keys.pop();
  if (last === undefined) return false;
  let current: JsonValue | undefined = attributes;
  for (const key of keys) {
    if (!isObject(current)) return false;
    current = ownValue(current, key);
  }
  if (!isObject(current) || !Object.hasOwn(current, last)) return false;
  Reflect.deleteProperty(current, last);
  return true;
}

/**
 * A deep copy of a JSON value. Hand-written because replays copy attributes often and structuredClone is several
 * times slower on small objects; keys are defined, never assigned, for the same reason as above.
 */
export function copyJson<T extends JsonValue>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((element) => copyJson(element)) as T;
  const copy: JsonObject = {};
  for (const key of Object.keys(value)) {
    const element = value[key];
    if (element !== undefined) defineValue(copy, key, copyJson(element));
  }
  return copy as T;
}
