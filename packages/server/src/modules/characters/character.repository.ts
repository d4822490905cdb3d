/** Queries on `character` and `character_active_quest` (SPEC §3 Character, §7 Characters). */
import type { Db } from '../../db/database.js';
import type { CharacterTable } from '../../db/tables/character.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns, worldListCache } from '../../lib/list.js';
import { compiledQuery } from '../../lib/compiled-query.js';
import { nowIso } from '../../lib/time.js';

/** A character row with its active quest ids (ordered by when each was added). */
export type CharacterRecord = CharacterTable & { activeQuests: string[] };

/** The columns a create or update writes. */
export interface CharacterChanges {
  name: string;
  description: string | null;
  attributes: string;
  current_location_id: string | null;
}

const selectCharacterInWorld = compiledQuery((db, worldId: string, characterId: string) =>
  db.selectFrom('character').selectAll().where('id', '=', characterId).where('world_id', '=', worldId));

/**
 * Finds a character of a world, or undefined (a character of another world is treated as missing). The
 * character routes and every route under a character run it, so it runs as compiled SQL.
 */
export async function findCharacterInWorld(db: Db, worldId: string, characterId: string): Promise<CharacterTable | undefined> {
  const [row] = await selectCharacterInWorld(db, worldId, characterId);
  return row;
}

/** Finds a character whose world belongs to the user, or undefined (for routes without a world in the path). */
export function findOwnedCharacter(db: Db, characterId: string, userId: string): Promise<CharacterTable | undefined> {
  return db
    .selectFrom('character')
    .innerJoin('world', 'world.id', 'character.world_id')
    .selectAll('character')
    .where('character.id', '=', characterId)
    .where('world.created_by', '=', userId)
    .executeTakeFirst();
}

/**
 * Lists a world's characters with search (name, description), sort and paging.
 * @param knownTotal the world's kept character_count, used as the total when there is no search.
 * @param contentVersion the world's content_version read with it; searches and deep pages are then cached.
 */
export function listCharacters(
  db: Db,
  worldId: string,
  knownTotal: number,
  params: ListParams,
  contentVersion?: number,
): Promise<ListResult<CharacterTable>> {
  return paginate({
    query: db.selectFrom('character').selectAll('character').where('character.world_id', '=', worldId),
    sortColumns: {
      ...timestampSortColumns('character'),
      name: { column: 'character.name', key: 'name' },
    },
    idColumn: 'character.id',
    searchColumns: ['character.name', 'character.description'],
    fullText: { db, table: 'character', scopeRows: knownTotal },
    knownTotal,
    cache: worldListCache(db, worldId, contentVersion),
    params,
  });
}

/** Active quest ids per character, for presenting one or many characters: character id → quest ids. */
export async function findActiveQuestIds(db: Db, characterIds: string[]): Promise<Map<string, string[]>> {
  const byCharacter = new Map<string, string[]>(characterIds.map((id) => [id, []]));
  if (characterIds.length === 0) return byCharacter;
  const rows = await db
    .selectFrom('character_active_quest')
    .select(['character_id', 'quest_id'])
    .where('character_id', 'in', characterIds)
    .orderBy('created_at')
    .orderBy('quest_id')
    .execute();
  for (const row of rows) byCharacter.get(row.character_id)?.push(row.quest_id);
  return byCharacter;
}

/** Attaches active quest ids to character rows (one query for the whole page). */
export async function withActiveQuests(db: Db, rows: CharacterTable[]): Promise<CharacterRecord[]> {
  const quests = await findActiveQuestIds(db, rows.map((row) => row.id));
  return rows.map((row) => ({ ...row, activeQuests: quests.get(row.id) ?? [] }));
}

/** Finds a character of a world with its active quest ids, or undefined. */
export async function findCharacterRecord(db: Db, worldId: string, characterId: string): Promise<CharacterRecord | undefined> {
  const row = await findCharacterInWorld(db, worldId, characterId);
  if (!row) return undefined;
  const [record] = await withActiveQuests(db, [row]);
  return record;
}

/** Inserts a character row. */
export async function insertCharacter(db: Db, row: CharacterTable): Promise<void> {
  await db.insertInto('character').values(row).execute();
}

const CHARACTER_COLUMNS = ['id', 'world_id', 'name', 'description', 'attributes', 'current_location_id', 'created_at', 'updated_at'] as const;

