/** Queries on `character` and `character_active_quest` (SPEC §3 Character, §7 Characters). */
import { type Expression, type RawBuilder, type SelectQueryBuilder, SqliteAdapter, type SqlBool, sql } from 'kysely';
import type { Database, Db } from '../../db/database.js';
import type { CharacterTable } from '../../db/tables/character.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns, worldListCache } from '../../lib/list/index.js';
import { compiledQuery, compiledShape, findInWorld } from '../../lib/compiled-query.js';
import { nowIso } from '../../lib/time.js';
import { whereVisible } from '../../access/visibility.js';
import { type ReadScope, type WorldScope, readerClass, readerOf } from '../../access/world-scope.js';

/** A character row with its active quest ids (ordered by when each was added). */
export type CharacterRecord = CharacterTable & { activeQuests: string[] };

/** The columns a create or update writes. */
export type CharacterChanges = Omit<CharacterTable, 'id' | 'world_id' | 'created_at' | 'updated_at' | 'created_by'>;

/**
 * Finds a character of the scope's world that its reader may see, or undefined (a character of another world
 * or a secret one is treated as missing).
 */
export function findCharacterInWorld(db: Db, scope: WorldScope, characterId: string): Promise<CharacterTable | undefined> {
  const ids = { id: characterId, worldId: scope.world.id, viewerId: scope.viewer.userId };
  return findInWorld(db, 'character', readerClass(scope), ids, (query, viewer) =>
    whereVisible(query, readerOf(scope, viewer), 'character'),
  );
}

/**
 * The condition "this character is one of the world's and the reader may see it", for a list of what hangs from a
 * character (its relationships, its inventory) that checks its character in the page's own statement: the page
 * then has rows only when the character may be read, and only an empty page needs requireCharacter to tell a
 * missing or hidden character (404) from an empty list. SQLite and PostgreSQL evaluate it once per statement.
 * @param reader the reader's visibility rule (a reader of the scope's class, see readerOf).
 */
export function characterReadable(db: Db, reader: ReadScope, characterId: string, worldId: string): Expression<SqlBool> {
  const owner = db
    .selectFrom('character as list_owner')
    .select('list_owner.id')
    .where('list_owner.id', '=', characterId)
    .where('list_owner.world_id', '=', worldId);
  // Kysely writes the subquery in its own parentheses.
  return sql<SqlBool>`exists ${whereVisible(owner, reader, 'character', 'list_owner')}`;
}

/**
 * Finds a character of a world the user edits (owner or editor), or undefined (for routes without a world in
 * the path).
 */
export function findEditableCharacter(db: Db, characterId: string, userId: string): Promise<CharacterTable | undefined> {
  return db
    .selectFrom('character')
    .innerJoin('world_member', 'world_member.world_id', 'character.world_id')
    .selectAll('character')
    .where('character.id', '=', characterId)
    .where('world_member.user_id', '=', userId)
    .where('world_member.role', 'in', ['owner', 'editor'])
    .executeTakeFirst();
}

/** A listed character row with the ids of its active quests the reader may see (a JSON list). */
type ListedCharacter = CharacterTable & { active_quest_ids?: string | string[] | null };

/**
 * The active quest ids of a character row in the same statement, as a JSON list in the order they were added,
 * limited to the quests the reader may see: a correlated subquery (SQLite's json_group_array, PostgreSQL's
 * json_agg, each with its ORDER BY), so a character, or a page of them, takes one round trip instead of two.
 * @param idRef the character's id column (`character.id`, or the page's derived table's for a list).
 */
function activeQuestIdsColumn(db: Db, reader: ReadScope, idRef = 'character.id'): RawBuilder<string | string[] | null> {
  const links = whereVisible(
    db
      .selectFrom('character_active_quest')
      .innerJoin('quest', 'quest.id', 'character_active_quest.quest_id')
      .where(sql<SqlBool>`${sql.ref('character_active_quest.character_id')} = ${sql.ref(idRef)}`),
    reader,
    'quest',
  );
  const ordered = sql`${sql.ref('character_active_quest.quest_id')} order by ${sql.ref('character_active_quest.created_at')}, ${sql.ref('character_active_quest.quest_id')}`;
  const list =
    db.getExecutor().adapter instanceof SqliteAdapter
      ? sql<string>`json_group_array(${ordered})`
      : sql<string>`coalesce(json_agg(${ordered}), '[]'::json)`;
  return sql<string | string[] | null>`(${links.select(list.as('ids'))})`;
}

