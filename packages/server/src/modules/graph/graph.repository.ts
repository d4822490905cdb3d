/**
 * Queries of the world graph: the characters and items that are its nodes, and the relationships, connections and
 * inventory entries that are its edges. Every query starts from {@link graphBase}, so the visibility rule of shared
 * worlds is added in one place.
 */
import type { ConnectableType } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { findEntityNames } from '../../lib/references.js';
import { whereVisible } from '../../access/visibility.js';
import type { WorldScope } from '../../access/world-scope.js';

/** Whose graph it is: the world and who reads it (shared worlds' scope). */
export type GraphScope = Pick<WorldScope, 'world' | 'viewer' | 'seesSecrets'>;

type GraphTable = 'character' | 'item' | 'relationship' | 'connection' | 'inventory_item';

/** The rows of a table a reader may see: the scope's world, under shared worlds' visibility rule. */
function graphBase(db: Db, table: GraphTable, scope: GraphScope) {
  return whereVisible(db.selectFrom(table).where(`${table}.world_id`, '=', scope.world.id), scope, table);
}

/**
 * A world's characters or items by name, then id.
 * @param limit most rows to read (one more than the caller keeps tells it more exist).
 * @returns `{ id, name }` rows.
 */
export function listNodeRows(
  db: Db,
  scope: GraphScope,
  table: 'character' | 'item',
  limit: number,
): Promise<Array<{ id: string; name: string }>> {
  return graphBase(db, table, scope).select(['id', 'name']).orderBy('name').orderBy('id').limit(limit).execute();
}

/** A world's relationships as edges (source character, target character, type, affinity), oldest first. */
export function listRelationshipEdges(db: Db, scope: GraphScope, limit: number) {
  return graphBase(db, 'relationship', scope)
    .select(['id', 'character_id', 'target_character_id', 'relationship_type', 'affinity'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A world's connections (both ends' types and ids, and the connection type), oldest first. */
export function listConnectionEdges(db: Db, scope: GraphScope, limit: number) {
  return graphBase(db, 'connection', scope)
    .select(['id', 'source_type', 'source_id', 'target_type', 'target_id', 'connection_type'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** A world's inventory entries as holder → item pairs, oldest first. */
export function listHoldingEdges(db: Db, scope: GraphScope, limit: number) {
  return graphBase(db, 'inventory_item', scope)
    .select(['id', 'character_id', 'item_id'])
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Names of the entities connections reach beyond characters and items (timelines, events, maps, quests, goals).
 * @returns `${type}:${id}` → name, for those in the scope's world.
 */
export function findConnectedNames(
  db: Db,
  scope: GraphScope,
  refs: Array<{ type: ConnectableType; id: string }>,
): Promise<Map<string, string>> {
  return findEntityNames(db, scope.world.id, refs);
}
