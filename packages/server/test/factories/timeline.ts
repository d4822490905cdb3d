/** Factory for timelines: creates the world (and its owner) too unless one is given. */
import type { FastifyInstance } from 'fastify';
import type { Timeline, TimelineCreateInput, World } from '@loreforge/contract';
import type { TestUser } from './user.js';
import { createWorld } from './world.js';

/**
 * Creates a timeline through POST /api/worlds/{worldId}/timelines.
 * @param options timeline fields, plus `world` and `owner` together to add it to an existing world.
 * @returns the timeline, its world and the world's owner.
 */
export async function createTimeline(
  app: FastifyInstance,
  options: { world?: World; owner?: TestUser } & Partial<TimelineCreateInput> = {},
): Promise<{ timeline: Timeline; world: World; owner: TestUser }> {
  const { world: givenWorld, owner: givenOwner, ...fields } = options;
  const { world, owner } =
    givenWorld && givenOwner ? { world: givenWorld, owner: givenOwner } : await createWorld(app, givenOwner ? { owner: givenOwner } : {});
  const response = await app.inject({
    method: 'POST',
    url: `/api/worlds/${world.worldId}/timelines`,
    headers: owner.headers,
    payload: { name: 'Main', currentDateTime: '1900-05-01T12:00:00Z', ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`create timeline failed: ${response.statusCode} ${response.body}`);
  return { timeline: response.json<Timeline>(), world, owner };
}
