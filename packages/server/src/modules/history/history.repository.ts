/**
 * Reads of one entity's history in the change log (`world_change`, migration 2026_11_25_110000) and of the
 * entity's current row (issue 15 "History"). The change rows' own visibility snapshot is applied in SQL for
 * readers who are not editors (the same rule the change feed uses); the entity itself is checked by the caller
 * through visibility.ts.
 */
import { type SqlBool, sql } from 'kysely';
import type { HistoryEntityType } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { likeValue } from '../../db/prepared-once.js';
import type { WorldChangeTable } from '../../db/tables/world-change.table.js';
import { SECRET_TABLES, type SecretTable } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

/** One change of an entity, as stored. */
export type EntityChangeRow = Pick<
  WorldChangeTable,
  'sequence' | 'action' | 'by' | 'at' | 'visibility' | 'revealed_to' | 'before' | 'after'
>;

/** The table of each entity type with a history: the secret-capable ones of visibility.ts, the world and calendars. */
const ENTITY_TABLES: Readonly<Record<HistoryEntityType, SecretTable | 'world' | 'calendar'>> = {
  ...SECRET_TABLES,
  world: 'world',
  calendar: 'calendar',
};

/** The secret-capable table of a type, or undefined for types every member sees (world, calendar). */
export function secretTableOf(type: HistoryEntityType): SecretTable | undefined {
  return type === 'world' || type === 'calendar' ? undefined : SECRET_TABLES[type];
}

/** A change row's own snapshot rule: no access columns, visible to everyone, or revealed to this player. */
function snapshotRule(scope: ReadScope) {
  return sql<SqlBool>`(visibility is null or visibility = 'everyone'${
    scope.viewer.role === 'player' ? sql` or revealed_to like ${likeValue(`%"${scope.viewer.userId}"%`)}` : sql``
  })`;
}

/** Every change of one entity, of any visibility, with the columns of EntityChangeRow. */
function entityChanges(db: Db, worldId: string, type: HistoryEntityType, entityId: string) {
  return db
    .selectFrom('world_change')
    .select(['sequence', 'action', 'by', 'at', 'visibility', 'revealed_to', 'before', 'after'])
    .where('world_id', '=', worldId)
    .where('entity_type', '=', type)
    .where('entity_id', '=', entityId);
}

/** Most changes of one entity a history reads (older ones are not shown). */
export const HISTORY_CHANGES_MAX = 5000;

/**
 * An entity's changes the reader may see by their snapshots, newest first (at most HISTORY_CHANGES_MAX).
 */
export async function listEntityChanges(
  db: Db,
  scope: ReadScope,
  worldId: string,
  type: HistoryEntityType,
  entityId: string,
): Promise<EntityChangeRow[]> {
  const changes = entityChanges(db, worldId, type, entityId);
  const visible = scope.seesSecrets ? changes : changes.where(snapshotRule(scope));
  return visible.orderBy('sequence', 'desc').limit(HISTORY_CHANGES_MAX).execute();
}

/** The entity's latest change of any visibility (whether it is deleted, its last snapshot), or undefined. */
export async function findLatestEntityChange(
  db: Db,
  worldId: string,
  type: HistoryEntityType,
  entityId: string,
): Promise<EntityChangeRow | undefined> {
  return entityChanges(db, worldId, type, entityId).orderBy('sequence', 'desc').limit(1).executeTakeFirst();
}

/** One change of an entity by its sequence, or undefined. */
export async function findEntityChange(
  db: Db,
  worldId: string,
  type: HistoryEntityType,
  entityId: string,
  sequence: number,
): Promise<EntityChangeRow | undefined> {
  return entityChanges(db, worldId, type, entityId).where('sequence', '=', sequence).executeTakeFirst();
}

/**
 * The entity's current row in this world as stored (for its name, its parents' ids and whether it still exists),
 * or undefined when it is gone or belongs to another world. An objective belongs to the world of its quest.
 */
export async function findEntityRow(
  db: Db,
  worldId: string,
  type: HistoryEntityType,
  entityId: string,
): Promise<Record<string, unknown> | undefined> {
  const table = ENTITY_TABLES[type];
  if (table === 'world') {
    return entityId === worldId ? db.selectFrom('world').selectAll().where('id', '=', worldId).executeTakeFirst() : undefined;
  }
  if (table === 'quest_objective') {
    return db
      .selectFrom('quest_objective')
      .innerJoin('quest', 'quest.id', 'quest_objective.quest_id')
      .selectAll('quest_objective')
      .where('quest_objective.id', '=', entityId)
      .where('quest.world_id', '=', worldId)
      .executeTakeFirst();
  }
  return db.selectFrom(table).selectAll().where('id', '=', entityId).where('world_id', '=', worldId).executeTakeFirst();
}

/** Usernames of accounts by id (unknown ids are left out). */
export async function findUsernames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('user').select(['id', 'username']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.username]));
}
