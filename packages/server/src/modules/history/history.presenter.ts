/**
 * Presents an entity's changes as history entries a reader may see (issue 15 "History"): who, when, the action
 * and the fields that changed with their old and new values (history-fields.ts: no GM notes or reveals for
 * non-editors, hidden references as null). A change that revealed the entity to this reader reads as if it
 * appeared then: its values from before, when it was secret to them, are not shown.
 */
import { type ChangeAction, type HistoryEntry, type HistoryPage, RESTORABLE_ENTITY_TYPES } from '@loreforge/contract';
import type { ReadScope } from '../../access/world-scope.js';
import { type Fields, type VisibilityMemo, diffFields, nameOf, snapshotFields, visibleFields } from './history-fields.js';
import { type HistoryTarget, ownSnapshotVisible, parseSnapshot } from './history.access.js';
import type { EntityChangeRow } from './history.repository.js';

/** One change as a history entry. @param usernames usernames by userId, for `byUsername`. */
export async function presentHistoryEntry(
  change: EntityChangeRow,
  entityId: string,
  scope: ReadScope,
  memo: VisibilityMemo,
  usernames: Map<string, string>,
): Promise<HistoryEntry> {
  const beforeRow = parseSnapshot(change.before);
  const before: Fields = ownSnapshotVisible(scope, beforeRow) ? await visibleFields(snapshotFields(beforeRow, entityId), scope, memo) : {};
  const after = await visibleFields(snapshotFields(parseSnapshot(change.after), entityId), scope, memo);
  return {
    sequence: Number(change.sequence),
    action: change.action as ChangeAction,
    by: change.by,
    byUsername: change.by === null ? null : (usernames.get(change.by) ?? null),
    at: change.at,
    changes: diffFields(before, after),
  };
}

/**
 * The history page's answer.
 * @param target the entity's current row and latest change (its name comes from the row, or its last snapshot).
 */
export async function presentHistoryPage(
  type: string,
  entityId: string,
  target: HistoryTarget,
  entries: HistoryEntry[],
  scope: ReadScope,
  memo: VisibilityMemo,
  paging: { page: number; limit: number; total: number },
): Promise<HistoryPage> {
  const named = target.row ?? parseSnapshot(target.latest?.before ?? target.latest?.after ?? null);
  return {
    entityType: type,
    entityId,
    name: nameOf(await visibleFields(snapshotFields(named, entityId), scope, memo)),
    deleted: target.row === undefined,
    restorable: (RESTORABLE_ENTITY_TYPES as readonly string[]).includes(type),
    data: entries,
    pagination: {
      currentPage: paging.page,
      totalPages: Math.ceil(paging.total / paging.limit),
      totalItems: paging.total,
      limit: paging.limit,
    },
  };
}
