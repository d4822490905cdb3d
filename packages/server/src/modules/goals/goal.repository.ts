/** Queries on `goal`: world goals (character_id null) and characters' goals (SPEC §3 Goal). */
import type { Db } from '../../db/database.js';
import type { GoalTable } from '../../db/tables/goal.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list.js';
import { nowIso } from '../../lib/time.js';

/** Which goals a query sees: all of a world's, or one character's. */
export interface GoalScope {
  worldId: string;
  /** Set to see only this character's goals. */
  characterId?: string | undefined;
}

/** The columns a create or update writes. */
export type GoalChanges = Omit<GoalTable, 'id' | 'world_id' | 'created_at' | 'updated_at'>;

const selectGoals = (db: Db, scope: GoalScope) => {
  const query = db.selectFrom('goal').selectAll('goal').where('goal.world_id', '=', scope.worldId);
  return scope.characterId === undefined ? query : query.where('goal.character_id', '=', scope.characterId);
};

/** Finds a goal within the scope, or undefined. */
export function findGoal(db: Db, scope: GoalScope, goalId: string): Promise<GoalTable | undefined> {
  return selectGoals(db, scope).where('goal.id', '=', goalId).executeTakeFirst();
}

/** Lists the scope's goals with search (title, description), sort and paging. */
export function listGoals(db: Db, scope: GoalScope, params: ListParams): Promise<ListResult<GoalTable>> {
  return paginate({
    query: selectGoals(db, scope),
    sortColumns: {
      ...timestampSortColumns('goal'),
      title: { column: 'goal.title', key: 'title' },
    },
    idColumn: 'goal.id',
    searchColumns: ['goal.title', 'goal.description'],
    fullText: { db, table: 'goal' },
    params,
  });
}

/** Inserts a goal row. */
export async function insertGoal(db: Db, row: GoalTable): Promise<void> {
  await db.insertInto('goal').values(row).execute();
}

/** Writes a goal's editable columns and bumps updated_at. */
export async function updateGoalRow(db: Db, goalId: string, changes: GoalChanges): Promise<void> {
  await db.updateTable('goal').set({ ...changes, updated_at: nowIso() }).where('id', '=', goalId).execute();
}

/** Deletes one goal. */
export async function deleteGoalRow(db: Db, goalId: string): Promise<void> {
  await db.deleteFrom('goal').where('id', '=', goalId).execute();
}

/** Moves every goal of a character into another world (the character moves with them). */
export async function moveGoalsOfCharacter(db: Db, characterId: string, worldId: string): Promise<void> {
  await db.updateTable('goal').set({ world_id: worldId, updated_at: nowIso() }).where('character_id', '=', characterId).execute();
}
