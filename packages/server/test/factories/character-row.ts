/**
 * A storage-level factory for characters: writes the row directly (the database keeps the world's count), so tests of
 * other resources can have an owner without depending on the characters API.
 */
import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/lib/ids.js';
import { nowIso } from '../../src/lib/time.js';

/**
 * Inserts a character into a world.
 * @returns the new character's id and name.
 */
export async function insertCharacterRow(
  app: FastifyInstance,
  worldId: string,
  name = 'Dorothy',
): Promise<{ characterId: string; name: string }> {
  const now = nowIso();
  const id = newId();
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
  return { characterId: id, name };
}
