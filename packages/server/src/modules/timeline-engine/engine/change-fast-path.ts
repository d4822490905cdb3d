/**
 * Fast readers for the two most common change entries (attribute and inventory). Replaying a large timeline parses
 * tens of thousands of entries, and the contract's zod schemas are the slowest step of a cold replay. Each reader
 * accepts only entries that are plainly valid and answers exactly what the schema would; anything else (including
 * every invalid entry) answers undefined and goes through the schema, which also words the problems.
 * timeline-engine.property.test.ts checks that they never disagree with the schemas.
 */
import { type AttributeChange, type InventoryChange, LIMITS } from '@loreforge/contract';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PATH = /^[^.\s][^.]*(\.[^.\s][^.]*)*$/;
const MAX_PATH = 200;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);
const isPath = (value: unknown): value is string => typeof value === 'string' && value.length <= MAX_PATH && PATH.test(value);

/** An attribute change when plainly valid, else undefined (read it with the schema). */
export function readAttributeChangeFast(entry: unknown): AttributeChange | undefined {
  if (!isRecord(entry) || !isUuid(entry.characterId) || !isPath(entry.path)) return undefined;
  const { characterId, path } = entry;
  switch (entry.op) {
    case 'set': {
      const value = entry.value;
      // Only scalars: the schema's JSON check of nested values is left to it.
      if (
        value === null ||
        typeof value === 'string' ||
        typeof value === 'boolean' ||
        (typeof value === 'number' && Number.isFinite(value))
      ) {
        return { op: 'set', characterId, path, value };
      }
      return undefined;
    }
    case 'unset':
      return { op: 'unset', characterId, path };
    case 'increment':
      return typeof entry.by === 'number' && Number.isFinite(entry.by) ? { op: 'increment', characterId, path, by: entry.by } : undefined;
    default:
      return undefined;
  }
}

/** An inventory change when plainly valid, else undefined (read it with the schema). */
export function readInventoryChangeFast(entry: unknown): InventoryChange | undefined {
  if (!isRecord(entry) || !isUuid(entry.characterId) || !isUuid(entry.itemId)) return undefined;
  const { quantity, equipped } = entry;
  if (quantity !== undefined && !(Number.isInteger(quantity) && Math.abs(quantity as number) <= LIMITS.quantityMax)) return undefined;
  if (equipped !== undefined && typeof equipped !== 'boolean') return undefined;
  const amount = (quantity as number | undefined) ?? 0;
  if (amount === 0 && equipped === undefined) return undefined;
  return equipped === undefined
    ? { characterId: entry.characterId, itemId: entry.itemId, quantity: amount }
    : { characterId: entry.characterId, itemId: entry.itemId, quantity: amount, equipped };
}
