/** Factory for items: creates the world (and its owner) too unless one is given. */
import type { FastifyInstance } from 'fastify';
import type { Item, ItemCreateInput, World } from '@loreforge/contract';
import type { TestUser } from './user.js';
import { createWorld } from './world.js';

/**
 * Creates an item through POST /api/worlds/{worldId}/items.
 * @param options item fields, plus `world` and `owner` together to add it to an existing world.
 * @returns the item, its world and the world's owner.
 */
export async function createItem(
  app: FastifyInstance,
  options: { world?: World; owner?: TestUser } & Partial<ItemCreateInput> = {},
): Promise<{ item: Item; world: World; owner: TestUser }> {
  const { world: givenWorld, owner: givenOwner, ...fields } = options;
  const { world, owner } =
    givenWorld && givenOwner ? { world: givenWorld, owner: givenOwner } : await createWorld(app, givenOwner ? { owner: givenOwner } : {});
  const response = await app.inject({
    method: 'POST',
    url: `/api/worlds/${world.worldId}/items`,
    headers: owner.headers,
    payload: { name: 'Lantern', description: null, properties: {}, ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`create item failed: ${response.statusCode} ${response.body}`);
  return { item: response.json<Item>(), world, owner };
}
