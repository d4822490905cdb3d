/**
 * The web of a world (issue "Linked lore"): GET /worlds/{worldId}/graph, every node and edge in one answer for
 * the graph view and the family tree.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, GRAPH_EDGE_MAX, GRAPH_NODE_MAX, WorldGraphQuerySchema, WorldGraphSchema } from '@loreforge/contract';
import { invalidField } from '../../errors/app-error.js';
import { answerState } from '../timeline-engine/timeline-engine.answers.js';
import { withEngineSnapshot } from '../timeline-engine/timeline-engine.service.js';
import { WorldParams } from '../../lib/route-parts.js';
import { cachedScopedRead } from '../worlds/scoped-cache.js';
import { buildWorldGraph, graphAtMoment } from './graph.commands.js';

/**
 * Registers GET /worlds/{worldId}/graph; 404 when the caller is not a member; a reader sees only what they may.
 * With `timelineId`, relationships and holdings come from the timeline engine's state at the moment asked (`eventId`
 * or `at`, default the timeline's now), replayed for the same reader, so a secret event's changes never show to a
 * player. 400 when `at` or `eventId` comes without `timelineId`, when both come, or when the event is not on the
 * timeline; 404 when the timeline is not in the world (or is secret to the reader).
 */
export const graphRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/graph',
    {
      schema: {
        tags: ['graph'],
        summary: "A world's web of relationships",
        description:
          `Characters and items (up to ${GRAPH_NODE_MAX}, first by name) and the other entities connections reach, ` +
          `as nodes; relationships (with affinity), connections and holdings as edges (up to ${GRAPH_EDGE_MAX}). With timelineId, ` +
          "relationships and holdings as they stand at a moment of that timeline (the timeline engine's state: just after eventId, " +
          "at at, or at the timeline's currentDateTime), nodes and connections as stored.",
        params: WorldParams,
        querystring: WorldGraphQuerySchema,
        response: { 200: WorldGraphSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const scope = request.world;
      const { timelineId, at, eventId } = request.query;
      if (timelineId === null) {
        if (at !== null) throw invalidField('at', 'Give timelineId with at.');
        if (eventId !== null) throw invalidField('eventId', 'Give timelineId with eventId.');
      }
      if (at !== null && eventId !== null) throw invalidField('eventId', 'Give either at or eventId, not both.');
      return cachedScopedRead(app.db, scope, request.url, async () => {
        const graph = await buildWorldGraph(app.db, scope);
        if (timelineId === null) return graph;
        const moment = eventId !== null ? { eventId } : at !== null ? { at } : { now: true as const };
        const state = await withEngineSnapshot(app.db, app.engineCache, scope, async ({ replay, stored }) =>
          answerState(await replay(timelineId), moment, { characterId: null, search: null, page: null, limit: null }, stored),
        );
        return graphAtMoment(graph, state.characters);
      });
    },
  );
};
