/**
 * The world search (issue "Linked lore"): GET /worlds/{worldId}/search?q=… finds every kind of entity of a world
 * by name (exact, prefix, contains, or a typo away), by tag and by description (relationships and connections by tag
 * and description), ranked name matches first, paged in the list envelope of SPEC §7 generic lists.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  WORLD_SEARCH_TEXT_HITS_COUNTED,
  WorldSearchQuerySchema,
  WorldSearchResponseSchema,
} from '@loreforge/contract';
import { WorldParams } from '../../lib/route-parts.js';
import { cachedScopedRead } from '../worlds/scoped-cache.js';
import { presentSearchHit } from './search.presenter.js';
import { searchWorld } from './search.repository.js';

/** Registers GET /worlds/{worldId}/search; 404 when the caller is not a member, 400 on a bad query; secrets the reader may not see are never found. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Search a whole world',
        description:
          'Finds characters, items, quests, events, timelines, maps, map points and areas, and goals whose name ' +
          'or description contains q, and relationships and connections whose description contains q (named ' +
          "'From → To, Type'); any of them by a tag starting with q. Ranked: exact name, name prefix, name contains, then " +
          '(when no name and no description contains q) names a typo away, then tags, then description only, in stored ' +
          'order. One or two characters find the start of names and tags only. ' +
          'Highlights are character offsets into plain text. Description-only hits are counted up to ' +
          `${WORLD_SEARCH_TEXT_HITS_COUNTED} per entity type; past that, totalItems is a lower bound and totalItemsCapped is true.`,
        params: WorldParams,
        querystring: WorldSearchQuerySchema,
        response: { 200: WorldSearchResponseSchema, 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      const scope = request.world;
      const { q, page, limit } = request.query;
      return cachedScopedRead(app.db, scope, request.url, async () => {
        const { rows, total, totalCapped } = await searchWorld(app.db, scope, q, page, limit);
        return {
          data: rows.map((row) => presentSearchHit(row, q)),
          pagination: {
            currentPage: page,
            totalPages: Math.ceil(total / limit),
            totalItems: total,
            totalItemsCapped: totalCapped,
            limit,
            nextCursor: null,
          },
        };
      });
    },
  );
};
