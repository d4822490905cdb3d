/** Queries on `relationship`: directed, from a character to another of the same world (SPEC §3 Relationship). */
import type { Db } from '../../db/database.js';
import { deleteTagsOf } from '../tags/tag.repository.js';
import type { RelationshipTable } from '../../db/tables/relationship.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import { compiledShape } from '../../lib/compiled-query.js';
import { nowIso } from '../../lib/time.js';
import { whereVisible } from '../../access/visibility.js';
import { type ReadScope, type WorldScope, readerClass, readerOf } from '../../access/world-scope.js';
import { characterReadable } from '../characters/character.repository.js';

/** A relationship row with its target character's name. */
export type RelationshipRow = RelationshipTable & { target_character_name: string };

/** The columns a create or update writes. */
export type RelationshipChanges = Omit<RelationshipTable, 'id' | 'world_id' | 'character_id' | 'created_at' | 'updated_at'>;

/** Relationships the reader may see (a secret one, or one with a hidden end, is left out). */
const selectRelationships = (db: Db, scope: ReadScope) =>
  whereVisible(
    db
      .selectFrom('relationship')
      .innerJoin('character', 'character.id', 'relationship.target_character_id')
      .selectAll('relationship')
      .select('character.name as target_character_name'),
    scope,
    'relationship',
  );

/** Finds one of a character's relationships the reader may see, or undefined. */
export async function findRelationship(
  db: Db,
  scope: ReadScope,
  characterId: string,
  relationshipId: string,
): Promise<RelationshipRow | undefined> {
  // Compiled once per reader class (lib/compiled-query.ts), as the character it hangs from is.
  const [row] = await compiledShape(
    db,
    `relationship:${readerClass(scope)}`,
    [relationshipId, characterId, scope.viewer.userId],
    (values) => {
      const [id, character, viewer] = values as [string, string, string];
      return selectRelationships(db, readerOf(scope, viewer))
        .where('relationship.id', '=', id)
        .where('relationship.character_id', '=', character);
    },
  );
  return row;
}

/** The id of the relationship from `characterId` to `targetCharacterId`, if there is one. */
export async function findRelationshipIdByPair(db: Db, characterId: string, targetCharacterId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('relationship')
    .select('id')
    .where('character_id', '=', characterId)
    .where('target_character_id', '=', targetCharacterId)
    .executeTakeFirst();
  return row?.id;
}

/**
 * Lists a character's relationships the reader may see with search (target's name, description), sort and paging;
 * its common pages run as SQL compiled once per reader class and shape (lib/list ListShape). The character is
 * checked in the same statement (characterReadable): a character of another world, missing or hidden from the
 * reader has no rows, so a caller answering 404 for such a character looks it up only when the page is empty.
 */
export function listRelationships(
  db: Db,
  scope: WorldScope,
  characterId: string,
  params: ListParams,
): Promise<ListResult<RelationshipRow>> {
  return paginate<'relationship' | 'character', RelationshipRow>({
    shape: {
      db,
      key: `relationships:${readerClass(scope)}`,
      args: [characterId, scope.world.id, scope.viewer.userId],
      build: (built, [character = '', world = '', viewer = '']) => {
        const reader = readerOf(scope, viewer);
        return selectRelationships(built, reader)
          .where('relationship.character_id', '=', character)
          .where(characterReadable(built, reader, character, world));
      },
    },
    sortColumns: {
      ...timestampSortColumns('relationship'),
      affinity: { column: 'relationship.affinity', key: 'affinity', numeric: true },
      trustLevel: { column: 'relationship.trust_level', key: 'trust_level', numeric: true },
    },
    idColumn: 'relationship.id',
    searchColumns: ['character.name', 'relationship.description'],
    params,
  });
}

/** Inserts a relationship row. */
export async function insertRelationship(db: Db, row: RelationshipTable): Promise<void> {
  await db.insertInto('relationship').values(row).execute();
}

/** Writes a relationship's editable columns and bumps updated_at. */
export async function updateRelationshipRow(db: Db, relationshipId: string, changes: RelationshipChanges): Promise<void> {
  await db
    .updateTable('relationship')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', relationshipId)
    .execute();
}

/** Deletes one relationship. */
export async function deleteRelationshipRow(db: Db, relationshipId: string): Promise<void> {
  await deleteTagsOf(db, 'relationship', [relationshipId]);
  await db.deleteFrom('relationship').where('id', '=', relationshipId).execute();
}
