/** Queries on `quest` and `character_active_quest` (SPEC §3 Quest, §4 quest status, §7 Quests). */
import type { QuestStatus } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { QuestTable } from '../../db/tables/quest.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns, worldListCache } from '../../lib/list/index.js';
import { nowIso } from '../../lib/time.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { whereVisible } from '../../access/visibility.js';
import type { WorldScope } from '../../access/world-scope.js';

/** The writable fields of a quest. */
export type QuestChanges = Pick<
  QuestTable,
  'name' | 'description' | 'description_html' | 'status' | 'is_optional' | 'difficulty' | 'updated_at'
> &
  AccessColumns;

/** Finds a quest of the scope's world that its reader may see, or undefined. */
export function findQuest(db: Db, scope: WorldScope, questId: string): Promise<QuestTable | undefined> {
  const query = db.selectFrom('quest').selectAll('quest').where('quest.id', '=', questId).where('quest.world_id', '=', scope.world.id);
  return whereVisible(query, scope, 'quest').executeTakeFirst();
}

/**
 * Lists the quests of the scope's world its reader may see, with search, sort and paging; the total is an
 * indexed COUNT (quests keep no counter). Searches, totals and deep pages are cached under the world's
 * content version (and the reader, whose filter is part of the query).
 * @param status when given, only quests in that status (GET …/quests/active passes 'active').
 */
export function listQuests(
  db: Db,
  scope: WorldScope,
  params: ListParams & { status?: QuestStatus | undefined },
): Promise<ListResult<QuestTable>> {
  const worldId = scope.world.id;
  const contentVersion = scope.world.content_version;
  let query = whereVisible(db.selectFrom('quest').selectAll('quest').where('quest.world_id', '=', worldId), scope, 'quest');
  if (params.status) query = query.where('quest.status', '=', params.status);
  return paginate({
    query,
    sortColumns: {
      ...timestampSortColumns('quest'),
      name: { column: 'quest.name', key: 'name' },
      status: { column: 'quest.status', key: 'status' },
    },
    idColumn: 'quest.id',
    searchColumns: ['quest.name', 'quest.description'],
    fullText: { db, table: 'quest' },
    cache: worldListCache(db, worldId, contentVersion),
    params,
  });
}

/** Inserts a quest. */
export async function insertQuest(db: Db, quest: QuestTable): Promise<void> {
  await db.insertInto('quest').values(quest).execute();
}

/** Replaces a quest's writable fields. */
export async function updateQuest(db: Db, questId: string, changes: QuestChanges): Promise<void> {
  await db.updateTable('quest').set(changes).where('id', '=', questId).execute();
}

/**
 * Moves a quest from one status to another in one statement, so two concurrent transitions cannot both win.
 * @returns true when the quest was in `from` and is now in `to`.
 */
export async function transitionQuest(db: Db, questId: string, from: QuestStatus, to: QuestStatus): Promise<boolean> {
  const result = await db
    .updateTable('quest')
    .set({ status: to, updated_at: nowIso() })
    .where('id', '=', questId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Marks an active quest completed when it has at least one required objective and every required objective
 * has reached its target. Does nothing otherwise.
 */
export async function completeQuestIfDone(db: Db, questId: string): Promise<void> {
  const required = () =>
    db
      .selectFrom('quest_objective')
      .select('quest_objective.id')
      .where('quest_objective.quest_id', '=', questId)
      .where('quest_objective.is_optional', '=', 0);
  await db
    .updateTable('quest')
    .set({ status: 'completed', updated_at: nowIso() })
    .where('id', '=', questId)
    .where('status', '=', 'active')
    .where((eb) =>
      eb.and([eb.exists(required()), eb.not(eb.exists(required().whereRef('quest_objective.progress', '<', 'quest_objective.target')))]),
    )
    .execute();
}

/** Deletes a quest; its objectives and characters' active-quest links go with it (ON DELETE CASCADE). */
export async function deleteQuest(db: Db, questId: string): Promise<void> {
  await db.deleteFrom('quest').where('id', '=', questId).execute();
}

/** Adds a quest to a character's activeQuests (no-op when already there). */
export async function addActiveQuest(db: Db, characterId: string, questId: string): Promise<void> {
  await db
    .insertInto('character_active_quest')
    .values({ character_id: characterId, quest_id: questId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['character_id', 'quest_id']).doNothing())
    .execute();
}

/**
 * Removes a quest from characters' activeQuests.
 * @param characterId one character, or undefined for every character holding it.
 */
export async function removeActiveQuest(db: Db, questId: string, characterId: string | undefined): Promise<void> {
  let query = db.deleteFrom('character_active_quest').where('quest_id', '=', questId);
  if (characterId) query = query.where('character_id', '=', characterId);
  await query.execute();
}

/** The ids of the quests a character holds as active, oldest first. */
export async function findActiveQuestIds(db: Db, characterId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('character_active_quest')
    .select('quest_id')
    .where('character_id', '=', characterId)
    .orderBy('created_at')
    .orderBy('quest_id')
    .execute();
  return rows.map((row) => row.quest_id);
}

/**
 * Whether a character of the scope's world that is assigned to `userId` (and that its reader may see) holds
 * the quest as active: what lets a player record progress on it.
 */
export async function isQuestHeldByPlayer(db: Db, scope: WorldScope, questId: string, userId: string): Promise<boolean> {
  const query = db
    .selectFrom('character_active_quest')
    .innerJoin('character', 'character.id', 'character_active_quest.character_id')
    .select('character.id')
    .where('character_active_quest.quest_id', '=', questId)
    .where('character.world_id', '=', scope.world.id)
    .where('character.assigned_to', '=', userId);
  return (await whereVisible(query, scope, 'character').executeTakeFirst()) !== undefined;
}

/** Whether a character of the scope's world, visible to its reader, is assigned to `userId`. */
export async function isCharacterAssignedTo(db: Db, scope: WorldScope, characterId: string, userId: string): Promise<boolean> {
  const query = db
    .selectFrom('character')
    .select('character.id')
    .where('character.id', '=', characterId)
    .where('character.world_id', '=', scope.world.id)
    .where('character.assigned_to', '=', userId);
  return (await whereVisible(query, scope, 'character').executeTakeFirst()) !== undefined;
}
