/** Queries on `quest_objective` (objectives designed in the API contract; completed is derived). */
import type { Db } from '../../db/database.js';
import type { QuestObjectiveTable } from '../../db/tables/quest.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list.js';
import { nowIso } from '../../lib/time.js';

/** The writable fields of an objective. */
export type ObjectiveChanges = Pick<QuestObjectiveTable, 'description' | 'target' | 'progress' | 'is_optional' | 'updated_at'>;

/** Finds an objective of a quest, or undefined. */
export function findObjective(db: Db, questId: string, objectiveId: string): Promise<QuestObjectiveTable | undefined> {
  return db
    .selectFrom('quest_objective')
    .selectAll()
    .where('id', '=', objectiveId)
    .where('quest_id', '=', questId)
    .executeTakeFirst();
}

/**
 * The objectives of several quests, in creation order.
 * @returns quest id → its objectives (quests without any are absent).
 */
export async function findObjectivesOfQuests(db: Db, questIds: string[]): Promise<Map<string, QuestObjectiveTable[]>> {
  const byQuest = new Map<string, QuestObjectiveTable[]>();
  if (questIds.length === 0) return byQuest;
  const rows = await db
    .selectFrom('quest_objective')
    .selectAll()
    .where('quest_id', 'in', questIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const row of rows) byQuest.set(row.quest_id, [...(byQuest.get(row.quest_id) ?? []), row]);
  return byQuest;
}

/** Lists a quest's objectives with search (description), sort and paging. */
export function listObjectives(db: Db, questId: string, params: ListParams): Promise<ListResult<QuestObjectiveTable>> {
  return paginate({
    query: db.selectFrom('quest_objective').selectAll().where('quest_id', '=', questId),
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