/** The ids of an active_quest_ids column (PostgreSQL answers the JSON parsed, SQLite as text). */
const questIdsOf = (value: string | string[] | null): string[] =>
  value === null ? [] : typeof value === 'string' ? (JSON.parse(value) as string[]) : value;

/**
 * Lists the characters of the scope's world its reader may see, with their active quest ids, search (name,
 * description), sort and paging; a current location the reader may not see is hidden. Editors' totals come
 * from the world's kept character_count; anyone else's are counted.
 * @returns the page's records and its pagination block.
 * @throws AppError 400 for a bad sort, cursor or tag (lib/list).
 */
export async function listCharacters(db: Db, scope: WorldScope, params: ListParams): Promise<ListResult<CharacterRecord>> {
  const worldId = scope.world.id;
  const knownTotal = scope.seesSecrets ? Number(scope.world.character_count) : undefined;
  const contentVersion = scope.world.content_version;
  const { rows, pagination } = await paginate<'character', ListedCharacter>({
    shape: {
      db,
      key: `characters:${readerClass(scope)}`,
      args: [worldId, scope.viewer.userId],
      build: (built, [world = '', viewer = '']) =>
        whereVisible(
          built.selectFrom('character').selectAll('character').where('character.world_id', '=', world),
          readerOf(scope, viewer),
          'character',
        ),
      // The active quests of the page's rows, in the page's statement (one round trip, and one wait for SQLite's
      // reader, instead of two), computed for the rows shown only, not for every row a ranked search sorts.
      pageColumns: (built, [, viewer = ''], page) => [
        activeQuestIdsColumn(built, readerOf(scope, viewer), `${page}.id`).as('active_quest_ids'),
      ],
    },
    sortColumns: {
      ...timestampSortColumns('character'),
      name: { column: 'character.name', key: 'name' },
    },
    idColumn: 'character.id',
    searchColumns: ['character.name', 'character.description'],
    // The world's count bounds every reader's scope (a player's visible rows are some of them), so a player's
    // search of a small world scans it with LIKE as an editor's does, not the index of every world's rows.
    fullText: { db, table: 'character', scopeRows: Number(scope.world.character_count) },
    knownTotal,
    cache: worldListCache(db, worldId, contentVersion),
    params,
  });
  // A page built around the scoped query instead of the compiled shape (a tag, a cursor without a kept total, a
  // deep page from the list cache's anchors) does not carry the page columns: its active quests are read apart.
  const carried = rows[0] === undefined || 'active_quest_ids' in rows[0];
  const apart = carried
    ? undefined
    : await findActiveQuestIds(
        db,
        scope,
        rows.map((row) => row.id),
      );
  const locationOf = await visibleLocations(db, scope, rows);
  // Rest destructuring copies a row several times slower than a spread, so only rows carrying the column pay it.
  const records = apart
    ? rows.map((row) => Object.assign({}, row, { current_location_id: locationOf(row), activeQuests: apart.get(row.id) ?? [] }))
    : rows.map(({ active_quest_ids: questIds, ...row }) =>
        Object.assign({}, row, { current_location_id: locationOf(row), activeQuests: questIdsOf(questIds ?? null) }),
      );
  return { rows: records, pagination };
}

/**
 * Active quest ids per character that the reader may see, for presenting one or many characters:
 * character id → quest ids.
 */
export async function findActiveQuestIds(db: Db, scope: ReadScope, characterIds: string[]): Promise<Map<string, string[]>> {
  const byCharacter = new Map<string, string[]>(characterIds.map((id) => [id, []]));
  if (characterIds.length === 0) return byCharacter;
  // Compiled once per reader class and number of ids (lib/compiled-query.ts): a page asks it on every miss.
  const key = `active-quests:${readerClass(scope)}:${characterIds.length}`;
  const rows = await compiledShape(db, key, [scope.viewer.userId, ...characterIds], ([viewer = '', ...ids]) =>
    whereVisible(
      db
        .selectFrom('character_active_quest')
        .innerJoin('quest', 'quest.id', 'character_active_quest.quest_id')
        .select(['character_active_quest.character_id', 'character_active_quest.quest_id'])
        .where('character_active_quest.character_id', 'in', ids as string[])
        .orderBy('character_active_quest.created_at')
        .orderBy('character_active_quest.quest_id'),
      readerOf(scope, viewer as string),
      'quest',
    ),
  );
  for (const row of rows) byCharacter.get(row.character_id)?.push(row.quest_id);
  return byCharacter;
}

