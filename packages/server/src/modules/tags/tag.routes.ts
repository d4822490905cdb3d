/**
 * Tags (issue "Linked lore"): GET /worlds/{worldId}/tags lists a world's tags with counts;
 * GET and PUT /worlds/{worldId}/tags/{entityType}/{entityId} read and replace one entity's tags.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { EntityTagsSchema, ErrorResponseSchema, TAGGABLE_TYPES, TagsUpdateSchema, WorldTagsSchema, uuidField } from '@loreforge/contract';
import { notFound } from '../../errors/app-error.js';
import { findEntityName } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import { requireWorldAccess } from '../worlds/world.access.js';
import { findEntityTags, listWorldTags, replaceEntityTags } from './tag.repository.js';

const WorldParams = z.object({ worldId: uuidField('worldId') });
const EntityParams = WorldParams.extend({
  entityType: z.enum(TAGGABLE_TYPES, { error: () => `entityType must be one of: ${TAGGABLE_TYPES.join(', ')}.` }),
  entityId: uuidField('entityId'),
});
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
const tags = ['tags'];

/** The entity's label in a 404 message, e.g. 'Character'. */
const label = (type: string): string => `${type.charAt(0).toUpperCase()}${type.slice(1)}`;

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
  app.get('/worlds/:worldId/tags', {
    schema: { tags, summary: "A world's tags with how many entities carry each", params: WorldParams, response: { 200: WorldTagsSchema, ...errors } },
  }, async (request) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    return { data: await listWorldTags(app.db, { worldId: world.id }) };
  });

  app.get('/worlds/:worldId/tags/:entityType/:entityId', {
    schema: { tags, summary: "An entity's tags", params: EntityParams, response: { 200: EntityTagsSchema, ...errors } },
  }, async (request) => {
    const { entityType, entityId } = request.params;
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    if ((await findEntityName(app.db, world.id, entityType, entityId)) === undefined) throw notFound(label(entityType));
    return { entityType, entityId, tags: await findEntityTags(app.db, { worldId: world.id }, entityType, entityId) };
  });

  app.put('/worlds/:worldId/tags/:entityType/:entityId', {
    schema: {
      tags,
      summary: "Replace an entity's tags",
      description: 'Tags are 1–40 characters, at most 20 per entity; the same tag in another case is kept once.',
      params: EntityParams,
      body: TagsUpdateSchema,
      response: { 200: EntityTagsSchema, ...errors },
    },
  }, async (request) => {
    const { entityType, entityId } = request.params;
    return app.db.transaction().execute(async (trx) => {
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      if ((await findEntityName(trx, world.id, entityType, entityId)) === undefined) throw notFound(label(entityType));
      await replaceEntityTags(trx, world.id, entityType, entityId, distinctTags(request.body.tags), nowIso());
      return { entityType, entityId, tags: await findEntityTags(trx, { worldId: world.id }, entityType, entityId) };
    });
  });
};
