/** Queries on `connection` (SPEC §7 Connections; payload designed in the API contract). */
import type { Db } from '../../db/database.js';
import type { ConnectionTable } from '../../db/tables/connection.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list.js';

/** The writable fields of a connection. */
export type ConnectionChanges = Omit<ConnectionTable, 'id' | 'world_id' | 'created_at'>;

/** Finds a connection of a world, or undefined. */
export function findConnection(db: Db, worldId: string, connectionId: string): Promise<ConnectionTable | undefined> {
  return db.selectFrom('connection').selectAll().where('id', '=', connectionId).where('world_id', '=', worldId).executeTakeFirst();
}

/**
 * Lists a world's connections with search (connection type, description), sort and paging.
 * @param entityId when given, only connections with that entity at either end.
 */
export function listConnections(
  db: Db,
  worldId: string,
  params: ListParams & { entityId?: string | undefined },
): Promise<ListResult<ConnectionTable>> {
  let query = db.selectFrom('connection').selectAll().where('world_id', '=', worldId);
  const { entityId } = params;
  if (entityId) query = query.where((eb) => eb.or([eb('source_id', '=', entityId), eb('target_id', '=', entityId)]));
  return paginate({
    query,
    sortColumns: {
      ...timestampSortColumns('connection'),
      connectionType: { column: 'connection.connection_type', key: 'connection_type' },
    },
    idColumn: 'connection.id',
    searchColumns: ['connection.connection_type', 'connection.description'],
    params,
  });
}

/** Inserts a connection. */
export async function insertConnection(db: Db, connection: ConnectionTable): Promise<void> {
  await db.insertInto('connection').values(connection).execute();
}

/** Replaces a connection's writable fields. */
export async function updateConnection(db: Db, connectionId: string, changes: ConnectionChanges): Promise<void> {
  await db.updateTable('connection').set(changes).where('id', '=', connectionId).execute();
}

/** Deletes a connection. */
export async function deleteConnection(db: Db, connectionId: string): Promise<void> {
  await db.deleteFrom('connection').where('id', '=', connectionId).execute();
}
