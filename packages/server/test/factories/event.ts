/** Factory for events: creates the world (and its owner) too unless one is given. */
import type { FastifyInstance } from 'fastify';
import type { Event, EventCreateInput, World } from '@loreforge/contract';
import type { TestUser } from './user.js';
import { createWorld } from './world.js';

/**
 * Creates an event through POST /api/worlds/{worldId}/events.
 * @param options event fields, plus `world` and `owner` together to add it to an existing world.
 * @returns the event, its world and the world's owner.
 */
export async function createEvent(
  app: FastifyInstance,
  options: { world?: World; owner?: TestUser } & Partial<EventCreateInput> = {},
): Promise<{ event: Event; world: World; owner: TestUser }> {
  const { world: givenWorld, owner: givenOwner, ...fields } = options;
  const { world, owner } =
    givenWorld && givenOwner ? { world: givenWorld, owner: givenOwner } : await createWorld(app, givenOwner ? { owner: givenOwner } : {});
  const response = await app.inject({
    method: 'POST',
    url: `/api/worlds/${world.worldId}/events`,
    headers: owner.headers,
    payload: { name: 'The cyclone', dateTime: '1900-05-02T16:00:00Z', ...fields },
  });
  if (response.statusCode !== 201) throw new Error(`create event failed: ${response.statusCode} ${response.body}`);
  return { event: response.json<Event>(), world, owner };
}