/**
 * The current location the reader may see of each of `rows`: a location at a map point the reader may not see
 * reads as null. One statement for the rows' distinct locations, and none for editors or rows without one.
 * @returns a function from a row to the location to answer.
 */
async function visibleLocations(
  db: Db,
  scope: ReadScope,
  rows: readonly CharacterTable[],
): Promise<(row: CharacterTable) => string | null> {
  const pointIds = [...new Set(rows.map((row) => row.current_location_id).filter((id): id is string => id !== null))];
  if (scope.seesSecrets || pointIds.length === 0) return (row) => row.current_location_id;
  const visible = await whereVisible(
    db.selectFrom('map_point').select('map_point.id').where('map_point.id', 'in', pointIds),
    scope,
    'map_point',
  ).execute();
  const seen = new Set(visible.map((row) => row.id));
  return (row) => (row.current_location_id !== null && !seen.has(row.current_location_id) ? null : row.current_location_id);
}

/**
 * Attaches the active quest ids the reader may see to character rows (one query for the whole page), and
 * hides a current location the reader may not see.
 */
export async function withActiveQuests(db: Db, scope: ReadScope, rows: CharacterTable[]): Promise<CharacterRecord[]> {
  const quests = await findActiveQuestIds(
    db,
    scope,
    rows.map((row) => row.id),
  );
  const locationOf = await visibleLocations(db, scope, rows);
  return rows.map((row) => Object.assign({}, row, { current_location_id: locationOf(row), activeQuests: quests.get(row.id) ?? [] }));
}

/**
 * Finds a character of the scope's world its reader may see, with its active quest ids, or undefined (another
 * world's character, or one the reader may not see). One statement, compiled once per reader class: the row and
 * its active quests (activeQuestIdsColumn, evaluated once for the one row) in one round trip, on SQLite's reader
 * as on PostgreSQL; a current location the reader may not see is hidden (a second statement for players and
 * viewers of a character with a location only).
 */
export async function findCharacterRecord(db: Db, scope: WorldScope, characterId: string): Promise<CharacterRecord | undefined> {
  const args = [characterId, scope.world.id, scope.viewer.userId];
  const [row] = await compiledShape<ListedCharacter>(
    db,
    `character-record:${readerClass(scope)}`,
    args,
    ([id = '', worldId = '', viewer = '']) => {
      const reader = readerOf(scope, viewer as string);
      const query = db
        .selectFrom('character')
        .selectAll('character')
        .select(activeQuestIdsColumn(db, reader).as('active_quest_ids'))
        .where('character.id', '=', id as string)
        .where('character.world_id', '=', worldId as string) as SelectQueryBuilder<Database, 'character', ListedCharacter>;
      return whereVisible(query, reader, 'character');
    },
  );
  if (!row) return undefined;
  const { active_quest_ids: questIds, ...character } = row;
  const locationOf = await visibleLocations(db, scope, [character]);
  return Object.assign(character, { current_location_id: locationOf(character), activeQuests: questIdsOf(questIds ?? null) });
}

/** Inserts a character row. */
export async function insertCharacter(db: Db, row: CharacterTable): Promise<void> {
  await db.insertInto('character').values(row).execute();
}

const CHARACTER_COLUMNS = [
  'id',
  'world_id',
  'name',
  'description',
  'attributes',
  'current_location_id',
  'assigned_to',
  'visibility',
  'revealed_to',
  'gm_notes',
  'created_by',
  'updated_by',
  'created_at',
  'updated_at',
] as const;

type CharacterValues = [
  string,
  string,
  string,
  string | null,
  string,
  string | null,
  string | null,
  string,
  string,
  string | null,
  string | null,
  string | null,
  string,
  string,
];

/** A new character row's values, in CHARACTER_COLUMNS order. */
const valuesOf = (row: CharacterTable): CharacterValues => [
  row.id,
  row.world_id,
  row.name,
  row.description,
  row.attributes,
  row.current_location_id,
  row.assigned_to,
  row.visibility,
  row.revealed_to,
  row.gm_notes,
  row.created_by,
  row.updated_by,
  row.created_at,
  row.updated_at,
];

