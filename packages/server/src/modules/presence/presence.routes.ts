/**
 * Presence routes (issue 15, docs/live-updates.md "Presence"): `PUT /api/worlds/{worldId}/presence` is the
 * web app's heartbeat (who is here, on which entity, editing or not); `GET` lists who is present now. Live
 * streams get the same list as `presence` events. Any member may call both; an entity the reader may not see
 * is left out of the other member's entry.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PRESENCE_TTL_SECONDS, PresenceListSchema, PresenceUpdateSchema } from '@loreforge/contract';
import { nowIso } from '../../lib/time.js';
import { WorldParams, errorResponses } from '../../lib/route-parts.js';
import { listPresence, presentTo, upsertPresence } from './presence.repository.js';

const tags = ['live'];

export const presenceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/presence',
    {
      schema: {
        tags,
        summary: 'List who is in the world now, and what they have open',
        description: `Members whose last heartbeat is less than ${PRESENCE_TTL_SECONDS} seconds old.`,
        params: WorldParams,
        response: { 200: PresenceListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const presence = await listPresence(app.db, request.world.world.id, Date.now());
      return { data: await presentTo(app.db, request.world, presence) };
    },
  );

  app.put(
    '/worlds/:worldId/presence',
    {
      schema: {
        tags,
        summary: "Say you are in the world (a heartbeat): the page's entity and whether you are editing it",
        description:
          `Send every 10 to 15 seconds while a page of the world is open; you count as present for ${PRESENCE_TTL_SECONDS} seconds after ` +
          'each. Answers who is present now (as GET does).',
        params: WorldParams,
        body: PresenceUpdateSchema,
        response: { 200: PresenceListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const worldId = request.world.world.id;
      await upsertPresence(app.db, worldId, request.world.userId, request.body, nowIso());
      await app.worldSignals.presenceChanged(app.db, worldId);
      const presence = await listPresence(app.db, worldId, Date.now());
      return { data: await presentTo(app.db, request.world, presence) };
    },
  );
};
