/**
 * Multi-table character work (SPEC §7 Characters): create, update, delete and move between worlds.
 * Each command runs inside the caller's transaction, passed as the first argument.
 */
import type { z } from 'zod';
import type { CharacterCreateSchema } from '@loreforge/contract';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { CharacterTable } from '../../db/tables/character.table.js';
import { invalidField, notFound } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { toJsonText } from '../../lib/json.js';
import { removeReferencesTo } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import { moveGoalsOfCharacter } from '../goals/goal.repository.js';
import { deleteInventoryOf } from '../inventory/inventory.repository.js';
import { deleteRelationshipsOf } from '../relationships/relationship.repository.js';
import { requireWorldAccess } from '../worlds/world.access.js';
import type { CharacterCreateBatch } from './character-create-batch.js';
import {
  type CharacterRecord,
  deleteCharacterRow,
  findCharacterRecord,
  findGoalIdsOfCharacter,
  findQuestIdsInWorld,
  insertCharacter,
  isMapPointInWorld,
  moveCharacterRow,
  replaceActiveQuests,
  updateCharacterRow,
} from './character.repository.js';

/** A validated create or update body. */
export type CharacterInput = z.output<typeof CharacterCreateSchema>;

/**
 * Checks that activeQuests are quests and currentLocationId a map point of the world.
 * @returns the quest ids without duplicates, in the order given.
 * @throws AppError 400 naming `activeQuests` or `currentLocationId`.
 */
async function checkReferences(db: Db, worldId: string, input: CharacterInput): Promise<string[]> {
  const questIds = [...new Set(input.activeQuests)];
  const found = await findQuestIdsInWorld(db, worldId, questIds);
  if (found.size !== questIds.length) {
    throw invalidField('activeQuests', 'Active Quests must be quests of this world.');
  }
  if (input.currentLocationId !== null && !(await isMapPointInWorld(db, worldId, input.currentLocationId))) {
    throw invalidField('currentLocationId', 'Current Location must be a map point of this world.');
  }
  return questIds;
}

/** Reads a character back as stored, with its active quests. */
async function loadRecord(db: Db, worldId: string, characterId: string): Promise<CharacterRecord> {
  const record = await findCharacterRecord(db, worldId, characterId);
  if (!record) throw notFound('Character');
  return record;
}

/** Removes connections to the character's goals, which are deleted or leave the world with it. */
async function removeGoalReferences(db: Db, characterId: string): Promise<void> {
  for (const goalId of await findGoalIdsOfCharacter(db, characterId)) await removeReferencesTo(db, 'goal', goalId);
}

/** The row of a new character of a world. */
function newCharacterRow(worldId: string, input: CharacterInput): CharacterTable {
  const now = nowIso();
  return {
    id: newId(),
    world_id: worldId,
    name: input.name,
    description: input.description,
    attributes: toJsonText(input.attributes) ?? '{}',
    current_location_id: input.currentLocationId,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Creates a character in a world of the user (POST /worlds/{worldId}/characters). Without active quests or a
 * location to check, the row joins the current batch of creates (character-create-batch.ts), where the
 * ownership check and the insert are one statement; otherwise it is created in a transaction of its own.
 * @returns the new character with its active quests, once committed.
 * @throws AppError 404 'World not found.' when the world is missing or not the user's; 400 when an active
 * quest or the location is not of this world.
 */
export async function createCharacterForUser(
  db: Kysely<Database>,
  batch: CharacterCreateBatch,
  worldId: string,
  userId: string,
  input: CharacterInput,
): Promise<CharacterRecord> {
  if (input.activeQuests.length > 0 || input.currentLocationId !== null) {
    return db.transaction().execute(async (trx) => {
      const world = await requireWorldAccess(trx, worldId, userId);
      return createCharacter(trx, world.id, input);
    });
  }
  const row = newCharacterRow(worldId, input);
  if (!(await batch.insert(row, userId))) throw notFound('World');
  return { ...row, activeQuests: [] };
}

/**
 * Creates a character in a world (the database counts it in the world's character count).
 * @returns the new character with its active quests.
 * @throws AppError 400 when an active quest or the location is not of this world.
 */
export async function createCharacter(trx: Db, worldId: string, input: CharacterInput): Promise<CharacterRecord> {
  const questIds = await checkReferences(trx, worldId, input);
  const row = newCharacterRow(worldId, input);
  await insertCharacter(trx, row);
  // A new character has no quest links yet, so they are inserted without reading any. With at most one quest
  // the stored record is exactly `row` and the ids given; with more, their stored order is read back.
  if (questIds.length === 0) return { ...row, activeQuests: [] };
  await replaceActiveQuests(trx, row.id, questIds, true);
  return questIds.length === 1 ? { ...row, activeQuests: questIds } : loadRecord(trx, worldId, row.id);
}

/**
 * Replaces a character's fields and active quests (PUT validates like create).
 * @returns the updated character.
 * @throws AppError 400 when an active quest or the location is not of this world.
 */
export async function updateCharacter(trx: Db, character: CharacterTable, input: CharacterInput): Promise<CharacterRecord> {
  const questIds = await checkReferences(trx, character.world_id, input);
  const changes = {
    name: input.name,
    description: input.description,
    attributes: toJsonText(input.attributes) ?? '{}',
    current_location_id: input.currentLocationId,
  };
  await updateCharacterRow(trx, character.id, changes);
  await replaceActiveQuests(trx, character.id, questIds);
  return loadRecord(trx, character.world_id, character.id);
}

/**
 * Deletes a character: connections and map links to it and its goals are removed, and the foreign keys
 * cascade its relationships (both directions), goals, inventory and quest links. The database lowers the count.
 */
export async function deleteCharacter(trx: Db, character: CharacterTable): Promise<void> {
  await removeGoalReferences(trx, character.id);
  await removeReferencesTo(trx, 'character', character.id);
  await deleteCharacterRow(trx, character.id);
}

/**
 * Moves a character to another world of the same owner (PATCH /characters/{characterId}).
 * Its relationships in both directions and its inventory entries are deleted (they point at characters and
 * items of the old world); its goals move with it; its active quests and location are cleared; connections
 * and map links to it and its goals are removed; the database moves it between the worlds' character counts.
 * Moving to its own world changes nothing.
 * @returns the character as it is after the move.
 * @throws AppError 404 'Character not found.' when a concurrent request moved or deleted it first.
 */
export async function moveCharacter(trx: Db, character: CharacterTable, targetWorldId: string): Promise<CharacterRecord> {
  if (character.world_id === targetWorldId) return loadRecord(trx, character.world_id, character.id);
  // Moving the row first locks it, so a concurrent move or delete of the same character waits and then fails.
  if (!(await moveCharacterRow(trx, character.id, character.world_id, targetWorldId))) throw notFound('Character');
  await deleteRelationshipsOf(trx, character.id);
  await deleteInventoryOf(trx, character.id);
  await replaceActiveQuests(trx, character.id, []);
  await removeGoalReferences(trx, character.id);
  await moveGoalsOfCharacter(trx, character.id, targetWorldId);
  await removeReferencesTo(trx, 'character', character.id);
  return loadRecord(trx, targetWorldId, character.id);
}
