/** World hooks (SPEC §7 Worlds) on the registry's `worldsResource`, and moving a character between worlds. */
import { useQueryClient, useMutation } from '@tanstack/react-query';
import { api } from './client';
import { worldsResource } from './registry';
import { useResourceItem, useResourceList, useResourceMutations } from './resource';
import type { ListParams } from './list';

export { worldsResource };

/** The signed-in user's worlds, one page (SPEC §2 home). */
export function useWorlds(params: ListParams) {
  return useResourceList(worldsResource, params);
}

/** One world with its counts; disabled while `worldId` is undefined. */
export function useWorld(worldId: string | undefined) {
  return useResourceItem(worldsResource, worldId);
}

/** Create, update and delete mutations of worlds; each refreshes every world query on success. */
export function useWorldMutations() {
  return useResourceMutations(worldsResource);
}

/**
 * Moves a character to another world (PATCH /characters/{characterId} with worldId, SPEC §7), sending the
 * loaded `version` (its updatedAt) as If-Match so a character someone else changed meanwhile is not moved (409).
 * Refreshes all world queries on success, since both worlds' counts change.
 */
export function useMoveCharacter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ characterId, worldId, version }: { characterId: string; worldId: string; version?: string }) =>
      api.patch<unknown>(`/characters/${encodeURIComponent(characterId)}`, { worldId }, { version }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: worldsResource.key }),
  });
}
