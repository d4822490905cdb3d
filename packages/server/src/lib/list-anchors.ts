/**
 * Page anchors: the keyset (sort value, id) of every Nth row of a list, found once per world content version by
 * walking the list's covering index, so page 5,000 by number becomes a keyset range from the nearest anchor plus
 * a short OFFSET instead of an OFFSET over 50,000 rows. Anchors are found lazily, only as deep as pages are asked.
 */
import { type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../db/database.js';
import { type CacheScope, listCacheLimits, remember, reweigh, versionUnchanged } from './list-cache.js';
import { type ListOrder, afterKeyset } from './list-cursor.js';
import type { Keyset } from './list-types.js';

interface Anchors {
  /** anchors[i] is the keyset of row (i + 1) × spacing of the list (1-based). */
  keysets: Keyset[];
  /** The spacing the keysets were found with. */
  spacing: number;
  /** Whether the walk reached the end of the list (no further anchor exists). */
  complete: boolean;
  /** The walk in progress, so walks of one list run one after the other. */
  walking: Promise<unknown>;
}

/**
 * The keyset of row n × spacing of a list (1-based), after which page rows start.
 * @param query the list's scoped query (no search); @param n at least 1.
 * @returns the keyset; null when the list has fewer rows; undefined when it cannot be answered from the cache
 * (the world changed during the walk, or a sort value is null), so the caller reads with OFFSET.
 */
export async function anchorAt<TB extends keyof Database, O>(
  scope: CacheScope,
  query: SelectQueryBuilder<Database, TB, O>,
  order: ListOrder,
  n: number,
): Promise<Keyset | null | undefined> {
  const key = `anchors\u0000${order.column}\u0000${order.sortOrder}`;
  const spacing = listCacheLimits.anchorSpacing;
  const anchors = await remember<Anchors>(
    scope,
    key,
    async () => ({ keysets: [], spacing, complete: false, walking: Promise.resolve() }),
    () => 1,
  );
  if (anchors.spacing !== spacing) return undefined;
  if (anchors.keysets.length < n && !anchors.complete) {
    const walk = anchors.walking.then(() => extend(scope, query, order, anchors, n));
    anchors.walking = walk.catch(() => undefined);
    if (!(await walk)) return undefined;
    reweigh(scope, key, anchors.keysets.length + 1);
  }
  return anchors.keysets[n - 1] ?? (anchors.complete ? null : undefined);
}

/**
 * Walks the list from its last anchor until it has n anchors or reaches the end, one index range of `spacing`
 * rows per step. Keeps the new anchors only if the world's version did not move during the walk.
 * @returns whether the anchors can be used.
 */
async function extend<TB extends keyof Database, O>(
  scope: CacheScope,
  query: SelectQueryBuilder<Database, TB, O>,
  order: ListOrder,
  anchors: Anchors,
  n: number,
): Promise<boolean> {
  if (anchors.keysets.length >= n || anchors.complete) return true;
  const found: Keyset[] = [];
  let from = anchors.keysets[anchors.keysets.length - 1];
  let complete = false;
  const base = query
    .clearSelect()
    .select([sql<string | number | null>`${sql.ref(order.column)}`.as('v'), sql<string>`${sql.ref(order.idColumn)}`.as('id')])
    .orderBy(sql.ref(order.column), order.sortOrder)
    .orderBy(sql.ref(order.idColumn), order.sortOrder)
    .limit(1)
    .offset(anchors.spacing - 1);
  while (anchors.keysets.length + found.length < n) {
    const row = await (from ? base.where(afterKeyset(order, from)) : base).executeTakeFirst();
    if (row === undefined) {
      complete = true;
      break;
    }
    if (row.v === null) return false;
    from = [row.v, row.id];
    found.push(from);
  }
  if (!(await versionUnchanged(scope))) return false;
  anchors.keysets.push(...found);
  anchors.complete = complete;
  return true;
}
