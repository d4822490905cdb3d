/** Factory for inventory entries: an item of the character's world in its inventory. */
import type { FastifyInstance } from 'fastify';
import type { InventoryCreateInput, InventoryEntry } from '@loreforge/contract';
import type { TestUser } from './user.js';

/**
 * Creates an entry through POST .../characters/{characterId}/inventory.
 * @returns the entry as the API answered it.
 */
export async function createInventoryEntry(
  app: FastifyInstance,
  owner: TestUser,
  worldId: string,
  characterId: string,
  fields: Partial<InventoryCreateInput> & { itemId: string },
): Promise<InventoryEntry> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/worlds/${worldId}/characters/${characterId}/inventory`,
    headers: owner.headers,
    payload: fields,
  });
  if (response.statusCode !== 201) throw new Error(`create inventory entry failed: ${response.statusCode} ${response.body}`);
  return response.json<InventoryEntry>();
}
