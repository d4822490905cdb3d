/** Item and item instance calls and hooks (SPEC §7 Items). */
import { itemInstancesResource, itemsResource } from './collections';
import type { ListParams } from './list';
import { useResourceItem, useResourceList } from './resource';

export { itemInstancesResource, itemsResource };

/** Items fetched for the inventory form's select: limit 1000, by name (SPEC §9 lookups). */
export const ITEM_LOOKUP_PARAMS: ListParams = { page: 1, limit: 1000, sortBy: 'name', sortOrder: 'asc' };

/** A world's items for a select (up to 1000). */
export function useItemLookup(worldId: string) {
  return useResourceList(itemsResource(worldId), ITEM_LOOKUP_PARAMS);
}

/** One item; disabled while `itemId` is undefined. */
export function useItem(worldId: string, itemId: string | undefined) {
  return useResourceItem(itemsResource(worldId), itemId);
}
