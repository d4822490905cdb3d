/** Character calls (SPEC §7 Characters), following the pattern of `worlds.ts`. */
import type { Character, CharacterCreateInput } from '@loreforge/contract';
import { createResource, useResourceItem, useResourceList, useResourceMutations } from './resource';
import type { ListParams } from './list';

/** The `/worlds/{worldId}/characters` collection. */
export const charactersResource = (worldId: string) =>
  createResource<Character, CharacterCreateInput>(`/worlds/${encodeURIComponent(worldId)}/characters`);

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
