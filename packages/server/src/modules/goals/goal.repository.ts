/** Queries on `goal`: world goals (character_id null) and characters' goals (SPEC §3 Goal). */
import type { Db } from '../../db/database.js';
import type { GoalTable } from '../../db/tables/goal.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import { nowIso } from '../../lib/time.js';
import { whereVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

/** Which of a world's goals a query looks at: all, or one character's. */
export interface GoalFilter {
  /** Set to see only this character's goals. */
  characterId?: string | undefined;
}

/** The columns a create or update writes. */
export type GoalChanges = Omit<GoalTable, 'id' | 'world_id' | 'created_at' | 'updated_at'>;

/** The goals of the scope's world the reader may see (a secret goal, or one of a hidden character, is left out). */
const selectGoals = (db: Db, scope: ReadScope & { world: { id: string } }, filter: GoalFilter) => {
  const query = whereVisible(db.selectFrom('goal').selectAll('goal').where('goal.world_id', '=', scope.world.id), scope, 'goal');
  return filter.characterId === undefined ? query : query.where('goal.character_id', '=', filter.characterId);
};

/** Finds a goal within the filter that the reader may see, or undefined. */
export function findGoal(
  db: Db,
  scope: ReadScope & { world: { id: string } },
  filter: GoalFilter,
  goalId: string,
): Promise<GoalTable | undefined> {
  return selectGoals(db, scope, filter).where('goal.id', '=', goalId).executeTakeFirst();
}

/** Lists the goals within the filter that the reader may see, with search (title, description), sort and paging. */
export function listGoals(
  db: Db,
  scope: ReadScope & { world: { id: string } },
  filter: GoalFilter,
  params: ListParams,
): Promise<ListResult<GoalTable>> {
  return paginate({
    query: selectGoals(db, scope, filter),
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
  await db
    .updateTable('goal')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', goalId)
    .execute();
}

/** Deletes one goal. */
export async function deleteGoalRow(db: Db, goalId: string): Promise<void> {
  await db.deleteFrom('goal').where('id', '=', goalId).execute();
}
