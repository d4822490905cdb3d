/** Queries on `world`, including the kept per-world counts (SPEC §3 World counts). */
import type { Db } from '../../db/database.js';
import type { WorldTable } from '../../db/tables/world.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import { nowIso } from '../../lib/time.js';

/** A world row with the listing user's role in it. */
export type MemberWorldRow = WorldTable & { member_role: string };

/** Lists the worlds the user is a member of (owned or shared), with their role, search, sort and paging. */
export function listWorlds(db: Db, userId: string, params: ListParams): Promise<ListResult<MemberWorldRow>> {
  return paginate({
    query: db
      .selectFrom('world')
      .innerJoin('world_member', 'world_member.world_id', 'world.id')
      .selectAll('world')
      .select('world_member.role as member_role')
      .where('world_member.user_id', '=', userId),
    sortColumns: {
      ...timestampSortColumns('world'),
      name: { column: 'world.name', key: 'name' },
    },
    idColumn: 'world.id',
    searchColumns: ['world.name', 'world.description'],
    fullText: { db, table: 'world' },
    params,
  });
}

/**
 * The row of a world being created (SPEC §3 World): its kept counts at zero and version 0, created and updated now.
 * @param id the new world's id; @param columns its name, description columns and creator (a user id).
 * @returns the row to hand to insertWorld.
 */
export function newWorldRow(
  id: string,
  columns: { name: string; description: string | null; description_html: string | null; created_by: string },
  now: string,
): WorldTable {
  return {
    id,
    ...columns,
    character_count: 0,
    timeline_count: 0,
    map_count: 0,
    event_count: 0,
    item_count: 0,
    content_version: 0,
    created_at: now,
    updated_at: now,
  };
}

/** Inserts a world row and its creator as its owner member. */
export async function insertWorld(db: Db, world: WorldTable): Promise<void> {
  await db.insertInto('world').values(world).execute();
  await db
    .insertInto('world_member')
    .values({ world_id: world.id, user_id: world.created_by, role: 'owner', created_at: world.created_at, updated_at: world.created_at })
    .execute();
}

/** Updates name and description; returns the updated row or undefined when missing. */
export async function updateWorld(
  db: Db,
  worldId: string,
  changes: { name: string; description: string | null; description_html: string | null },
): Promise<WorldTable | undefined> {
  await db
    .updateTable('world')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', worldId)
    .execute();
  return db.selectFrom('world').selectAll().where('id', '=', worldId).executeTakeFirst();
}

/**
 * Deletes a world; every entity in it and every membership go with it through ON DELETE CASCADE. Its
 * members' worlds lists change, so their world_version is raised first.
 */
export async function deleteWorld(db: Db, worldId: string): Promise<void> {
  await raiseMembersWorldVersion(db, worldId);
  await db.deleteFrom('world').where('id', '=', worldId).execute();
}

/**
 * Raises the world_version of the given users (or of every member of the world), whose worlds list changed:
 * a membership added, removed or changed, or a shared world deleted. The worlds list's cache keys on it.
 */
export async function raiseMembersWorldVersion(db: Db, worldId: string, userIds?: string[]): Promise<void> {
  const query = db.updateTable('user').set((eb) => ({ world_version: eb('world_version', '+', 1) }));
  if (userIds) {
    if (userIds.length > 0) await query.where('id', 'in', userIds).execute();
    return;
  }
  await query.where('id', 'in', db.selectFrom('world_member').select('user_id').where('world_id', '=', worldId)).execute();
}
