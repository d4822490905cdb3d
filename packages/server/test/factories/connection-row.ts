/**
 * A storage-level factory for connections: writes the row directly, so tests can check that deleting an entity
 * removes every connection to it without depending on the connections API.
 */
import type { FastifyInstance } from 'fastify';
import type { ConnectableType } from '@loreforge/contract';
import { newId } from '../../src/lib/ids.js';
import { nowIso } from '../../src/lib/time.js';

/** One end of a connection. */
export interface ConnectionEnd {
  type: ConnectableType;
  id: string;
}

/**
 * Inserts a connection between two entities of a world.
 * @returns the connection's id.
 */
export async function insertConnectionRow(
  app: FastifyInstance,
  worldId: string,
  source: ConnectionEnd,
  target: ConnectionEnd,
): Promise<string> {
  const now = nowIso();
  const id = newId();
  await app.db
    .insertInto('connection')
    .values({
      id,
      world_id: worldId,
      source_type: source.type,
      source_id: source.id,
      target_type: target.type,
      target_id: target.id,
      connection_type: 'related',
      description: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Whether a connection row still exists. */
export async function connectionExists(app: FastifyInstance, connectionId: string): Promise<boolean> {
  const row = await app.db.selectFrom('connection').select('id').where('id', '=', connectionId).executeTakeFirst();
  return row !== undefined;
}
