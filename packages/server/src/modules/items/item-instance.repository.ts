/**
 * Queries for item instances: the inventory entries (`inventory_item`) that hold an item, seen from the item,
 * each with its owning character's name (issue 2 API decision; SPEC §3 Item instance).
 */
import type { Db } from '../../db/database.js';
import type { InventoryItemTable } from '../../db/tables/item.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import { whereVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

/** An inventory entry joined with its owner's name. */
export interface ItemInstanceRow extends InventoryItemTable {
  owner_name: string;
}

/** Inventory entries with their owner's name, limited to those the reader may see (owner and item included). */
function selectInstances(db: Db, scope: ReadScope) {
  const query = db
    .selectFrom('inventory_item')
    .innerJoin('character', 'character.id', 'inventory_item.character_id')
    .selectAll('inventory_item')
    .select('character.name as owner_name');
  return whereVisible(query, scope, 'inventory_item');
}

/**
 * Lists the instances of one item with search (owner name, notes), sort (createdAt, updatedAt, quantity) and paging.
 */
export function listItemInstances(db: Db, scope: ReadScope, itemId: string, params: ListParams): Promise<ListResult<ItemInstanceRow>> {
  return paginate({
    query: selectInstances(db, scope).where('inventory_item.item_id', '=', itemId),
    sortColumns: {
      ...timestampSortColumns('inventory_item'),
      quantity: { column: 'inventory_item.quantity', key: 'quantity', numeric: true },
    },
    idColumn: 'inventory_item.id',
    searchColumns: ['character.name', 'inventory_item.notes'],
    params,
  });
}

/**
 * Finds one instance of an item.
 * @returns the entry with its owner's name, or undefined when that entry does not hold that item.
 */
export function findItemInstance(db: Db, scope: ReadScope, itemId: string, instanceId: string): Promise<ItemInstanceRow | undefined> {
  return selectInstances(db, scope)
    .where('inventory_item.id', '=', instanceId)
    .where('inventory_item.item_id', '=', itemId)
    .executeTakeFirst();
}

/**
 * Finds a character of a world, for giving it an instance.
 * @returns its id and name, or undefined when the world has no such character.
 */
export function findWorldCharacter(db: Db, worldId: string, characterId: string): Promise<{ id: string; name: string } | undefined> {
  return db.selectFrom('character').select(['id', 'name']).where('id', '=', characterId).where('world_id', '=', worldId).executeTakeFirst();
}
