/** Queries on `item` (SPEC §3 Item, §7 Items). Every function takes `db` first so it runs inside a transaction too. */
import type { Db } from '../../db/database.js';
import type { ItemTable } from '../../db/tables/item.table.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns, worldListCache } from '../../lib/list/index.js';
import { findInWorld } from '../../lib/compiled-query.js';
import { whereVisible } from '../../access/visibility.js';
import { type ReadScope, type WorldScope, readerClass, readerOf } from '../../access/world-scope.js';

/** The writable fields of an item, as stored (JSON fields already serialised). */
export type ItemChanges = Pick<ItemTable, 'name' | 'description' | 'description_html' | 'properties' | 'attributes' | 'updated_at'> &
  AccessColumns;

/**
 * Finds an item of a world that the reader may see.
 * @returns the row, or undefined when it does not exist in that world or is hidden from the reader.
 */
export function findItem(db: Db, scope: ReadScope & { world: { id: string } }, itemId: string): Promise<ItemTable | undefined> {
  const ids = { id: itemId, worldId: scope.world.id, viewerId: scope.viewer.userId };
  return findInWorld(db, 'item', readerClass(scope), ids, (query, viewer) => whereVisible(query, readerOf(scope, viewer), 'item'));
}

/**
 * Lists the items of the scope's world its reader may see, with search (name, description), sort and paging.
 * Editors' totals come from the world's kept item_count; anyone else's are counted.
 */
export function listItems(db: Db, scope: WorldScope, params: ListParams): Promise<ListResult<ItemTable>> {
  const worldId = scope.world.id;
  const knownTotal = scope.seesSecrets ? Number(scope.world.item_count) : undefined;
  const contentVersion = scope.world.content_version;
  return paginate<'item', ItemTable>({
    shape: {
      db,
      key: `items:${readerClass(scope)}`,
      args: [worldId, scope.viewer.userId],
      build: (built, [world = '', viewer = '']) =>
        whereVisible(built.selectFrom('item').selectAll('item').where('item.world_id', '=', world), readerOf(scope, viewer), 'item'),
    },
    sortColumns: {
      ...timestampSortColumns('item'),
      name: { column: 'item.name', key: 'name' },
    },
    idColumn: 'item.id',
    searchColumns: ['item.name', 'item.description'],
    // The world's count bounds every reader's scope (a player's visible rows are some of them), so a player's
    // search of a small world scans it with LIKE as an editor's does, not the index of every world's rows.
    fullText: { db, table: 'item', scopeRows: Number(scope.world.item_count) },
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
 * @returns the updated row as the writer sees it, or undefined when it is not in that world.
 */
export async function updateItem(db: Db, scope: WorldScope, itemId: string, changes: ItemChanges): Promise<ItemTable | undefined> {
  await db.updateTable('item').set(changes).where('id', '=', itemId).where('world_id', '=', scope.world.id).execute();
  return findItem(db, scope, itemId);
}

/** Deletes an item; its inventory entries (instances) go with it through ON DELETE CASCADE. */
export async function deleteItemRow(db: Db, itemId: string): Promise<boolean> {
  const result = await db.deleteFrom('item').where('id', '=', itemId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
