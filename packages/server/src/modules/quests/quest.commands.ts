/**
 * Quest transitions (SPEC §4 quest status; rules designed in the API contract): accept (pending →
 * active), abandon (active → pending) and objective progress, which completes the quest once every required
 * objective is done. Each takes an open transaction as its first argument.
 *
 * Who may (issue 11, players at the table): editors and the owner do all three; a player accepts a quest for a
 * character assigned to them and records progress on a quest such a character holds as active; abandoning
 * stays with editors (it takes the quest from every character). Viewers do none.
 */
import type { Quest } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { badRequest, conflict, invalidField } from '../../errors/app-error.js';
import { requireAcceptor, requireCharacter, requireObjective, requireProgressor, requireQuest } from './quest.access.js';
import { findObjectivesOfQuests, setObjectiveProgress } from './objective.repository.js';
import { presentQuest } from './quest.presenter.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';
import { addActiveQuest, completeQuestIfDone, removeActiveQuest, transitionQuest } from './quest.repository.js';

/** Loads a quest with its objectives and presents it. @throws AppError 404. */
export async function loadQuest(db: Db, scope: WorldScope, questId: string): Promise<Quest> {
  const quest = await requireQuest(db, scope, questId);
  const objectives = await findObjectivesOfQuests(db, scope, [quest.id]);
  return presentQuest(quest, objectives.get(quest.id) ?? [], scope);
}

/**
 * Accepts a pending quest, making it active; with a character, adds it to that character's activeQuests.
 * A player must name a character assigned to them.
 * @returns the quest with its objectives.
 * @throws AppError 404 quest missing or hidden; 403 for a viewer, or a player without their own character;
 *   400 character not in the world; 409 when the quest is not pending.
 */
export async function acceptQuest(trx: Db, scope: WorldScope, questId: string, characterId: string | undefined): Promise<Quest> {
  const quest = await requireQuest(trx, scope, questId);
  await requireAcceptor(trx, scope, characterId);
  if (characterId) await requireCharacter(trx, scope, characterId);
  if (!(await transitionQuest(trx, quest.id, 'pending', 'active'))) {
    const current = await requireQuest(trx, scope, questId);
    throw conflict(`Only a pending quest can be accepted; this one is ${current.status}.`);
  }
  if (characterId) await addActiveQuest(trx, characterId, quest.id);
  return loadQuest(trx, scope, quest.id);
}

/**
 * Abandons an active quest, returning it to pending, and removes it from that character's activeQuests
 * (or, without a character, from every character's).
 * @throws AppError 404 quest missing; 400 character not in the world; 409 when the quest is not active.
 */
export async function abandonQuest(trx: Db, scope: WorldScope, questId: string, characterId: string | undefined): Promise<Quest> {
  const quest = await requireQuest(trx, scope, questId);
  requireEditor(scope);
  if (characterId) await requireCharacter(trx, scope, characterId);
  if (!(await transitionQuest(trx, quest.id, 'active', 'pending'))) {
    const current = await requireQuest(trx, scope, questId);
    throw conflict(`Only an active quest can be abandoned; this one is ${current.status}.`);
  }
  await removeActiveQuest(trx, quest.id, characterId);
  return loadQuest(trx, scope, quest.id);
}

/**
 * Records progress on an objective of an active quest, absolutely ({progress}) or relatively ({increment}),
 * then completes the quest when every required objective has reached its target. Nothing is clamped.
 * @returns the quest with its objectives.
 * A player may do so only on a quest a character assigned to them holds as active.
 * @throws AppError 404 quest or objective missing or hidden; 403 for a viewer or a player whose character does
 *   not hold the quest; 409 when the quest is not active; 400 when the result would fall outside 0…target.
 */
export async function recordObjectiveProgress(
  trx: Db,
  scope: WorldScope,
  questId: string,
  objectiveId: string,
  change: { progress: number } | { increment: number },
): Promise<Quest> {
  const quest = await requireQuest(trx, scope, questId);
  const objective = await requireObjective(trx, scope, quest.id, objectiveId);
  await requireProgressor(trx, scope, quest.id);
  if (quest.status !== 'active') {
    const hint = quest.status === 'pending' ? ' Accept it first.' : '';
    throw conflict(`Progress can only be recorded on an active quest; this one is ${quest.status}.${hint}`);
  }
  if (!(await setObjectiveProgress(trx, objective.id, change))) {
    const current = await requireObjective(trx, scope, quest.id, objectiveId);
    const target = Number(current.target);
    if ('progress' in change) {
      throw invalidField('progress', `Progress must be between 0 and the target (${target}); ${change.progress} is out of range.`);
    }
    const result = Number(current.progress) + change.increment;
    throw badRequest(
      `Progress must stay between 0 and the target (${target}); ${Number(current.progress)} + ${change.increment} would be ${result}.`,
      { increment: `Progress would be ${result}, outside 0…${target}.` },
    );
  }
  await completeQuestIfDone(trx, quest.id);
  return loadQuest(trx, scope, quest.id);
}
