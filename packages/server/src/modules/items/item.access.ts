/** The item lookup of the item and item-instance routes. */
import type { Db } from '../../db/database.js';
import type { ItemTable } from '../../db/tables/item.table.js';
import { notFound } from '../../errors/app-error.js';
import type { WorldScope } from '../../access/world-scope.js';
import { findItem } from './item.repository.js';

/**
 * Loads an item of the scope's world that its reader may see.
 * @throws AppError 404 'Item not found.' when missing, in another world or a secret hidden from the reader.
 */
export async function requireItem(db: Db, scope: WorldScope, itemId: string): Promise<ItemTable> {
  const item = await findItem(db, scope, itemId);
  if (!item) throw notFound('Item');
  return item;
}
