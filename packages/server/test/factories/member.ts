/** Factory for world members: a fresh account added to a world with a role by its owner. */
import type { FastifyInstance } from 'fastify';
import type { MemberRole } from '@loreforge/contract';
import { type TestUser, createUser } from './user.js';

/**
 * Creates an account and adds it to the world through POST /api/worlds/{worldId}/members.
 * @returns the new member.
 */
export async function addMember(app: FastifyInstance, owner: TestUser, worldId: string, role: MemberRole): Promise<TestUser> {
  const member = await createUser(app);
  const response = await app.inject({
    method: 'POST',
    url: `/api/worlds/${worldId}/members`,
    headers: owner.headers,
    payload: { user: member.user.username, role },
  });
  if (response.statusCode !== 201) throw new Error(`add member failed: ${response.statusCode} ${response.body}`);
  return member;
}
