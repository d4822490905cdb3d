/** Factory for characters: creates the world (and its owner) too unless one is given. */
import type { FastifyInstance } from 'fastify';
import type { Character, CharacterCreateInput, World } from '@loreforge/contract';
import type { TestUser } from './user.js';
import { createWorld } from './world.js';

/**
 * Creates a character through POST /api/worlds/{worldId}/characters.
 * @param options character fields, plus `world` and `owner` together to add it to an existing world.
 * @returns the character, its world and the world's owner.
 */
export async function createCharacter(
  app: FastifyInstance,
  options: { world?: World; owner?: TestUser } & Partial<CharacterCreateInput> = {},
): Promise<{ character: Character; world: World; owner: TestUser }> {
  const { world: givenWorld, owner: givenOwner, ...fields } = options;
  const { world, owner } =
    givenWorld && givenOwner ? { world: givenWorld, owner: givenOwner } : await createWorld(app, givenOwner ? { owner: givenOwner } : {});
  const response = await app.inject({
    method: 'POST',
    url: `/api/worlds/${world.worldId}/characters`,
    headers: owner.headers,
    payload: { name: 'Dorothy', description: null, attributes: {}, ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`create character failed: ${response.statusCode} ${response.body}`);
  return { character: response.json<Character>(), world, owner };
}

/** Reads a world's kept counts through GET /api/worlds/{worldId}. */
export async function worldCounts(app: FastifyInstance, owner: TestUser, worldId: string): Promise<World['counts']> {
  const response = await app.inject({ method: 'GET', url: `/api/worlds/${worldId}`, headers: owner.headers });
  return response.json<World>().counts;
}
