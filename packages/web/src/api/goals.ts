/**
 * Goal calls and hooks (SPEC §7 Goals). A goal belongs either to a character
 * (`/worlds/{w}/characters/{c}/goals`) or to the world itself (`/worlds/{w}/goals`).
 */
import type { Goal, GoalCreateInput } from '@loreforge/contract';
import { characterGoalsResource, goalsResource } from './registry';
import type { Resource } from './resource';

export { characterGoalsResource, goalsResource };

/** The collection a goal screen works on. */
export type GoalResource = Resource<Goal, GoalCreateInput>;

/**
 * Picks the goals collection for a screen.
 * @param worldId the world; @param characterId the character, or undefined for the world's own goals.
 * @returns the character's goals collection when a character is given, else the world's.
 */
export function goalsResourceFor(worldId: string, characterId?: string): GoalResource {
  return characterId ? characterGoalsResource(worldId, characterId) : goalsResource(worldId);
}
