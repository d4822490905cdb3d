/** Loads connections inside an already-authorised world, and checks a connection's two ends exist in it. */
import { type ConnectionCreateSchema, MESSAGES } from '@loreforge/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { ConnectionTable } from '../../db/tables/connection.table.js';
import { badRequest, notFound } from '../../errors/app-error.js';
import { findEntityName } from '../../lib/references.js';
import type { WorldScope } from '../../access/world-scope.js';
import { findConnection } from './connection.repository.js';

type ConnectionInput = z.output<typeof ConnectionCreateSchema>;

/** @returns the connection row. @throws AppError 404 'Connection not found.' when it is not in the world or hidden from the reader. */
export async function requireConnection(db: Db, scope: WorldScope, connectionId: string): Promise<ConnectionTable> {
  const connection = await findConnection(db, scope, connectionId);
  if (!connection) throw notFound('Connection');
  return connection;
}

/**
 * Checks that source and target exist in the world and are not the same entity.
 * @returns `${type}:${id}` → name for both ends, for presentConnection.
 * @throws AppError 400 with fields sourceId and/or targetId, e.g. 'No character with that id in this world.'
 */
export async function requireConnectionEnds(db: Db, worldId: string, input: ConnectionInput): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const fields: Record<string, string> = {};
  const ends = [
    ['sourceId', input.sourceType, input.sourceId],
    ['targetId', input.targetType, input.targetId],
  ] as const;
  for (const [field, type, id] of ends) {
    const name = await findEntityName(db, worldId, type, id);
    if (name === undefined) fields[field] = `No ${type} with that id in this world.`;
    else names.set(`${type}:${id}`, name);
  }
  if (!fields.sourceId && !fields.targetId && input.sourceType === input.targetType && input.sourceId === input.targetId) {
    fields.targetId = 'A connection must join two different entities.';
  }
  const messages = Object.values(fields);
  if (messages.length > 0) throw badRequest(messages.length === 1 && messages[0] ? messages[0] : MESSAGES.validationFailed, fields);
  return names;
}
