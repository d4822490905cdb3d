/** Queries on `inventory_item`: a character's holdings of the world's items (SPEC §3 Inventory entry). */
import type { SlotFilter } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { InventoryItemTable } from '../../db/tables/item.table.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import { newId } from '../../lib/ids.js';
import { toJsonText } from '../../lib/json.js';
import { compiledShape } from '../../lib/compiled-query.js';
import { nowIso } from '../../lib/time.js';
import { whereVisible } from '../../access/visibility.js';
import { type ReadScope, type WorldScope, readerClass, readerOf } from '../../access/world-scope.js';
import { characterReadable } from '../characters/character.repository.js';

/** An inventory row with its item's name. */
export type InventoryRow = InventoryItemTable & { item_name: string };

/** The columns an update writes (the item itself never changes). */
export type InventoryChanges = Pick<InventoryItemTable, 'quantity' | 'equipped' | 'notes' | 'attributes'> & AccessColumns;

/** A character's entries that the reader may see (a secret entry, or one of a secret item, is left out). */
const selectInventory = (db: Db, scope: ReadScope, characterId: string) =>
  whereVisible(
    db
      .selectFrom('inventory_item')
      .innerJoin('item', 'item.id', 'inventory_item.item_id')
      .selectAll('inventory_item')
      .select('item.name as item_name')
      .where('inventory_item.character_id', '=', characterId),
    scope,
    'inventory_item',
  );

/** Finds one of a character's inventory entries the reader may see, or undefined. */
export async function findInventoryEntry(
  db: Db,
  scope: ReadScope,
  characterId: string,
  inventoryItemId: string,
): Promise<InventoryRow | undefined> {
  // Compiled once per reader class (lib/compiled-query.ts), as the character it hangs from is.
  const [row] = await compiledShape(
    db,
    `inventory-entry:${readerClass(scope)}`,
    [inventoryItemId, characterId, scope.viewer.userId],
    (values) => {
      const [id, character, viewer] = values as [string, string, string];
      return selectInventory(db, readerOf(scope, viewer), character).where('inventory_item.id', '=', id);
    },
  );
  return row;
}

/**
 * Lists a character's inventory with a slot filter, search (item name, notes), sort and paging; its common pages
 * run as SQL compiled once per reader class, slot filter and shape (lib/list ListShape). The character is checked
 * in the same statement (characterReadable): a character of another world, missing or hidden from the reader has
 * no rows, so a caller answering 404 for such a character looks it up only when the page is empty.
 * @param slotFilter 'all', 'equipped' or 'unequipped' (SPEC §7 Inventory).
 */
export function listInventory(
  db: Db,
  scope: WorldScope,
  characterId: string,
  slotFilter: SlotFilter,
  params: ListParams,
): Promise<ListResult<InventoryRow>> {
  return paginate<'inventory_item' | 'item', InventoryRow>({
    shape: {
      db,
      key: `inventory:${readerClass(scope)}:${slotFilter}`,
      args: [characterId, scope.world.id, scope.viewer.userId],
      build: (built, [character = '', world = '', viewer = '']) => {
        const reader = readerOf(scope, viewer);
        const entries = selectInventory(built, reader, character).where(characterReadable(built, reader, character, world));
        return slotFilter === 'all' ? entries : entries.where('inventory_item.equipped', '=', slotFilter === 'equipped' ? 1 : 0);
      },
    },
    sortColumns: {
      ...timestampSortColumns('inventory_item'),
      quantity: { column: 'inventory_item.quantity', key: 'quantity', numeric: true },
    },
    idColumn: 'inventory_item.id',
    searchColumns: ['item.name', 'inventory_item.notes'],
    params,
  });
}

/** Whether an item of the world that the reader may see has this id. */
export async function isItemInWorld(db: Db, scope: ReadScope, worldId: string, itemId: string): Promise<boolean> {
  const query = db.selectFrom('item').select('item.id').where('item.id', '=', itemId).where('item.world_id', '=', worldId);
  return (await whereVisible(query, scope, 'item').executeTakeFirst()) !== undefined;
}

/** Inserts an inventory row. */
export async function insertInventoryEntry(db: Db, row: InventoryItemTable): Promise<void> {
  await db.insertInto('inventory_item').values(row).execute();
}

/** The fields a new inventory entry (or item instance) takes from its request. */
export interface NewInventoryFields {
  quantity: number;
  equipped: boolean;
  notes: string | null;
  attributes: Record<string, unknown>;
}

/**
 * Builds a new `inventory_item` row: a character's holding of an item, stamped now, with a new id and the
 * writer's access columns.
 * Used by the inventory routes and by giving an item instance, so both write the same row.
 */
export function newInventoryRow(
  worldId: string,
  characterId: string,
  itemId: string,
  fields: NewInventoryFields,
  access: AccessColumns,
): InventoryItemTable {
  const now = nowIso();
  return {
    ...access,
    id: newId(),
    world_id: worldId,
    character_id: characterId,
    item_id: itemId,
    quantity: fields.quantity,
    equipped: fields.equipped ? 1 : 0,
    notes: fields.notes,
    attributes: toJsonText(fields.attributes) ?? '{}',
    created_at: now,
    updated_at: now,
  };
}

/** Writes an entry's quantity, equipped, notes and attributes and bumps updated_at. */
export async function updateInventoryRow(db: Db, inventoryItemId: string, changes: InventoryChanges): Promise<void> {
  await db
    .updateTable('inventory_item')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', inventoryItemId)
    .execute();
}

/** Deletes one inventory entry. */
export async function deleteInventoryRow(db: Db, inventoryItemId: string): Promise<void> {
  await db.deleteFrom('inventory_item').where('id', '=', inventoryItemId).execute();
}
