import { CONNECTABLE_TYPES, type ConnectableType, type Connection } from '@loreforge/contract';
import type { ConnectionTable } from '../../db/tables/connection.table.js';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../../access/world-scope.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

const isConnectable = (value: string): value is ConnectableType => (CONNECTABLE_TYPES as readonly string[]).includes(value);

/** Narrows a stored type; rows are only written through validated input, so 'character' is a defensive fallback. */
const asConnectable = (value: string): ConnectableType => (isConnectable(value) ? value : 'character');

/** The two ends of some connections, for findEntityNames. */
export function connectionRefs(rows: ConnectionTable[]): Array<{ type: ConnectableType; id: string }> {
  return rows.flatMap((row) => [
    { type: asConnectable(row.source_type), id: row.source_id },
    { type: asConnectable(row.target_type), id: row.target_id },
  ]);
}

/**
 * Presents a connection with the names of both ends.
 * @param names `${type}:${id}` → name, from findEntityNames.
 */
export function presentConnection(row: ConnectionTable, names: Map<string, string>, scope: ReadScope): Connection {
  const sourceType = asConnectable(row.source_type);
  const targetType = asConnectable(row.target_type);
  return withAccess(row, scope, {
    connectionId: row.id,
    worldId: row.world_id,
    sourceType,
    sourceId: row.source_id,
    sourceName: names.get(`${sourceType}:${row.source_id}`) ?? null,
    targetType,
    targetId: row.target_id,
    targetName: names.get(`${targetType}:${row.target_id}`) ?? null,
    connectionType: row.connection_type,
    description: row.description,
    descriptionHtml: richTextOf(row),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}
