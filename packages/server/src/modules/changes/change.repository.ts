/**
 * Reads of a world's change log (`world_change`, written by database triggers: migration 2026_11_25_110000)
 * through the visibility rule (modules/worlds/visibility.ts), so a reader never learns of a change to an entity
 * they may not see, not even its id (issue 15).
 */
import { type SqlBool, sql } from 'kysely';
import type { ChangeAction, ChangeEntityType } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { WorldChangeTable } from '../../db/tables/world-change.table.js';
import { type SecretTable, referencesOf, whereVisible } from '../worlds/visibility.js';
import type { ReadScope } from '../worlds/world-scope.js';

/** The secret-capable table of each entity type (types without one — world, member, calendar — every member sees). */
const SECRET_TABLES: Partial<Record<ChangeEntityType, SecretTable>> = {
  character: 'character', item: 'item', inventoryEntry: 'inventory_item', goal: 'goal', relationship: 'relationship',
  timeline: 'timeline', event: 'event', map: 'map', mapPoint: 'map_point', mapArea: 'map_area', quest: 'quest',
  objective: 'quest_objective', connection: 'connection',
};

/** A change as the feed answers it (what any reader who may see it may know). */
export interface ChangeRow {
  sequence: number;
  entityType: ChangeEntityType;
  entityId: string;
  action: ChangeAction;
  by: string | null;
  at: string;
}

/** A page of visible changes and how far the log was read for it. */
export interface ChangeScan {
  rows: ChangeRow[];
  /** The last sequence looked at (visible or not): the next read starts after it. */
  scannedTo: number;
  /** Whether the log holds more changes after scannedTo. */
  hasMore: boolean;
}

/** The row's own snapshot rule in SQL: visible to everyone, revealed to this player, or no access columns. */
function snapshotRule(scope: ReadScope) {
  return sql<SqlBool>`(visibility is null or visibility = 'everyone'${
    scope.viewer.role === 'player' ? sql` or revealed_to like ${`%"${scope.viewer.userId}"%`}` : sql``
  })`;
}

type Candidate = Pick<WorldChangeTable, 'sequence' | 'entity_type' | 'entity_id' | 'action' | 'by' | 'at' | 'before' | 'after'>;

/**
 * Drops the changes whose entity references a row the reader may not see now (an event of a secret timeline,
 * an inventory entry of a hidden character …), or whose references no longer exist: the rule of visibility.ts,
 * applied to the snapshot's references against the current rows.
 */
async function withVisibleReferences(db: Db, scope: ReadScope, candidates: Candidate[]): Promise<Candidate[]> {
  if (scope.seesSecrets) return candidates;
  const needed = new Map<SecretTable, Set<string>>();
  const referencesByRow = candidates.map((candidate) => {
    const table = SECRET_TABLES[candidate.entity_type as ChangeEntityType];
    if (table === undefined) return [];
    const snapshot = JSON.parse(candidate.after ?? candidate.before ?? '{}') as Record<string, unknown>;
    const references = referencesOf(table, snapshot);
    for (const reference of references ?? []) {
      const ids = needed.get(reference.table) ?? new Set<string>();
      ids.add(reference.id);
      needed.set(reference.table, ids);
    }
    return references;
  });
  const visible = new Set<string>();
  for (const [table, ids] of needed) {
    const rows = await whereVisible(db.selectFrom(table).select('id').where('id', 'in', [...ids]), scope, table).execute();
    for (const row of rows) visible.add(`${table}:${row.id}`);
  }
  return candidates.filter((_, index) => {
    const references = referencesByRow[index];
    return references !== undefined && references.every((reference) => visible.has(`${reference.table}:${reference.id}`));
  });
}

/**
 * The changes of a world after a sequence that the reader may see, oldest first.
 * @param db the database; @param scope who reads; @param worldId the world.
 * @param after answer sequences greater than this (0 for all); @param limit most rows to look at (1 to 1,000):
 *   fewer may be answered when some are hidden; `scannedTo` says where to continue.
 * @returns the visible changes, the last sequence looked at, and whether more follow.
 */
export async function listVisibleChanges(db: Db, scope: ReadScope, worldId: string, after: number, limit: number): Promise<ChangeScan> {
  // One read: every row up to the limit (so the scan moves on past hidden ones) with its own rule's answer.
  const looked = await db
    .selectFrom('world_change')
    .select(['sequence', 'entity_type', 'entity_id', 'action', 'by', 'at', 'before', 'after'])
    .select(scope.seesSecrets ? sql<SqlBool>`1`.as('own_visible') : snapshotRule(scope).as('own_visible'))
    .where('world_id', '=', worldId)
    .where('sequence', '>', after)
    .orderBy('sequence')
    .limit(limit + 1)
    .execute();
  const hasMore = looked.length > limit;
  const page = looked.slice(0, limit);
  const scannedTo = page.length === 0 ? after : Number(page[page.length - 1]!.sequence);
  // SQLite answers 1/0, PostgreSQL true/false.
  const candidates = await withVisibleReferences(db, scope, page.filter((row) => Boolean(row.own_visible)));
  const rows = candidates.map((row) => ({
    sequence: Number(row.sequence),
    entityType: row.entity_type as ChangeEntityType,
    entityId: row.entity_id,
    action: row.action as ChangeAction,
    by: row.by,
    at: row.at,
  }));
  return { rows, scannedTo, hasMore };
}

/**
 * The last sequence given out in a world (0 when nothing was recorded yet): where a new live stream starts.
 * @param db the database; @param worldId the world.
 */
export async function findLastSequence(db: Db, worldId: string): Promise<number> {
  const row = await db.selectFrom('world_change_counter').select('last_sequence').where('world_id', '=', worldId).executeTakeFirst();
  return row === undefined ? 0 : Number(row.last_sequence);
}
