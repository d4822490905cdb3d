/**
 * Item writes that touch more than one table (SPEC §7 Items): each runs in the transaction it is given, so the
 * world's kept item_count and the references stay exact.
 */
import type { z } from 'zod';
import { type ItemCreateSchema, type ItemInstanceCreateSchema, MESSAGES } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { ItemTable } from '../../db/tables/item.table.js';
import { invalidField, notFound } from '../../errors/app-error.js';
import { accessColumns } from '../worlds/access-fields.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';
import { newId } from '../../lib/ids.js';
import { toJsonText } from '../../lib/json.js';
import { removeReferencesTo } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import { type ItemInstanceRow, findItemInstance, findWorldCharacter } from './item-instance.repository.js';
import { insertInventoryEntry, newInventoryRow } from '../inventory/inventory.repository.js';
import { deleteItemRow, insertItem } from './item.repository.js';
import { prepareRichText, richTextRow, saveGmNotesMentions, saveMentions } from '../mentions/rich-text.write.js';

/** A validated item body (create and PUT). */
export type ItemInput = z.output<typeof ItemCreateSchema>;
/** A validated item-instance body. */
export type ItemInstanceInput = z.output<typeof ItemInstanceCreateSchema>;

/** Serialises an item body into the stored columns (properties and attributes as JSON text). */
export function itemColumns(input: ItemInput): Pick<ItemTable, 'name' | 'description' | 'properties' | 'attributes'> {
  return {
    name: input.name,
    description: input.description,
    properties: toJsonText(input.properties) ?? '{}',
    attributes: toJsonText(input.attributes) ?? '{}',
  };
}

/**
 * Creates an item in the scope's world (owner and editors; the database counts it in world.item_count).
 * @returns the stored row.
 * @throws AppError 403 for a player or viewer; 400 for a reveal to a non-player.
 */
export async function createItem(trx: Db, scope: WorldScope, input: ItemInput): Promise<ItemTable> {
  requireEditor(scope);
  const now = nowIso();
  const richText = await prepareRichText(trx, scope, input);
  const item: ItemTable = {
    id: newId(),
    world_id: scope.world.id,
    ...itemColumns(input),
    ...richTextRow(richText),
    ...(await accessColumns(trx, scope, input)),
    created_at: now,
    updated_at: now,
  };
  await insertItem(trx, item);
  await saveMentions(trx, scope, 'item', item.id, richText);
  return item;
}

/**
 * Deletes an item: its instances (inventory entries) cascade, connections to it are removed, map points linked
 * to it are unlinked, and the database lowers world.item_count.
 */
export async function deleteItem(trx: Db, item: ItemTable): Promise<void> {
  await removeReferencesTo(trx, 'item', item.id);
  await deleteItemRow(trx, item.id);
}

/**
 * Gives an instance of an item to a character of the same world (SPEC §5 'Please select a character.').
 * @returns the new inventory entry with its owner's name.
 * @throws AppError 403 for a player or viewer; 400 on characterId when the character is not in the item's world.
 */
export async function giveItemInstance(trx: Db, scope: WorldScope, item: ItemTable, input: ItemInstanceInput): Promise<ItemInstanceRow> {
  requireEditor(scope);
  const owner = await findWorldCharacter(trx, item.world_id, input.characterId);
  if (!owner) throw invalidField('characterId', MESSAGES.selectCharacter);
  const row = newInventoryRow(item.world_id, owner.id, item.id, input, await accessColumns(trx, scope, input));
  await insertInventoryEntry(trx, row);
  await saveGmNotesMentions(trx, scope, 'inventoryItem', row.id);
  const created = await findItemInstance(trx, scope, item.id, row.id);
  if (!created) throw notFound('Item instance');
  return created;
}