/** The row `values` as a SELECT from its world, which yields it only if `userId` owns or edits that world. */
const ownedRowSelect = (db: Db, userId: string, values: CharacterValues) =>
  db
    .selectFrom('world')
    .select((eb) => CHARACTER_COLUMNS.map((column, index) => eb.val(values[index]).as(column)))
    .where('world.id', '=', values[1])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('world_member')
          .select('world_member.user_id')
          .whereRef('world_member.world_id', '=', 'world.id')
          .where('world_member.user_id', '=', userId)
          .where('world_member.role', 'in', ['owner', 'editor']),
      ),
    );

// INSERT … SELECT from the world row the user edits: the role check and the write in one statement.
const insertIntoOwned = compiledQuery((db, userId: string, ...values: CharacterValues) =>
  db
    .insertInto('character')
    .columns([...CHARACTER_COLUMNS])
    .expression(ownedRowSelect(db, userId, values))
    .returning('id'),
);

/**
 * Inserts a character row into its world if the user is its owner or an editor, in one statement (no separate
 * role read: a create is then one round trip to the database inside its transaction).
 * @returns whether the row was inserted (false when the world is missing or the user may not write it).
 */
export async function insertCharacterIntoOwnedWorld(db: Db, row: CharacterTable, userId: string): Promise<boolean> {
  const inserted = await insertIntoOwned(db, userId, ...valuesOf(row));
  return inserted.length === 1;
}

/** Values bound per row by insertCharactersIntoOwnedWorlds: the user's id, then the row's values. */
const OWNED_ROW_ARITY = 1 + CHARACTER_COLUMNS.length;

/**
 * Inserts several new character rows in one statement (`INSERT … SELECT … UNION ALL SELECT …`), each into its
 * world only if its user is the world's owner or an editor (as insertCharacterIntoOwnedWorld). One statement
 * matters on SQLite: inside a transaction, every statement that writes a full-text table flushes the entries
 * pending for it into a new index segment, so rows inserted one statement at a time cost a segment each, and
 * their merging, where a batch's rows share one. The SQL is compiled once per number of rows.
 * @param rows the rows with the id of the user creating each (at most a few hundred: every value is bound).
 * @returns the ids of the rows inserted; a row whose world is missing or not writable by its user is left out.
 * @throws the database's error when a row breaks a constraint (the statement then inserts none of them).
 */
export async function insertCharactersIntoOwnedWorlds(
  db: Db,
  rows: ReadonlyArray<{ row: CharacterTable; userId: string }>,
): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const args = rows.flatMap(({ row, userId }) => [userId, ...valuesOf(row)]);
  const inserted = await compiledShape<{ id: string }>(db, `character:insert-owned:${rows.length}`, args, (placeholders) => {
    const selectOf = (index: number) => {
      const [userId, ...values] = placeholders.slice(index * OWNED_ROW_ARITY, (index + 1) * OWNED_ROW_ARITY);
      return ownedRowSelect(db, userId as string, values as unknown as CharacterValues);
    };
    let select = selectOf(0);
    for (let index = 1; index < rows.length; index += 1) select = select.unionAll(selectOf(index));
    return db
      .insertInto('character')
      .columns([...CHARACTER_COLUMNS])
      .expression(select)
      .returning('id');
  });
  return new Set(inserted.map((row) => row.id));
}

/** Writes a character's editable columns and bumps updated_at. */
export async function updateCharacterRow(db: Db, characterId: string, changes: CharacterChanges): Promise<void> {
  await db
    .updateTable('character')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', characterId)
    .execute();
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
 * Moves a character row from one world to another, clearing its location (a map point of the old world), its
 * assignment and its reveals (players of the old world).
 * @returns whether the row moved (false when it is no longer in `fromWorldId`).
 */
export async function moveCharacterRow(
  db: Db,
  characterId: string,
  fromWorldId: string,
  toWorldId: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('character')
    .set({ world_id: toWorldId, current_location_id: null, assigned_to: null, revealed_to: '[]', updated_by: userId, updated_at: nowIso() })
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
    : await db.selectFrom('character_active_quest').select('quest_id').where('character_id', '=', characterId).execute();
  const existing = new Set(current.map((row) => row.quest_id));
  const removed = [...existing].filter((id) => !wanted.has(id));
  if (removed.length > 0) {
    await db.deleteFrom('character_active_quest').where('character_id', '=', characterId).where('quest_id', 'in', removed).execute();
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
