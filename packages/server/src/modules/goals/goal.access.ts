/** Lookups of the goal routes: a goal within the reader's view of a world, or of one character of it. */
import type { Db } from '../../db/database.js';
import type { GoalTable } from '../../db/tables/goal.table.js';
import { notFound } from '../../errors/app-error.js';
import { requireCharacter } from '../characters/character.access.js';
import type { WorldScope } from '../../access/world-scope.js';
import { type GoalFilter, findGoal } from './goal.repository.js';

/**
 * Loads a goal of the scope's world (optionally of one character) that its reader may see.
 * @returns the goal row.
 * @throws AppError 404 'Goal not found.' when it is missing, outside the filter or hidden from the reader.
 */
export async function requireGoal(db: Db, scope: WorldScope, filter: GoalFilter, goalId: string): Promise<GoalTable> {
  const goal = await findGoal(db, scope, filter, goalId);
  if (!goal) throw notFound('Goal');
  return goal;
}

/**
 * The filter a goal route works with: the world's goals, or one character's (which the reader must see).
 * @param characterId the route's characterId on character routes.
 * @throws AppError 404 'Character not found.' when the character is not in the world or hidden.
 */
export async function resolveGoalFilter(db: Db, scope: WorldScope, characterId: string | undefined): Promise<GoalFilter> {
  if (characterId === undefined) return {};
  const character = await requireCharacter(db, scope, characterId);
  return { characterId: character.id };
}
