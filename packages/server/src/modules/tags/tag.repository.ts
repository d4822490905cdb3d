/** Queries on `entity_tag` (issue "Linked lore", tags). Every function takes `db` first so it runs in a transaction too. */
import { type SqlBool, sql } from 'kysely';
import { TAGGABLE_TYPES, type TaggableType } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { visibleCondition } from '../../access/visibility.js';
import type { WorldScope } from '../../access/world-scope.js';

/** Whose tags: the world and who reads it (shared worlds' scope). */
export type TagScope = Pick<WorldScope, 'world' | 'viewer' | 'seesSecrets'>;

/** Tag rows of entities the reader may see: each kind's visibility rule, through an exists on its table. */
function visibleTagRows(db: Db, scope: TagScope) {
  const query = db.selectFrom('entity_tag').where('entity_tag.world_id', '=', scope.world.id);
  if (scope.seesSecrets) return query;
  const kinds = TAGGABLE_TYPES.map((type) => {
    const rule = visibleCondition(scope, type, 'tagged') ?? sql<SqlBool>`true`;
    return sql<SqlBool>`(entity_tag.entity_type = ${type} and exists (select 1 from ${sql.table(type)} as tagged where tagged.id = entity_tag.entity_id and ${rule}))`;
  });
  return query.where(sql<SqlBool>`(${sql.join(kinds, sql` or `)})`);
}

/**
 * An entity's tags, sorted by their lower case.
 * @returns the tags as first written.
 */
export async function findEntityTags(db: Db, scope: TagScope, type: TaggableType, entityId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('entity_tag')
    .select('tag')
    .where('world_id', '=', scope.world.id)
    .where('entity_type', '=', type)
    .where('entity_id', '=', entityId)
    .orderBy('tag_key')
    .execute();
  return rows.map((row) => row.tag);
}

/** Replaces an entity's tags with `tags` (already distinct by lower case). */
export async function replaceEntityTags(
  db: Db,
  worldId: string,
  type: TaggableType,
  entityId: string,
  tags: string[],
  now: string,
): Promise<void> {
  await db.deleteFrom('entity_tag').where('entity_type', '=', type).where('entity_id', '=', entityId).execute();
  if (tags.length === 0) return;
  await db
    .insertInto('entity_tag')
    .values(
      tags.map((tag) => ({ world_id: worldId, entity_type: type, entity_id: entityId, tag, tag_key: tag.toLowerCase(), created_at: now })),
    )
    .execute();
}

/**
 * Drops the tags of deleted entities of one type (call in the transaction that deletes them, before the rows go).
 * @param ids the entities' ids; nothing happens for none.
 */
export async function deleteTagsOf(db: Db, type: TaggableType, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .deleteFrom('entity_tag')
    .where('entity_type', '=', type)
    .where('entity_id', 'in', [...ids])
    .execute();
}

/**
 * Every tag of a world with how many entities the reader may see carry it, by lower case (the first spelling shown).
 * @returns `{ tag, count }` sorted by tag.
 */
export async function listWorldTags(db: Db, scope: TagScope): Promise<Array<{ tag: string; count: number }>> {
  const rows = await visibleTagRows(db, scope)
    .select((eb) => ['tag_key', eb.fn.min('tag').as('tag'), eb.fn.countAll<number>().as('count')])
    .groupBy('tag_key')
    .orderBy('tag_key')
    .execute();
  return rows.map((row) => ({ tag: String(row.tag), count: Number(row.count) }));
}
