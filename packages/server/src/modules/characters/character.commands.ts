/**
 * Multi-table character work (SPEC §7 Characters): create, update, delete and move between worlds.
 * Each command runs inside the caller's transaction, passed as the first argument.
 */
import type { z } from 'zod';
import type { CharacterCreateSchema } from '@loreforge/contract';
import type { Kysely } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { CharacterTable } from '../../db/tables/character.table.js';
import { ACCESS_MESSAGES, isEditorRole } from '@loreforge/contract';
import { forbidden, invalidField, notFound } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { toJsonText } from '../../lib/json.js';
import { deleteInventoryOf, deleteRelationshipsOf, moveGoalsOfCharacter, removeReferencesTo } from '../../lib/references.js';
import { keepActiveQuestsOfDeleted } from '../history/history.links.js';
import { nowIso } from '../../lib/time.js';
import { prepareRichText, richTextRow, saveMentions } from '../mentions/rich-text.write.js';
import { accessColumns } from '../worlds/access-fields.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';
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

/**
 * Checks that a character is assigned to a player of the world (or to nobody).
 * @throws AppError 400 ACCESS_MESSAGES.assignedToNotPlayer (field assignedTo).
 */
async function checkAssignee(db: Db, worldId: string, userId: string | null): Promise<void> {
  if (userId === null) return;
  const row = await db
    .selectFrom('world_member')
    .select('user_id')
    .where('world_id', '=', worldId)
    .where('user_id', '=', userId)
    .where('role', '=', 'player')
    .executeTakeFirst();
  if (!row) throw invalidField('assignedTo', ACCESS_MESSAGES.assignedToNotPlayer);
}

/** Reads a character back as stored (as the writer sees it), with its active quests. */
async function loadRecord(db: Db, scope: WorldScope, characterId: string): Promise<CharacterRecord> {
  const record = await findCharacterRecord(db, scope, characterId);
  if (!record) throw notFound('Character');
  return record;
}

/** Removes connections to the character's goals, which are deleted or leave the world with it. */
async function removeGoalReferences(db: Db, characterId: string): Promise<void> {
  for (const goalId of await findGoalIdsOfCharacter(db, characterId)) await removeReferencesTo(db, 'goal', goalId);
}

/** The row of a new character of the scope's world, written by the scope's user. */
function newCharacterRow(scope: WorldScope, input: CharacterInput): CharacterTable {
  const now = nowIso();
  return {
    id: newId(),
    world_id: scope.world.id,
    name: input.name,
    description: input.description,
    description_html: null,
    attributes: toJsonText(input.attributes) ?? '{}',
    current_location_id: input.currentLocationId,
    assigned_to: input.assignedTo?.toLowerCase() ?? null,
    visibility: input.visibility ?? 'everyone',
    revealed_to: '[]',
    gm_notes: input.gmNotes ?? null,
    gm_notes_html: null,
    created_by: scope.userId,
    updated_by: scope.userId,
    created_at: now,
    updated_at: now,
  };
}

/**
 * Creates a character in the scope's world (POST /worlds/{worldId}/characters; owner and editors). Without
 * active quests, a location, reveals or an assignee to check, the row joins the current batch of creates
 * (character-create-batch.ts), where the role check and the insert are one statement; otherwise it is created
 * in a transaction of its own.
 * @returns the new character with its active quests, once committed.
 * @throws AppError 403 for a player or viewer; 404 'World not found.' when the world went meanwhile; 400 when
 * an active quest, the location, a reveal or the assignee is not of this world.
 */
export async function createCharacterForUser(
  db: Kysely<Database>,
  batch: CharacterCreateBatch,
  scope: WorldScope,
  input: CharacterInput,
): Promise<CharacterRecord> {
  requireEditor(scope);
  const needsChecks =
    input.activeQuests.length > 0 ||
    input.currentLocationId !== null ||
    (input.revealedTo?.length ?? 0) > 0 ||
    (input.assignedTo ?? null) !== null ||
    Boolean(input.descriptionHtml?.trim()) ||
    Boolean(input.gmNotesHtml?.trim());
  if (needsChecks) return db.transaction().execute((trx) => createCharacter(trx, scope, input));
  const row = newCharacterRow(scope, input);
  if (!(await batch.insert(row, scope.userId))) throw notFound('World');
  return { ...row, activeQuests: [] };
}

