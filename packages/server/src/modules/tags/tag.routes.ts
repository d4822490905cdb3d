/**
 * Tags (issue "Linked lore"): GET /worlds/{worldId}/tags lists a world's tags with counts;
 * GET and PUT /worlds/{worldId}/tags/{entityType}/{entityId} read and replace one entity's tags.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EntityTagsSchema, TAGGABLE_TYPES, TagsUpdateSchema, WorldTagsSchema, uuidField } from '@loreforge/contract';
import { nowIso } from '../../lib/time.js';
import { requireEditor } from '../../access/world-scope.js';
import { WorldParams, errorResponses } from '../../lib/route-parts.js';
import { requireTaggable } from './tag.access.js';
import { findEntityTags, listWorldTags, replaceEntityTags } from './tag.repository.js';

const EntityParams = WorldParams.extend({
  entityType: z.enum(TAGGABLE_TYPES, { error: () => `entityType must be one of: ${TAGGABLE_TYPES.join(', ')}.` }),
  entityId: uuidField('entityId'),
});
const errors = errorResponses;
const tags = ['tags'];

/**
 * Keeps the first spelling of each tag, compared in lower case.
 * @returns the distinct tags in the order given.
 */
export function distinctTags(input: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const tag of input) if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  return [...seen.values()];
}

/** Registers the tag routes; each checks the world is the caller's and the entity is in it (404 otherwise). */
export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/tags',
    {
      schema: {
        tags,
        summary: "A world's tags with how many entities carry each",
        params: WorldParams,
        response: { 200: WorldTagsSchema, ...errors },
      },
    },
    async (request) => {
      return { data: await listWorldTags(app.db, request.world) };
    },
  );

  app.get(
    '/worlds/:worldId/tags/:entityType/:entityId',
    {
      schema: { tags, summary: "An entity's tags", params: EntityParams, response: { 200: EntityTagsSchema, ...errors } },
    },
    async (request) => {
      const { entityType, entityId } = request.params;
      await requireTaggable(app.db, request.world, entityType, entityId);
      return { entityType, entityId, tags: await findEntityTags(app.db, request.world, entityType, entityId) };
    },
  );

  app.put(
    '/worlds/:worldId/tags/:entityType/:entityId',
    {
      schema: {
        tags,
        summary: "Replace an entity's tags",
        description:
          'Editors and the owner only (403 otherwise). Tags are 1–40 characters, at most 20 per entity; the same tag in another case is kept once.',
        params: EntityParams,
        body: TagsUpdateSchema,
        response: { 200: EntityTagsSchema, ...errors },
      },
    },
    async (request) => {
      const { entityType, entityId } = request.params;
      return app.db.transaction().execute(async (trx) => {
        const scope = request.world;
        // Whether the entity is visible comes first: a secret is a 404, as a missing one, never a 403 that betrays it.
        await requireTaggable(trx, scope, entityType, entityId);
        requireEditor(scope);
        await replaceEntityTags(trx, scope.world.id, entityType, entityId, distinctTags(request.body.tags), nowIso());
        return { entityType, entityId, tags: await findEntityTags(trx, scope, entityType, entityId) };
      });
    },
  );
};
