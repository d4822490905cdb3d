/** Validation of a connection's two ends: both must exist in the connection's world. */
import { type ConnectionCreateSchema, MESSAGES } from '@loreforge/contract';
import type { z } from 'zod';
import type { Db } from '../../db/database.js';
import { badRequest } from '../../errors/app-error.js';
import { findEntityName } from '../../lib/references.js';

type ConnectionInput = z.output<typeof ConnectionCreateSchema>;

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
