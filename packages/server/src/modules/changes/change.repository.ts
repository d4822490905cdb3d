/**
 * Reads of a world's change log (`world_change`, written by database triggers: migration 2026_11_25_110000)
 * through the visibility rule (access/visibility.ts), so a reader never learns of a change to an entity
 * they may not see, not even its id (issue 15).
 */
import type { ChangeAction, ChangeEntityType } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { WorldChangeTable } from '../../db/tables/world-change.table.js';
import { SECRET_TABLES, type SecretTable, referencesOf, whereVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

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
  /** Where the next read starts: the last change answered when more follow, else the last one looked at. */
  scannedTo: number;
  /** Whether more changes the reader may see follow. */
  hasMore: boolean;
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
    const rows = await whereVisible(
      db
        .selectFrom(table)
        .select('id')
        .where('id', 'in', [...ids]),
      scope,
      table,
    ).execute();
    for (const row of rows) visible.add(`${table}:${row.id}`);
  }
  return candidates.filter((_, index) => {
    const references = referencesByRow[index];
    return references?.every((reference) => visible.has(`${reference.table}:${reference.id}`)) === true;
  });
}

/** A logged change as read for delivery: its answer and what the visibility rule needs. */
export type LoggedChange = Candidate & { visibility: string | null; revealed_to: string | null };

/**
 * The changes of a world after a sequence, whoever may see them (for the live feed, which filters them per
 * reader with `filterVisibleChanges`), oldest first.
 * @param after sequences greater than this; @param limit most rows.
 */
export async function readChanges(db: Db, worldId: string, after: number, limit: number): Promise<LoggedChange[]> {
  return db
    .selectFrom('world_change')
    .select(['sequence', 'entity_type', 'entity_id', 'action', 'by', 'at', 'before', 'after', 'visibility', 'revealed_to'])
    .where('world_id', '=', worldId)
    .where('sequence', '>', after)
    .orderBy('sequence')
    .limit(limit)
    .execute();
}

/** Whether a snapshot's own access columns let the reader see it (the own rule of visibility.ts, on the snapshot). */
function snapshotVisible(scope: ReadScope, change: LoggedChange): boolean {
  if (scope.seesSecrets || change.visibility === null || change.visibility === 'everyone') return true;
  if (scope.viewer.role !== 'player' || change.revealed_to === null) return false;
  return change.revealed_to.includes(`"${scope.viewer.userId}"`);
}

/**
 * The changes (read with `readChanges`) a reader may see, in their order, as the feed answers them.
 * @param db the database (references are checked against the current rows); @param scope who reads.
 */
export async function filterVisibleChanges(db: Db, scope: ReadScope, changes: LoggedChange[]): Promise<ChangeRow[]> {
  const candidates = await withVisibleReferences(
    db,
    scope,
    changes.filter((change) => snapshotVisible(scope, change)),
  );
  return candidates.map(presentChange);
}

const presentChange = (row: Candidate): ChangeRow => ({
  sequence: row.sequence,
  entityType: row.entity_type as ChangeEntityType,
  entityId: row.entity_id,
  action: row.action as ChangeAction,
  by: row.by,
  at: row.at,
});

/** Rows of the log one step of a page's scan reads. */
const SCAN_BATCH = 500;

/**
 * The first `limit` changes of a world after a sequence that the reader may see, oldest first. A page is counted
 * in visible changes, so its length and `hasMore` say nothing about hidden ones: the scan reads on past them
 * (in batches) until it has `limit` visible changes and knows whether a further one exists, or reaches the end.
 * @param db the database; @param scope who reads; @param worldId the world.
 * @param after answer sequences greater than this (0 for all); @param limit most changes to answer (1 to 1,000).
 * @returns the visible changes; `scannedTo`, where the next read starts (the last change answered when more
 *   follow, else the end of the log); whether more visible changes follow now.
 */
export async function listVisibleChanges(db: Db, scope: ReadScope, worldId: string, after: number, limit: number): Promise<ChangeScan> {
  const rows: ChangeRow[] = [];
  let from = after;
  for (;;) {
    const batchSize = scope.seesSecrets ? limit + 1 : Math.max(limit + 1, SCAN_BATCH);
    const looked = await readChanges(db, worldId, from, batchSize);
    rows.push(...(await filterVisibleChanges(db, scope, looked)));
    if (rows.length > limit) {
      const page = rows.slice(0, limit);
      return { rows: page, scannedTo: page.at(-1)?.sequence ?? from, hasMore: true };
    }
    const last = looked.at(-1);
    if (last === undefined || looked.length < batchSize) return { rows, scannedTo: last?.sequence ?? from, hasMore: false };
    from = last.sequence;
  }
}

/**
 * The last sequence given out in a world (0 when nothing was recorded yet): where a new live stream starts.
 * @param db the database; @param worldId the world.
 */
export async function findLastSequence(db: Db, worldId: string): Promise<number> {
  const row = await db.selectFrom('world_change_counter').select('last_sequence').where('world_id', '=', worldId).executeTakeFirst();
  return row?.last_sequence ?? 0;
}
