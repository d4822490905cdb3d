/** Loads quests and objectives inside an already-authorised world, answering 404 for anything missing. */
import type { Db } from '../../db/database.js';
import type { QuestObjectiveTable, QuestTable } from '../../db/tables/quest.table.js';
import { notFound } from '../../errors/app-error.js';
import { findObjective } from './objective.repository.js';
import { findQuest } from './quest.repository.js';
import type { ReadScope, WorldScope } from '../worlds/world-scope.js';

/** @returns the quest row. @throws AppError 404 'Quest not found.' when it is not in the world or hidden from the reader. */
export async function requireQuest(db: Db, scope: WorldScope, questId: string): Promise<QuestTable> {
  const quest = await findQuest(db, scope, questId);
  if (!quest) throw notFound('Quest');
  return quest;
}

/** @returns the objective row. @throws AppError 404 'Objective not found.' when it is not in the quest or hidden. */
export async function requireObjective(db: Db, scope: ReadScope, questId: string, objectiveId: string): Promise<QuestObjectiveTable> {
  const objective = await findObjective(db, scope, questId, objectiveId);
  if (!objective) throw notFound('Objective');
  return objective;
}
