/**
 * Storage-level factories for characters and items used by the map, connection, item and quest tests: they write
 * the row directly (the database keeps the world's count), so those tests do not depend on other modules' routes.
 */
import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/lib/ids.js';
import { nowIso } from '../../src/lib/time.js';

/** Inserts a character row into a world. @returns its id and name. */
export async function insertRawCharacter(app: FastifyInstance, worldId: string, name = 'Scarecrow'): Promise<{ id: string; name: string }> {
  const id = newId();
  const now = nowIso();
  await app.db
    .insertInto('character')
    .values({
      id,
      world_id: worldId,
      name,
      description: null,
      attributes: '{}',
      current_location_id: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { id, name };
}

/** Inserts an item row into a world. @returns its id and name. */
export async function insertRawItem(app: FastifyInstance, worldId: string, name = 'Silver Shoes'): Promise<{ id: string; name: string }> {
  const id = newId();
  const now = nowIso();
  await app.db
    .insertInto('item')
    .values({ id, world_id: worldId, name, description: null, properties: '{}', attributes: '{}', created_at: now, updated_at: now })
    .execute();
  return { id, name };
}