// INSERT … SELECT from the world row the user owns: the ownership check and the write in one statement.
const insertIntoOwned = compiledQuery((db, userId: string, ...values: [string, string, string, string | null, string, string | null, string, string]) =>
  db
    .insertInto('character')
    .columns([...CHARACTER_COLUMNS])
    .expression(
      db
        .selectFrom('world')
        .select((eb) => CHARACTER_COLUMNS.map((column, index) => eb.val(values[index]).as(column)))
        .where('world.id', '=', values[1])
        .where('world.created_by', '=', userId),
    )
    .returning('id'));

/**
 * Inserts a character row into its world if the user owns that world, in one statement (no separate
 * ownership read: a create is then one round trip to the database inside its transaction).
 * @returns whether the row was inserted (false when the world is missing or not the user's).
 */
export async function insertCharacterIntoOwnedWorld(db: Db, row: CharacterTable, userId: string): Promise<boolean> {
  const inserted = await insertIntoOwned(db, userId, row.id, row.world_id, row.name, row.description, row.attributes, row.current_location_id, row.created_at, row.updated_at);
  return inserted.length === 1;
}

/** Writes a character's editable columns and bumps updated_at. */
export async function updateCharacterRow(db: Db, characterId: string, changes: CharacterChanges): Promise<void> {
  await db.updateTable('character').set({ ...changes, updated_at: nowIso() }).where('id', '=', characterId).execute();
}

/**
 * Deletes a character; its relationships (both directions), goals, inventory and quest links cascade.
 * @returns whether a row was deleted (false when a concurrent request deleted it first).
 */
export async function deleteCharacterRow(db: Db, characterId: string): Promise<boolean> {
  const result = await db.deleteFrom('character').where('id', '=', characterId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/**
 * Moves a character row from one world to another, clearing its location (a map point of the old world).
 * @returns whether the row moved (false when it is no longer in `fromWorldId`).
 */
export async function moveCharacterRow(db: Db, characterId: string, fromWorldId: string, toWorldId: string): Promise<boolean> {
  const result = await db
    .updateTable('character')
    .set({ world_id: toWorldId, current_location_id: null, updated_at: nowIso() })
    .where('id', '=', characterId)
    .where('world_id', '=', fromWorldId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Makes the character's active quests exactly `questIds`: links still wanted keep their original order,
 * removed ones are deleted and new ones appended. `isNew` skips reading links a just-inserted character cannot have.
 */
export async function replaceActiveQuests(db: Db, characterId: string, questIds: string[], isNew = false): Promise<void> {
  const wanted = new Set(questIds);
  const current = isNew
    ? []
    : await db
      .selectFrom('character_active_quest')
      .select('quest_id')
      .where('character_id', '=', characterId)
      .execute();
  const existing = new Set(current.map((row) => row.quest_id));
  const removed = [...existing].filter((id) => !wanted.has(id));
  if (removed.length > 0) {
    await db
      .deleteFrom('character_active_quest')
      .where('character_id', '=', characterId)
      .where('quest_id', 'in', removed)
      .execute();
  }
  const added = [...wanted].filter((id) => !existing.has(id));
  if (added.length > 0) {
    const now = nowIso();
    await db
      .insertInto('character_active_quest')
      .values(added.map((questId) => ({ character_id: characterId, quest_id: questId, created_at: now })))
      .execute();
  }
}

/** Which of the given quest ids are quests of the world. */
export async function findQuestIdsInWorld(db: Db, worldId: string, questIds: string[]): Promise<Set<string>> {
  if (questIds.length === 0) return new Set();
  const rows = await db.selectFrom('quest').select('id').where('world_id', '=', worldId).where('id', 'in', questIds).execute();
  return new Set(rows.map((row) => row.id));
}

/** Whether a map point of the world has this id. */
export async function isMapPointInWorld(db: Db, worldId: string, pointId: string): Promise<boolean> {
  const row = await db.selectFrom('map_point').select('id').where('id', '=', pointId).where('world_id', '=', worldId).executeTakeFirst();
  return row !== undefined;
}

/** Ids of a character's goals (their polymorphic references must be cleaned when the goals leave or go). */
export async function findGoalIdsOfCharacter(db: Db, characterId: string): Promise<string[]> {
  const rows = await db.selectFrom('goal').select('id').where('character_id', '=', characterId).execute();
  return rows.map((row) => row.id);
}
