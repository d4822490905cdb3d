/** Relationship calls and hooks (SPEC §7 Relationships): a character's relationships to other characters. */
import { relationshipsResource } from './registry';
import { useResourceItem, useResourceMutations } from './resource';

export { relationshipsResource };

/** One relationship of a character; disabled while `relationshipId` is undefined. */
export function useRelationship(worldId: string, characterId: string, relationshipId: string | undefined) {
  return useResourceItem(relationshipsResource(worldId, characterId), relationshipId);
}

/** Create, update and delete mutations of a character's relationships (each refreshes the world's queries). */
export function useRelationshipMutations(worldId: string, characterId: string) {
  return useResourceMutations(relationshipsResource(worldId, characterId));
}
