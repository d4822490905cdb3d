/** Character hooks (SPEC §7 Characters) on the registry's `charactersResource`. */
import { charactersResource } from './registry';
import { useResourceItem, useResourceList, useResourceMutations } from './resource';
import type { ListParams } from './list';

export { charactersResource };

/** One page of a world's characters; disabled while `worldId` is undefined. */
export function useCharacters(worldId: string | undefined, params: ListParams) {
  return useResourceList(charactersResource(worldId ?? ''), params, Boolean(worldId));
}

/** One character. */
export function useCharacter(worldId: string, characterId: string | undefined) {
  return useResourceItem(charactersResource(worldId), characterId);
}

/** Create, update and delete mutations for a world's characters. */
export function useCharacterMutations(worldId: string) {
  return useResourceMutations(charactersResource(worldId));
}
