/** Loads quests and objectives inside an already-authorised world, answering 404 for anything missing. */
import type { Db } from '../../db/database.js';
import type { QuestObjectiveTable, QuestTable } from '../../db/tables/quest.table.js';
import { notFound } from '../../errors/app-error.js';
import { findObjective } from './objective.repository.js';
import { findQuest } from './quest.repository.js';

/** @returns the quest row. @throws AppError 404 'Quest not found.' when it is not in the world. */
export async function requireQuest(db: Db, worldId: string, questId: string): Promise<QuestTable> {
  const quest = await findQuest(db, worldId, questId);
  if (!quest) throw notFound('Quest');
  return quest;
}

/** @returns the objective row. @throws AppError 404 'Objective not found.' when it is not in the quest. */
export async function requireObjective(db: Db, questId: string, objectiveId: string): Promise<QuestObjectiveTable> {
  const objective = await findObjective(db, questId, objectiveId);
  if (!objective) throw notFound('Objective');
  return objective;
}
