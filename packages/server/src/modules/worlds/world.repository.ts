/** Queries on `world`, including the kept per-world counts (SPEC §3 World counts). */
import type { Db } from '../../db/database.js';
import type { WorldTable } from '../../db/tables/world.table.js';
import { compiledQuery } from '../../lib/compiled-query.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list.js';
import { nowIso } from '../../lib/time.js';


const selectOwnedWorld = compiledQuery((db, worldId: string, userId: string) =>
  db.selectFrom('world').selectAll().where('id', '=', worldId).where('created_by', '=', userId));

/**
 * Finds a world owned by the user, or undefined (another user's world is treated as missing). Every
 * world-scoped request runs it, so it runs as compiled SQL (lib/compiled-query.ts).
 */
export async function findOwnedWorld(db: Db, worldId: string, userId: string): Promise<WorldTable | undefined> {
  const [world] = await selectOwnedWorld(db, worldId, userId);
  return world;
}

/** Lists the user's worlds with search, sort and paging. */
export function listWorlds(db: Db, userId: string, params: ListParams): Promise<ListResult<WorldTable>> {
  return paginate({
    query: db.selectFrom('world').selectAll().where('created_by', '=', userId),
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

/** Inserts a world row. */
export async function insertWorld(db: Db, world: WorldTable): Promise<void> {
  await db.insertInto('world').values(world).execute();
}

/** Updates name and description; returns the updated row or undefined when missing. */
export async function updateWorld(
  db: Db,
  worldId: string,
  changes: { name: string; description: string | null },
): Promise<WorldTable | undefined> {
  await db.updateTable('world').set({ ...changes, updated_at: nowIso() }).where('id', '=', worldId).execute();
  return db.selectFrom('world').selectAll().where('id', '=', worldId).executeTakeFirst();
}

/** Deletes a world; every entity in it goes with it through ON DELETE CASCADE. */
export async function deleteWorld(db: Db, worldId: string): Promise<void> {
  await db.deleteFrom('world').where('id', '=', worldId).execute();
}
