/** Inventory calls and hooks (SPEC §7 Inventory): the items a character carries. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InventoryEntry, InventoryUpdateInput, SlotFilter } from '@loreforge/contract';
import { api } from './client';
import { inventoryResource } from './registry';
import { loadedVersion } from './resource';
import { listQuery, toListResult, type ListParams, type ListResult } from './list';
import type { QueryKey } from '@tanstack/react-query';

export { inventoryResource };

/** A list source (for GenericList) of one character's inventory with the equipped filter. */
export interface InventorySource {
  listKey: (params: ListParams) => QueryKey;
  list: (params: ListParams, signal?: AbortSignal) => Promise<ListResult<InventoryEntry>>;
}

/**
 * The inventory list narrowed by slot: `slotFilter` all, equipped or unequipped is sent with the list query.
 * The query key extends the collection's own, so every inventory write refreshes it.
 * @param worldId the world; @param characterId the owner; @param slotFilter which entries to list.
 */
export function inventorySource(worldId: string, characterId: string, slotFilter: SlotFilter): InventorySource {
  const resource = inventoryResource(worldId, characterId);
  return {
    listKey: (params) => [...resource.listKey(params), slotFilter],
    list: async (params, signal) =>
      toListResult<InventoryEntry>(await api.get<unknown>(resource.path, { query: { ...listQuery(params), slotFilter }, signal })),
  };
}

/**
 * A quantity as the API may send it: a number, or an object with a `low` part (SPEC §3 Item instance).
 * @returns the whole number, or 0 when unreadable.
 */
export function readQuantity(value: unknown): number {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'object' && value !== null && 'low' in value) {
    const low = value.low;
    if (typeof low === 'number' && Number.isFinite(low)) return low;
  }
  return 0;
}

/**
 * Updates one inventory entry (PUT .../inventory/{inventoryItemId} with quantity, equipped and notes, SPEC §7).
 * Also used for an item instance, which is the same entry seen from its item. Refreshes the world's queries.
 * @param worldId the world. The mutation takes the owner's characterId, the entry id and the input.
 */
export function useUpdateInventoryEntry(worldId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      characterId,
      id,
      input,
      version,
    }: {
      characterId: string;
      id: string;
      input: InventoryUpdateInput;
      version?: string;
    }) => {
      const resource = inventoryResource(worldId, characterId);
      // The version loaded goes in If-Match, so a change made meanwhile is refused with 409, not overwritten.
      return api.put<InventoryEntry>(`${resource.path}/${encodeURIComponent(id)}`, input, {
        version: version ?? loadedVersion(queryClient, resource, id),
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['worlds', worldId] }),
  });
}
