/** Creating and changing a relationship with its rules (SPEC §5 Relationship; one per ordered pair). */
import type { z } from 'zod';
import { MESSAGES, type RelationshipCreateSchema } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import type { CharacterTable } from '../../db/tables/character.table.js';
import { conflict, invalidField, notFound } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { findCharacterInWorld } from '../characters/character.repository.js';
import { accessColumns } from '../worlds/access-fields.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';
import {
  type RelationshipChanges,
  type RelationshipRow,
  findRelationship,
  findRelationshipIdByPair,
  insertRelationship,
  updateRelationshipRow,
} from './relationship.repository.js';
import { prepareRichText, richTextRow, saveMentions } from '../mentions/rich-text.write.js';

/** A validated create or update body. */
export type RelationshipInput = z.output<typeof RelationshipCreateSchema>;

/** SQLite and PostgreSQL report a unique constraint violation differently. */
function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || !('code' in error)) return false;
  return error.code === '23505' || error.code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * Checks the target: another character of the same world, not already related from this character.
 * @param relationshipId the relationship being edited, which may keep its own pair.
 * @throws AppError 400 (self or not of this world, naming targetCharacterId) or 409 for a second one per pair.
 */
async function checkTarget(db: Db, scope: WorldScope, character: CharacterTable, targetId: string, relationshipId?: string): Promise<void> {
  if (targetId === character.id) throw invalidField('targetCharacterId', MESSAGES.relationshipWithSelf);
  if (!(await findCharacterInWorld(db, scope, targetId))) {
    throw invalidField('targetCharacterId', 'Related Character must be a character of this world.');
  }
  const existing = await findRelationshipIdByPair(db, character.id, targetId);
  if (existing !== undefined && existing !== relationshipId) throw conflict(MESSAGES.relationshipExists);
}

const toChanges = (input: RelationshipInput): Omit<RelationshipChanges, keyof AccessColumns | 'description_html'> => ({
  target_character_id: input.targetCharacterId,
  relationship_type: input.relationshipType,
  description: input.description,
  affinity: input.affinity,
  power_balance: input.powerBalance,
  trust_level: input.trustLevel,
  communication_style: input.communicationStyle,
  past_interactions: input.pastInteractions,
  current_goal_alignment: input.currentGoalAlignment,
  dependence_level: input.dependenceLevel,
});

async function reload(db: Db, scope: WorldScope, characterId: string, relationshipId: string): Promise<RelationshipRow> {
  const row = await findRelationship(db, scope, characterId, relationshipId);
  if (!row) throw notFound('Relationship');
  return row;
}

/** Runs a write, turning a lost race on the pair's unique constraint into the same 409 as the check. */
async function guardPair(write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(MESSAGES.relationshipExists);
    throw error;
  }
}

/**
 * Creates a relationship from `character` to another character of its world.
 * @returns the new relationship with its target's name.
 * @throws AppError 403 for a player or viewer; 400 for itself or a target not of this world; 409 when the pair
 * already exists.
 */
export async function createRelationship(
  trx: Db,
  scope: WorldScope,
  character: CharacterTable,
  input: RelationshipInput,
): Promise<RelationshipRow> {
  requireEditor(scope);
  await checkTarget(trx, scope, character, input.targetCharacterId);
  const now = nowIso();
  const id = newId();
  const access = await accessColumns(trx, scope, input);
  const richText = await prepareRichText(trx, scope, input);
  await guardPair(() =>
    insertRelationship(trx, {
      id,
      world_id: character.world_id,
      character_id: character.id,
      ...toChanges(input),
      ...richTextRow(richText),
      ...access,
      created_at: now,
      updated_at: now,
    }),
  );
  await saveMentions(trx, scope, 'relationship', id, richText);
  return reload(trx, scope, character.id, id);
}

/**
 * Replaces a relationship's fields (PUT validates like create; the target may change).
 * @returns the updated relationship.
 * @throws AppError 403, 400 or 409 as for create.
 */
export async function updateRelationship(
  trx: Db,
  scope: WorldScope,
  character: CharacterTable,
  existing: RelationshipRow,
  input: RelationshipInput,
): Promise<RelationshipRow> {
  requireEditor(scope);
  await checkTarget(trx, scope, character, input.targetCharacterId, existing.id);
  const richText = await prepareRichText(trx, scope, input, existing);
  const changes = { ...toChanges(input), ...richTextRow(richText), ...(await accessColumns(trx, scope, input, existing)) };
  await guardPair(() => updateRelationshipRow(trx, existing.id, changes));
  await saveMentions(trx, scope, 'relationship', existing.id, richText);
  return reload(trx, scope, character.id, existing.id);
}
