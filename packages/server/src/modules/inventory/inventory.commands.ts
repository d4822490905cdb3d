/** Adding and changing a character's inventory entries (SPEC §5 Inventory). */
import type { z } from 'zod';
import type { InventoryCreateSchema, InventoryUpdateSchema } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { CharacterTable } from '../../db/tables/character.table.js';
import { invalidField, notFound } from '../../errors/app-error.js';
import { toJsonText } from '../../lib/json.js';
import { accessColumns } from '../worlds/access-fields.js';
import { saveGmNotesMentions } from '../mentions/rich-text.write.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';
import {
  type InventoryRow,
  findInventoryEntry,
  insertInventoryEntry,
  newInventoryRow,
  isItemInWorld,
  updateInventoryRow,
} from './inventory.repository.js';

/** A validated POST body. */
export type InventoryCreateInput = z.output<typeof InventoryCreateSchema>;
/** A validated PUT body. */
export type InventoryUpdateInput = z.output<typeof InventoryUpdateSchema>;

async function reload(db: Db, scope: WorldScope, characterId: string, inventoryItemId: string): Promise<InventoryRow> {
  const row = await findInventoryEntry(db, scope, characterId, inventoryItemId);
  if (!row) throw notFound('Inventory item');
  return row;
}

/**
 * Adds a new entry of an item of the character's world. Holding the same item twice gives two entries:
 * instances may differ by notes, attributes and equipped.
 * @returns the new entry with its item's name.
 * @throws AppError 403 for a player or viewer; 400 naming itemId when the item is not of this world.
 */
export async function addInventoryEntry(
  trx: Db,
  scope: WorldScope,
  character: CharacterTable,
  input: InventoryCreateInput,
): Promise<InventoryRow> {
  requireEditor(scope);
  if (!(await isItemInWorld(trx, scope, character.world_id, input.itemId))) {
    throw invalidField('itemId', 'Item must be an item of this world.');
  }
  const row = newInventoryRow(character.world_id, character.id, input.itemId, input, await accessColumns(trx, scope, input));
  await insertInventoryEntry(trx, row);
  await saveGmNotesMentions(trx, scope, 'inventoryItem', row.id);
  return reload(trx, scope, character.id, row.id);
}

/**
 * Replaces an entry's quantity, equipped, notes and attributes (its item never changes).
 * @returns the updated entry.
 * @throws AppError 403 for a player or viewer.
 */
export async function updateInventoryEntry(
  trx: Db,
  scope: WorldScope,
  entry: InventoryRow,
  input: InventoryUpdateInput,
): Promise<InventoryRow> {
  requireEditor(scope);
  await updateInventoryRow(trx, entry.id, {
    quantity: input.quantity,
    equipped: input.equipped ? 1 : 0,
    notes: input.notes,
    attributes: toJsonText(input.attributes) ?? '{}',
    ...(await accessColumns(trx, scope, input, entry)),
  });
  await saveGmNotesMentions(trx, scope, 'inventoryItem', entry.id);
  return reload(trx, scope, entry.character_id, entry.id);
}
