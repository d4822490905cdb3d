/**
 * Write-time validation of an event's three change fields (issue 5 "validated on write with clear 400 messages that
 * name the entry and field at fault; ids they reference must exist in the same world"). Values in the old free form
 * (anything without `version`) are accepted as they are: the engine reports them instead of applying them.
 */
import {
  AttributeChangesDocumentSchema,
  LIMITS,
  InventoryChangesDocumentSchema,
  RelationshipChangesDocumentSchema,
} from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../errors/app-error.js';
import { formatChangePath, isVersionedValue } from './engine/change-parse.js';
import type { ChangeField } from './engine/types.js';
import { countWorldChanges, findExistingIds } from './timeline-engine.repository.js';

/** The messages of the id rules, by what is missing. */
const CHANGE_RULE_MESSAGES = {
  noCharacter: 'No character with that id in this world.',
  noItem: 'No item with that id in this world.',
  selfRelationship: 'A character cannot have a relationship with itself.',
} as const;

/** An event body's change fields. */
export interface EventChangeFields {
  characterAttributeChanges: unknown;
  inventoryChanges: unknown;
  relationshipChanges: unknown;
}

interface Reference {
  path: string;
  id: string;
}

/** Problems of the format, and the references to check, of one event body. */
function inspect(input: EventChangeFields): { fields: Record<string, string>; characters: Reference[]; items: Reference[] } {
  const fields: Record<string, string> = {};
  const characters: Reference[] = [];
  const items: Reference[] = [];
  const addProblems = (field: ChangeField, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>) => {
    for (const issue of issues) {
      const path = formatChangePath(field, issue.path);
      fields[path] ??= issue.message;
    }
  };
  const at = (field: ChangeField, index: number, key: string) => formatChangePath(field, ['changes', index, key]);

  if (isVersionedValue(input.characterAttributeChanges)) {
    const result = AttributeChangesDocumentSchema.safeParse(input.characterAttributeChanges);
    if (!result.success) addProblems('characterAttributeChanges', result.error.issues);
    else
      result.data.changes.forEach((change, i) =>
        characters.push({ path: at('characterAttributeChanges', i, 'characterId'), id: change.characterId }),
      );
  }
  if (isVersionedValue(input.inventoryChanges)) {
    const result = InventoryChangesDocumentSchema.safeParse(input.inventoryChanges);
    if (!result.success) addProblems('inventoryChanges', result.error.issues);
    else {
      result.data.changes.forEach((change, i) => {
        characters.push({ path: at('inventoryChanges', i, 'characterId'), id: change.characterId });
        items.push({ path: at('inventoryChanges', i, 'itemId'), id: change.itemId });
      });
    }
  }
  if (isVersionedValue(input.relationshipChanges)) {
    const result = RelationshipChangesDocumentSchema.safeParse(input.relationshipChanges);
    if (!result.success) addProblems('relationshipChanges', result.error.issues);
    else {
      result.data.changes.forEach((change, i) => {
        characters.push({ path: at('relationshipChanges', i, 'characterId'), id: change.characterId });
        characters.push({ path: at('relationshipChanges', i, 'targetCharacterId'), id: change.targetCharacterId });
        if (change.characterId === change.targetCharacterId) {
          fields[at('relationshipChanges', i, 'targetCharacterId')] = CHANGE_RULE_MESSAGES.selfRelationship;
        }
      });
    }
  }
  return { fields, characters, items };
}

/** Versioned change entries of an event body, all three fields together. */
function countChangeEntries(input: EventChangeFields): number {
  return [input.characterAttributeChanges, input.inventoryChanges, input.relationshipChanges].reduce<number>((total, value) => {
    if (!isVersionedValue(value)) return total;
    const changes = (value as { changes?: unknown }).changes;
    return total + (Array.isArray(changes) ? changes.length : 0);
  }, 0);
}

/** The 400 of a world whose events would hold more change entries than LIMITS.worldChangesMax. */
export const worldChangesMessage = (held: number): string =>
  `This world's events already hold ${held} changes; together they may hold at most ${LIMITS.worldChangesMax}. ` +
  'Remove changes from other events, or split the story into another world.';

/**
 * Refuses an event whose change entries would take the world past LIMITS.worldChangesMax.
 * @param adding the event's versioned entries; @param replacingEventId the event replaced (its stored entries
 *   do not count), or undefined for a new one.
 * @throws AppError 400 VALIDATION_FAILED naming the limit, when there is no room.
 */
async function assertWorldChangeRoom(db: Db, worldId: string, adding: number, replacingEventId: string | undefined): Promise<void> {
  const held = await countWorldChanges(db, worldId, replacingEventId);
  if (held + adding <= LIMITS.worldChangesMax) return;
  throw badRequest(worldChangesMessage(held), { changes: worldChangesMessage(held) });
}

/**
 * Checks an event body's change fields: versioned values must follow the contract's format and name characters and
 * items of this world, and the world's events together may hold at most LIMITS.worldChangesMax entries; free-form
 * values pass.
 * @param replacingEventId on an update, the event replaced (its stored entries make room).
 * @throws AppError 400 VALIDATION_FAILED whose message names the first entry and field at fault
 *   ('inventoryChanges.changes[2].itemId: No item with that id in this world.'), with every problem in `fields`;
 *   or naming the world's limit of changes.
 */
export async function assertEventChanges(db: Db, worldId: string, input: EventChangeFields, replacingEventId?: string): Promise<void> {
  const { fields, characters, items } = inspect(input);
  const [foundCharacters, foundItems] = await Promise.all([
    findExistingIds(db, worldId, 'character', [...new Set(characters.map((ref) => ref.id))]),
    findExistingIds(db, worldId, 'item', [...new Set(items.map((ref) => ref.id))]),
  ]);
  for (const ref of characters) if (!foundCharacters.has(ref.id)) fields[ref.path] ??= CHANGE_RULE_MESSAGES.noCharacter;
  for (const ref of items) if (!foundItems.has(ref.id)) fields[ref.path] ??= CHANGE_RULE_MESSAGES.noItem;
  const entries = Object.entries(fields);
  const first = entries[0];
  if (first === undefined) {
    const adding = countChangeEntries(input);
    if (adding > 0) await assertWorldChangeRoom(db, worldId, adding, replacingEventId);
    return;
  }
  const more = entries.length > 1 ? ` (and ${entries.length - 1} more)` : '';
  throw badRequest(`${first[0]}: ${first[1]}${more}`, fields);
}