/**
 * Creates a character in the scope's world (the database counts it in the world's character count).
 * @returns the new character with its active quests.
 * @throws AppError 400 when an active quest, the location, a reveal or the assignee is not of this world.
 */
export async function createCharacter(trx: Db, scope: WorldScope, input: CharacterInput): Promise<CharacterRecord> {
  const questIds = await checkReferences(trx, scope.world.id, input);
  await checkAssignee(trx, scope.world.id, input.assignedTo?.toLowerCase() ?? null);
  const richText = await prepareRichText(trx, scope, input);
  const row = { ...newCharacterRow(scope, input), ...richTextRow(richText), ...(await accessColumns(trx, scope, input)) };
  await insertCharacter(trx, row);
  await saveMentions(trx, scope, 'character', row.id, richText);
  // A new character has no quest links yet, so they are inserted without reading any. With at most one quest
  // the stored record is exactly `row` and the ids given; with more, their stored order is read back.
  if (questIds.length === 0) return { ...row, activeQuests: [] };
  await replaceActiveQuests(trx, row.id, questIds, true);
  return questIds.length === 1 ? { ...row, activeQuests: questIds } : loadRecord(trx, scope, row.id);
}

/**
 * Replaces a character's fields and active quests (PUT validates like create). Owner and editors may change
 * everything; the player the character is assigned to may change everything but its access fields and its
 * assignment (sending them unchanged is fine).
 * @returns the updated character.
 * @throws AppError 403 for anyone else, or for the player changing access fields or the assignment; 400 when
 * an active quest, the location, a reveal or the assignee is not of this world.
 */
export async function updateCharacter(
  trx: Db,
  scope: WorldScope,
  character: CharacterTable,
  input: CharacterInput,
): Promise<CharacterRecord> {
  const assignedTo = input.assignedTo === undefined ? character.assigned_to : (input.assignedTo?.toLowerCase() ?? null);
  if (!isEditorRole(scope.role)) {
    if (character.assigned_to !== scope.userId) throw forbidden(ACCESS_MESSAGES.forbidden);
    if (assignedTo !== character.assigned_to) throw forbidden(ACCESS_MESSAGES.editorsOnly);
  }
  const questIds = await checkReferences(trx, character.world_id, input);
  if (assignedTo !== character.assigned_to) await checkAssignee(trx, character.world_id, assignedTo);
  const richText = await prepareRichText(trx, scope, input, character);
  const changes = {
    name: input.name,
    ...richTextRow(richText),
    attributes: toJsonText(input.attributes) ?? '{}',
    current_location_id: input.currentLocationId,
    assigned_to: assignedTo,
    ...(await accessColumns(trx, scope, input, character)),
  };
  const { created_by: _createdBy, ...written } = changes;
  await updateCharacterRow(trx, character.id, written);
  await saveMentions(trx, scope, 'character', character.id, richText);
  await replaceActiveQuests(trx, character.id, questIds);
  return loadRecord(trx, scope, character.id);
}

/**
 * Deletes a character: connections and map links to it and its goals are removed, and the foreign keys
 * cascade its relationships (both directions), goals, inventory and quest links (kept aside first, so restoring
 * it from its history brings them back). The database lowers the count.
 */
export async function deleteCharacter(trx: Db, character: CharacterTable): Promise<void> {
  await removeGoalReferences(trx, character.id);
  await keepActiveQuestsOfDeleted(trx, character.world_id, character.id);
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
export async function moveCharacter(trx: Db, character: CharacterTable, target: WorldScope): Promise<CharacterRecord> {
  const targetWorldId = target.world.id;
  if (character.world_id === targetWorldId) return loadRecord(trx, target, character.id);
  // Moving the row first locks it, so a concurrent move or delete of the same character waits and then fails.
  if (!(await moveCharacterRow(trx, character.id, character.world_id, targetWorldId, target.userId))) throw notFound('Character');
  await deleteRelationshipsOf(trx, character.id);
  await deleteInventoryOf(trx, character.id);
  await replaceActiveQuests(trx, character.id, []);
  await removeGoalReferences(trx, character.id);
  await moveGoalsOfCharacter(trx, character.id, targetWorldId);
  await removeReferencesTo(trx, 'character', character.id);
  return loadRecord(trx, target, character.id);
}
