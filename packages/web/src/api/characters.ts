/** Character hooks (SPEC §7 Characters) on the registry's `charactersResource`. */
import { charactersResource } from './registry';
import { useResourceItem, useResourceMutations } from './resource';

export { charactersResource };

/** One character. */
export function useCharacter(worldId: string, characterId: string | undefined) {
  return useResourceItem(charactersResource(worldId), characterId);
}

/** Create, update and delete mutations for a world's characters. */
export function useCharacterMutations(worldId: string) {
  return useResourceMutations(charactersResource(worldId));
}
