/** Item and item instance calls and hooks (SPEC §7 Items). */
import { itemInstancesResource, itemsResource } from './registry';
import { useResourceItem, useResourceLookup } from './resource';

export { itemInstancesResource, itemsResource };

/** A world's items for a select (up to 1000). */
export function useItemLookup(worldId: string) {
  return useResourceLookup(itemsResource(worldId));
}

/** One item; disabled while `itemId` is undefined. */
export function useItem(worldId: string, itemId: string | undefined) {
  return useResourceItem(itemsResource(worldId), itemId);
}
