/**
 * A storage-level factory for quests: writes the row directly, so tests of characters' activeQuests do not
 * depend on the quests API.
 */
import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/lib/ids.js';
import { nowIso } from '../../src/lib/time.js';

/**
 * Inserts a pending quest into a world.
 * @returns the new quest's id.
 */
export async function insertQuestRow(app: FastifyInstance, worldId: string, name = 'Reach the city'): Promise<string> {
  const now = nowIso();
  const id = newId();
  await app.db
    .insertInto('quest')
    .values({
      id,
      world_id: worldId,
      name,
      description: null,
      status: 'pending',
      is_optional: 0,
      difficulty: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
