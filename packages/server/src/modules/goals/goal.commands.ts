/** Creating, changing and deleting goals (SPEC §5 Goal); a goal belongs to its world and maybe one character. */
import type { z } from 'zod';
import type { GoalCreateSchema } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import type { GoalTable } from '../../db/tables/goal.table.js';
import { invalidField, notFound } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { removeReferencesTo } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import { findCharacterInWorld } from '../characters/character.repository.js';
import { accessColumns } from '../worlds/access-fields.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';
import { type GoalChanges, deleteGoalRow, findGoal, insertGoal, updateGoalRow } from './goal.repository.js';
import { type RichTextColumns, prepareRichText, saveMentions } from '../mentions/rich-text.write.js';

/** A validated create or update body. */
export type GoalInput = z.output<typeof GoalCreateSchema>;

const toChanges = (input: GoalInput, characterId: string | null, richText: RichTextColumns): Omit<GoalChanges, keyof AccessColumns> => ({
  character_id: characterId,
  title: input.title,
  // A goal's description is required: rich text without text leaves the plain one given.
  description: richText.description ?? input.description,
  description_html: richText.description_html,
  goal_type: input.goalType,
  status: input.status,
  target_date_time: input.targetDateTime,
  notes: input.notes,
});

/**
 * Checks that a characterId given in a world goal's body is a character of that world.
 * @throws AppError 400 naming characterId otherwise.
 */
export async function checkGoalCharacter(db: Db, scope: WorldScope, characterId: string | null): Promise<string | null> {
  if (characterId !== null && !(await findCharacterInWorld(db, scope, characterId))) {
    throw invalidField('characterId', 'Character must be a character of this world.');
  }
  return characterId;
}

/**
 * Creates a goal in the scope's world, for a character of it or (characterId null) for the world itself.
 * @returns the new goal row.
 * @throws AppError 403 for a player or viewer.
 */
export async function createGoal(trx: Db, scope: WorldScope, characterId: string | null, input: GoalInput): Promise<GoalTable> {
  requireEditor(scope);
  const now = nowIso();
  const richText = await prepareRichText(trx, scope, input);
  const row: GoalTable = {
    id: newId(),
    world_id: scope.world.id,
    ...toChanges(input, characterId, richText),
    ...(await accessColumns(trx, scope, input)),
    created_at: now,
    updated_at: now,
  };
  await insertGoal(trx, row);
  await saveMentions(trx, scope, 'goal', row.id, richText);
  return row;
}

/**
 * Replaces a goal's fields and owner (PUT validates like create).
 * @returns the updated goal row.
 * @throws AppError 403 for a player or viewer.
 */
export async function updateGoal(
  trx: Db,
  scope: WorldScope,
  goal: GoalTable,
  characterId: string | null,
  input: GoalInput,
): Promise<GoalTable> {
  requireEditor(scope);
  const richText = await prepareRichText(trx, scope, input, goal);
  await updateGoalRow(trx, goal.id, { ...toChanges(input, characterId, richText), ...(await accessColumns(trx, scope, input, goal)) });
  await saveMentions(trx, scope, 'goal', goal.id, richText);
  const updated = await findGoal(trx, scope, {}, goal.id);
  if (!updated) throw notFound('Goal');
  return updated;
}

/** Deletes a goal and every connection to it. */
export async function deleteGoal(trx: Db, goal: GoalTable): Promise<void> {
  await removeReferencesTo(trx, 'goal', goal.id);
  await deleteGoalRow(trx, goal.id);
}
