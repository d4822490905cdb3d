/** Queries on `connection` (SPEC §7 Connections; payload designed in the API contract). */
import type { Db } from '../../db/database.js';
import { deleteTagsOf } from '../tags/tag.repository.js';
import type { ConnectionTable } from '../../db/tables/connection.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import { whereVisible } from '../../access/visibility.js';
import type { WorldScope } from '../../access/world-scope.js';

/** The writable fields of a connection. */
export type ConnectionChanges = Omit<ConnectionTable, 'id' | 'world_id' | 'created_at'>;

/** Finds a connection of the scope's world that its reader may see (both ends included), or undefined. */
export function findConnection(db: Db, scope: WorldScope, connectionId: string): Promise<ConnectionTable | undefined> {
  const query = db
    .selectFrom('connection')
    .selectAll('connection')
    .where('connection.id', '=', connectionId)
    .where('connection.world_id', '=', scope.world.id);
  return whereVisible(query, scope, 'connection').executeTakeFirst();
}

/**
 * Lists the connections of the scope's world its reader may see (a secret one, or one with a hidden end, is
 * left out), with search (connection type, description), sort and paging.
 * @param entityId when given, only connections with that entity at either end.
 */
export function listConnections(
  db: Db,
  scope: WorldScope,
  params: ListParams & { entityId?: string | undefined },
): Promise<ListResult<ConnectionTable>> {
  let query = whereVisible(
    db.selectFrom('connection').selectAll('connection').where('connection.world_id', '=', scope.world.id),
    scope,
    'connection',
  );
  const { entityId } = params;
  if (entityId) query = query.where((eb) => eb.or([eb('connection.source_id', '=', entityId), eb('connection.target_id', '=', entityId)]));
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
  await deleteTagsOf(db, 'connection', [connectionId]);
  await db.deleteFrom('connection').where('id', '=', connectionId).execute();
}
