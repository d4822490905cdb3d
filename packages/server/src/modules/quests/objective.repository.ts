/** Queries on `quest_objective` (objectives designed in the API contract; completed is derived). */
import type { Db } from '../../db/database.js';
import type { QuestObjectiveTable } from '../../db/tables/quest.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import { nowIso } from '../../lib/time.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { whereVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

/** The writable fields of an objective. */
export type ObjectiveChanges = Pick<QuestObjectiveTable, 'description' | 'target' | 'progress' | 'is_optional' | 'updated_at'> &
  AccessColumns;

/** An objective's rows that the reader may see. */
const selectObjectives = (db: Db, scope: ReadScope) =>
  whereVisible(db.selectFrom('quest_objective').selectAll('quest_objective'), scope, 'quest_objective');

/** Finds an objective of a quest that the reader may see, or undefined. */
export function findObjective(db: Db, scope: ReadScope, questId: string, objectiveId: string): Promise<QuestObjectiveTable | undefined> {
  return selectObjectives(db, scope)
    .where('quest_objective.id', '=', objectiveId)
    .where('quest_objective.quest_id', '=', questId)
    .executeTakeFirst();
}

/**
 * The objectives of several quests, in creation order.
 * @returns quest id → its objectives (quests without any are absent).
 */
export async function findObjectivesOfQuests(db: Db, scope: ReadScope, questIds: string[]): Promise<Map<string, QuestObjectiveTable[]>> {
  const byQuest = new Map<string, QuestObjectiveTable[]>();
  if (questIds.length === 0) return byQuest;
  const rows = await selectObjectives(db, scope)
    .where('quest_objective.quest_id', 'in', questIds)
    .orderBy('quest_objective.created_at')
    .orderBy('quest_objective.id')
    .execute();
  for (const row of rows) byQuest.set(row.quest_id, [...(byQuest.get(row.quest_id) ?? []), row]);
  return byQuest;
}

/** Lists the objectives of a quest that the reader may see, with search (description), sort and paging. */
export function listObjectives(db: Db, scope: ReadScope, questId: string, params: ListParams): Promise<ListResult<QuestObjectiveTable>> {
  return paginate({
    query: selectObjectives(db, scope).where('quest_objective.quest_id', '=', questId),
    sortColumns: {
      ...timestampSortColumns('quest_objective'),
    },
    idColumn: 'quest_objective.id',
    searchColumns: ['quest_objective.description'],
    params,
  });
}

/** Inserts an objective. */
export async function insertObjective(db: Db, objective: QuestObjectiveTable): Promise<void> {
  await db.insertInto('quest_objective').values(objective).execute();
}

/** Replaces an objective's writable fields. */
export async function updateObjective(db: Db, objectiveId: string, changes: ObjectiveChanges): Promise<void> {
  await db.updateTable('quest_objective').set(changes).where('id', '=', objectiveId).execute();
}

/**
 * Sets an objective's progress, absolutely or by an increment, only when the result stays within 0…target.
 * One statement, so concurrent increments never lose an update or overshoot.
 * @returns true when progress was changed; false when the result would be out of range.
 */
export async function setObjectiveProgress(
  db: Db,
  objectiveId: string,
  change: { progress: number } | { increment: number },
): Promise<boolean> {
  const result = await db
    .updateTable('quest_objective')
    .set((eb) => ({
      progress: 'progress' in change ? eb.val(change.progress) : eb('progress', '+', change.increment),
      updated_at: nowIso(),
    }))
    .where('id', '=', objectiveId)
    .where((eb) => {
      const next = 'progress' in change ? eb.val(change.progress) : eb('progress', '+', change.increment);
      return eb.and([eb(next, '>=', 0), eb(next, '<=', eb.ref('target'))]);
    })
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes an objective. */
export async function deleteObjective(db: Db, objectiveId: string): Promise<void> {
  await db.deleteFrom('quest_objective').where('id', '=', objectiveId).execute();
}
