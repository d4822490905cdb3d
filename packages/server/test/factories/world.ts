/** Factory for worlds: creates the owner too unless one is given. */
import type { FastifyInstance } from 'fastify';
import type { World } from '@loreforge/contract';
import { type TestUser, createUser } from './user.js';

/**
 * Creates a world through POST /api/worlds.
 * @returns the world and its owner.
 */
export async function createWorld(
  app: FastifyInstance,
  options: { owner?: TestUser; name?: string; description?: string | null } = {},
): Promise<{ world: World; owner: TestUser }> {
  const owner = options.owner ?? (await createUser(app));
  const response = await app.inject({
    method: 'POST',
    url: '/api/worlds',
    headers: owner.headers,
    payload: { name: options.name ?? 'Test World', description: options.description ?? null },
  });
  if (response.statusCode !== 201) throw new Error(`create world failed: ${response.statusCode} ${response.body}`);
  return { world: response.json<World>(), owner };
}
