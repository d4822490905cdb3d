/**
 * Backlinks (issue "Linked lore", docs/rich-text.md): GET /worlds/{worldId}/{entities}/{id}/backlinks for every
 * entity type a mention may name, answering the entities whose text mentions it and that the reader may see. One
 * route per type, under each entity's own path, so the path says what is addressed.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BacklinksResponseSchema, type MentionEntityType, uuidField } from '@loreforge/contract';
import { notFound } from '../../errors/app-error.js';
import { WorldParams, errorResponses as errors } from '../../lib/route-parts.js';
import { findMentionTargets, listBacklinks } from './mention.repository.js';

/** Each mentionable type: its path under the world, the path parameter naming it, and its name in messages. */
const BACKLINK_PATHS: Array<{ type: MentionEntityType; path: string; param: string; label: string; parent?: string }> = [
  { type: 'character', path: 'characters/:characterId', param: 'characterId', label: 'Character' },
  { type: 'item', path: 'items/:itemId', param: 'itemId', label: 'Item' },
  { type: 'quest', path: 'quests/:questId', param: 'questId', label: 'Quest' },
  { type: 'event', path: 'events/:eventId', param: 'eventId', label: 'Event' },
  { type: 'timeline', path: 'timelines/:timelineId', param: 'timelineId', label: 'Timeline' },
  { type: 'map', path: 'maps/:mapId', param: 'mapId', label: 'Map' },
  { type: 'mapPoint', path: 'maps/:mapId/points/:pointId', param: 'pointId', label: 'Map point', parent: 'mapId' },
  { type: 'mapArea', path: 'maps/:mapId/areas/:areaId', param: 'areaId', label: 'Map area', parent: 'mapId' },
  { type: 'goal', path: 'goals/:goalId', param: 'goalId', label: 'Goal' },
];

/** Registers the backlinks route of every mentionable type. */
export const backlinkRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const entry of BACKLINK_PATHS) {
    const params = WorldParams.extend({
      [entry.param]: uuidField(entry.param),
      ...(entry.parent ? { [entry.parent]: uuidField(entry.parent) } : {}),
    });
    app.get(
      `/worlds/:worldId/${entry.path}/backlinks`,
      {
        schema: {
          tags: ['backlinks'],
          summary: `The entities whose text mentions this ${entry.label.toLowerCase()}`,
          description: `Sources the reader may see, sorted by name. 404 '${entry.label} not found.' when the ${entry.label.toLowerCase()} is missing or hidden from the reader.`,
          params,
          response: { 200: BacklinksResponseSchema, ...errors },
        },
      },
      async (request) => {
        const path = request.params as Record<string, string>;
        const id = z.string().parse(path[entry.param]).toLowerCase();
        const scope = request.world;
        const [target] = [...(await findMentionTargets(app.db, scope, scope.world.id, [{ type: entry.type, id }])).values()];
        if (!target || (entry.parent !== undefined && target.parentId !== path[entry.parent]?.toLowerCase())) throw notFound(entry.label);
        return { data: await listBacklinks(app.db, scope, scope.world.id, { type: entry.type, id }) };
      },
    );
  }
};
