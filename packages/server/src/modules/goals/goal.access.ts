import type { Db } from '../../db/database.js';
import type { GoalTable } from '../../db/tables/goal.table.js';
import { notFound } from '../../errors/app-error.js';
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
