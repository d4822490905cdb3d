import type { Db } from '../../db/database.js';
import type { GoalTable } from '../../db/tables/goal.table.js';
import { notFound } from '../../errors/app-error.js';
import { requireCharacter } from '../characters/character.access.js';
import { requireWorldAccess } from '../worlds/world.access.js';
import { type GoalScope, findGoal } from './goal.repository.js';

/**
 * Loads a goal within its scope (a world, or one character of it).
 * @returns the goal row.
 * @throws AppError 404 'Goal not found.' when it is missing or outside the scope.
 */
export async function requireGoal(db: Db, scope: GoalScope, goalId: string): Promise<GoalTable> {
  const goal = await findGoal(db, scope, goalId);
  if (!goal) throw notFound('Goal');
  return goal;
}

/** Route parameters that name where goals are looked for: a world, and optionally one of its characters. */
export interface GoalScopeParams {
  worldId: string;
  characterId?: string;
}

/**
 * The scope a goal route works in, with the caller's access checked: the world's goals, or one character's.
 * @param params the route's worldId and, on character routes, characterId.
 * @returns the scope for listGoals and requireGoal.
 * @throws AppError 404 'World not found.' when the world is not the user's; 'Character not found.' when the
 *   character is not in it.
 */
export async function resolveGoalScope(db: Db, params: GoalScopeParams, userId: string): Promise<GoalScope> {
  const world = await requireWorldAccess(db, params.worldId, userId);
  if (params.characterId === undefined) return { worldId: world.id };
  const character = await requireCharacter(db, world.id, params.characterId);
  return { worldId: world.id, characterId: character.id };
}
