/**
 * The characters a player plays in a world (issue 11: a player accepts quests for them, records progress on the
 * quests they hold, and edits them). Empty for anyone who is not a player, and while loading.
 */
import type { Character } from '@loreforge/contract';
import { charactersResource } from '../api/characters';
import { useResourceLookup } from '../api/resource';
import { useWorldAccess } from './useWorldAccess';

/** The answer of {@link usePlayerCharacters}. */
export interface PlayerCharacters {
  /** Characters assigned to the acting player, by name. */
  characters: Character[];
  /** Whether one of them holds the quest as active. */
  holdsQuest: (questId: string) => boolean;
}

/**
 * @param worldId the world.
 * @returns the acting player's characters (the viewed player's while an editor views the world as one).
 */
export function usePlayerCharacters(worldId: string): PlayerCharacters {
  const access = useWorldAccess(worldId);
  const isPlayer = access.role === 'player' && Boolean(access.actingUserId);
  const query = useResourceLookup(charactersResource(worldId), isPlayer);
  const characters = isPlayer ? (query.data?.data ?? []).filter((character) => character.assignedTo === access.actingUserId) : [];
  return {
    characters,
    holdsQuest: (questId) => characters.some((character) => character.activeQuests.includes(questId)),
  };
}
