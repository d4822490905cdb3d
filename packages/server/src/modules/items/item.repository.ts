/** Queries on `item` (SPEC §3 Item, §7 Items). Every function takes `db` first so it runs inside a transaction too. */
import type { Db } from '../../db/database.js';
import type { ItemTable } from '../../db/tables/item.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns, worldListCache } from '../../lib/list.js';

/** The writable fields of an item, as stored (JSON fields already serialised). */
export type ItemChanges = Pick<ItemTable, 'name' | 'description' | 'properties' | 'attributes' | 'updated_at'>;

/**
 * Finds an item of a world.
 * @returns the row, or undefined when it does not exist in that world.
 */
export function findItem(db: Db, worldId: string, itemId: string): Promise<ItemTable | undefined> {
  return db.selectFrom('item').selectAll().where('id', '=', itemId).where('world_id', '=', worldId).executeTakeFirst();
}

/**
 * Lists a world's items with search (name, description), sort and paging.
 * @param knownTotal the world's kept item_count, so an unsearched list never counts rows.
 * @param contentVersion the world's content_version read with it; searches and deep pages are then cached.
 */
export function listItems(db: Db, worldId: string, params: ListParams, knownTotal: number, contentVersion?: number): Promise<ListResult<ItemTable>> {
  return paginate({
    query: db.selectFrom('item').selectAll().where('world_id', '=', worldId),
    sortColumns: {
      ...timestampSortColumns('item'),
      name: { column: 'item.name', key: 'name' },
    },
    idColumn: 'item.id',
    searchColumns: ['item.name', 'item.description'],
    fullText: { db, table: 'item', scopeRows: knownTotal },
    knownTotal,
    cache: worldListCache(db, worldId, contentVersion),
    params,
  });
}

/** Inserts an item row. */
export async function insertItem(db: Db, item: ItemTable): Promise<void> {
  await db.insertInto('item').values(item).execute();
}

/**
 * Replaces an item's writable fields.
 * @returns the updated row, or undefined when it is not in that world.
 */
export async function updateItem(db: Db, worldId: string, itemId: string, changes: ItemChanges): Promise<ItemTable | undefined> {
  await db.updateTable('item').set(changes).where('id', '=', itemId).where('world_id', '=', worldId).execute();
  return findItem(db, worldId, itemId);
}

/** Deletes an item; its inventory entries (instances) go with it through ON DELETE CASCADE. */
export async function deleteItemRow(db: Db, itemId: string): Promise<boolean> {
  const result = await db.deleteFrom('item').where('id', '=', itemId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
