/** Factory for relationships between two existing characters of one world. */
import type { FastifyInstance } from 'fastify';
import type { Relationship, RelationshipCreateInput } from '@loreforge/contract';
import type { TestUser } from './user.js';

/**
 * Creates a relationship through POST .../characters/{characterId}/relationships.
 * @returns the relationship as the API answered it.
 */
export async function createRelationship(
  app: FastifyInstance,
  owner: TestUser,
  worldId: string,
  characterId: string,
  fields: Partial<RelationshipCreateInput> & { targetCharacterId: string },
): Promise<Relationship> {
  const response = await app.inject({
    method: 'POST',
    url: `/api/worlds/${worldId}/characters/${characterId}/relationships`,
    headers: owner.headers,
    payload: fields,
  });
  if (response.statusCode !== 201) throw new Error(`create relationship failed: ${response.statusCode} ${response.body}`);
  return response.json<Relationship>();
}
