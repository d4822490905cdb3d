/**
 * Loads quests and objectives inside an already-authorised world, answering 404 for anything missing, and says
 * who may accept a quest or record progress on it (quest.commands.ts).
 */
import { ACCESS_MESSAGES, isEditorRole } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { QuestObjectiveTable, QuestTable } from '../../db/tables/quest.table.js';
import { forbidden, invalidField, notFound } from '../../errors/app-error.js';
import { findEntityName } from '../../lib/references.js';
import { findObjective } from './objective.repository.js';
import { findQuest, isCharacterAssignedTo, isQuestHeldByPlayer } from './quest.repository.js';
import type { ReadScope, WorldScope } from '../../access/world-scope.js';

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

/** @throws AppError 400 on characterId when the character is not in the world. */
export async function requireCharacter(db: Db, scope: WorldScope, characterId: string): Promise<void> {
  if ((await findEntityName(db, scope.world.id, 'character', characterId)) === undefined) {
    throw invalidField('characterId', 'No character with that id in this world.');
  }
}

/**
 * Lets an editor accept for any character, and a player only for a character assigned to them.
 * @throws AppError 403 ACCESS_MESSAGES.questForOwnCharacter for a player without such a character;
 * 403 ACCESS_MESSAGES.forbidden for a viewer.
 */
export async function requireAcceptor(trx: Db, scope: WorldScope, characterId: string | undefined): Promise<void> {
  if (isEditorRole(scope.role)) return;
  if (scope.role !== 'player') throw forbidden(ACCESS_MESSAGES.forbidden);
  if (!characterId || !(await isCharacterAssignedTo(trx, scope, characterId, scope.userId))) {
    throw forbidden(ACCESS_MESSAGES.questForOwnCharacter);
  }
}

/**
 * Lets an editor record progress on any quest, and a player on a quest a character of theirs holds as active.
 * @throws AppError 403 ACCESS_MESSAGES.questNotYours for another player's quest; 403 forbidden for a viewer.
 */
export async function requireProgressor(trx: Db, scope: WorldScope, questId: string): Promise<void> {
  if (isEditorRole(scope.role)) return;
  if (scope.role !== 'player') throw forbidden(ACCESS_MESSAGES.forbidden);
  if (!(await isQuestHeldByPlayer(trx, scope, questId, scope.userId))) throw forbidden(ACCESS_MESSAGES.questNotYours);
}
