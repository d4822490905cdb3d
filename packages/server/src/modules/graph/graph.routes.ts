/**
 * The web of a world (issue "Linked lore"): GET /worlds/{worldId}/graph, every node and edge in one answer for
 * the graph view and the family tree.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, GRAPH_EDGE_MAX, GRAPH_NODE_MAX, WorldGraphSchema, uuidField } from '@loreforge/contract';
import { cachedScopedRead } from '../worlds/scoped-cache.js';
import { buildWorldGraph } from './graph.commands.js';

const WorldParams = z.object({ worldId: uuidField('worldId') });

/** Registers GET /worlds/{worldId}/graph; 404 when the caller is not a member; a reader sees only what they may. */
export const graphRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/worlds/:worldId/graph', {
    schema: {
      tags: ['graph'],
      summary: "A world's web of relationships",
      description: `Characters and items (up to ${GRAPH_NODE_MAX}, first by name) and the other entities connections reach, `
        + `as nodes; relationships (with affinity), connections and holdings as edges (up to ${GRAPH_EDGE_MAX}).`,
      params: WorldParams,
      response: { 200: WorldGraphSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
    },
  }, async (request) => {
    const scope = request.world;
    return cachedScopedRead(app.db, scope, request.url, () => buildWorldGraph(app.db, scope));
  });
};
