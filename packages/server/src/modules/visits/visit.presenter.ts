/**
 * Groups the changes since a member's last visit by entity, then by entity type (issue 15 "Since you last
 * looked"): each changed entity once, with what happened to it in order, how often, and the latest change.
 */
import type { ChangeAction, SinceLastVisit, VisitChange } from '@loreforge/contract';
import type { ChangeRow } from '../changes/change.repository.js';

/** Most entities the answer lists (the newest changed). */
export const VISIT_ENTITIES_MAX = 50;

/** One entity's changes before names are known. */
export interface EntitySummary {
  entityType: string;
  entityId: string;
  actions: ChangeAction[];
  changeCount: number;
  lastSequence: number;
  lastAt: string;
  lastBy: string | null;
}

/**
 * Folds changes (oldest first) into one summary per entity, newest changed first.
 * @returns every changed entity.
 */
export function summariseChanges(changes: ChangeRow[]): EntitySummary[] {
  const byEntity = new Map<string, EntitySummary>();
  for (const change of changes) {
    const key = `${change.entityType}:${change.entityId}`;
    const summary = byEntity.get(key) ?? {
      entityType: change.entityType,
      entityId: change.entityId,
      actions: [],
      changeCount: 0,
      lastSequence: 0,
      lastAt: change.at,
      lastBy: null,
    };
    if (!summary.actions.includes(change.action)) summary.actions.push(change.action);
    summary.changeCount += 1;
    summary.lastSequence = change.sequence;
    summary.lastAt = change.at;
    summary.lastBy = change.by;
    byEntity.set(key, summary);
  }
  return [...byEntity.values()].sort((a, b) => b.lastSequence - a.lastSequence);
}

/**
 * The answer: the listed entities grouped by type (types in order of their newest change).
 * @param names display names by `type:id`; @param usernames by userId.
 */
export function presentSinceLastVisit(
  visit: { previousVisitAt: string | null },
  summaries: EntitySummary[],
  names: Map<string, string | null>,
  usernames: Map<string, string>,
): SinceLastVisit {
  const groups = new Map<string, VisitChange[]>();
  for (const summary of summaries.slice(0, VISIT_ENTITIES_MAX)) {
    const entities = groups.get(summary.entityType) ?? [];
    entities.push({
      entityType: summary.entityType,
      entityId: summary.entityId,
      name: names.get(`${summary.entityType}:${summary.entityId}`) ?? null,
      actions: summary.actions,
      changeCount: summary.changeCount,
      // A deletion is final: an entity deleted since the visit is gone whatever came before.
      deleted: summary.actions.includes('deleted'),
      lastAt: summary.lastAt,
      lastBy: summary.lastBy,
      lastByUsername: summary.lastBy === null ? null : (usernames.get(summary.lastBy) ?? null),
    });
    groups.set(summary.entityType, entities);
  }
  return Object.assign({}, visit, {
    totalEntities: summaries.length,
    groups: [...groups.entries()].map(([entityType, entities]) => ({ entityType, entities })),
  });
}
