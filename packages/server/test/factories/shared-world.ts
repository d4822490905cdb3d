/** A shared world for secret-keeping tests: its owner, one member per role asked for, and a poster of entities. */
import type { FastifyInstance } from 'fastify';
import type { MemberRole, World } from '@loreforge/contract';
import { addMember } from './member.js';
import type { TestUser } from './user.js';
import { createWorld } from './world.js';

/** The ids a create answer may carry, by resource. */
interface CreatedIds {
  characterId: string;
  timelineId: string;
  eventId: string;
}

/**
 * Creates a world named `name` with a member of each role in `roles` (SPEC §4 Shared worlds), and a `post` that
 * creates an entity in it as the owner.
 * @returns the world, its owner, the members by role and `post(path, body)`, which answers the created entity's ids.
 * @throws Error from `post` naming the path, status and body of any answer but 201.
 */
export async function createSharedWorld<R extends MemberRole>(
  app: FastifyInstance,
  name: string,
  roles: readonly R[],
): Promise<{ world: World; owner: TestUser; members: Record<R, TestUser>; post: (path: string, payload: object) => Promise<CreatedIds> }> {
  const { world, owner } = await createWorld(app, { name });
  const members = {} as Record<R, TestUser>;
  for (const role of roles) members[role] = await addMember(app, owner, world.worldId, role);
  const post = async (path: string, payload: object): Promise<CreatedIds> => {
    const response = await app.inject({ method: 'POST', url: `/api/worlds/${world.worldId}${path}`, headers: owner.headers, payload });
    if (response.statusCode !== 201) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
    return response.json<CreatedIds>();
  };
  return { world, owner, members, post };
}
