/**
 * The change feed of a world (issue 15, docs/live-updates.md): `GET /api/worlds/{worldId}/changes` answers a
 * page of committed changes after a sequence number as JSON, or, asked with `Accept: text/event-stream`, streams
 * them as Server-Sent Events (see change-stream.ts). Any member may read it; the visibility rule hides changes of
 * entities the reader may not see.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ChangesQuerySchema, WorldChangePageSchema } from '@loreforge/contract';
import { WorldParams, errorResponses } from '../../lib/route-parts.js';
import { listVisibleChanges } from './change.repository.js';

const tags = ['live'];

export const changeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/worlds/:worldId/changes', {
    schema: {
      tags,
      summary: "Read a world's committed changes after a sequence number",
      description:
        'Each committed write as `{sequence, entityType, entityId, action, by, at}`, oldest first. Read on with `after` set to `nextAfter` ' +
        'until `hasMore` is false. A page may hold fewer than `limit` changes (and gaps in `sequence`): changes of entities you may not see ' +
        'are left out. Sent with `Accept: text/event-stream`, the same feed is a Server-Sent Events stream (docs/live-updates.md).',
      params: WorldParams,
      querystring: ChangesQuerySchema,
      response: { 200: WorldChangePageSchema, ...errorResponses },
    },
  }, async (request) => {
    const { after, limit } = request.query;
    const scan = await listVisibleChanges(app.db, request.world, request.world.world.id, after, limit);
    return { data: scan.rows, nextAfter: scan.scannedTo, hasMore: scan.hasMore };
  });
};
