/**
 * Tags (issue "Linked lore"): GET /worlds/{worldId}/tags lists a world's tags with counts;
 * GET and PUT /worlds/{worldId}/tags/{entityType}/{entityId} read and replace one entity's tags.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EntityTagsSchema,
  ErrorResponseSchema,
  TAGGABLE_TYPES,
  type TaggableType,
  TagsUpdateSchema,
  WorldTagsSchema,
  uuidField,
} from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors/app-error.js';
import { nowIso } from '../../lib/time.js';
import { isVisible } from '../../access/visibility.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';
import { findEntityTags, listWorldTags, replaceEntityTags } from './tag.repository.js';

const WorldParams = z.object({ worldId: uuidField('worldId') });
const EntityParams = WorldParams.extend({
  entityType: z.enum(TAGGABLE_TYPES, { error: () => `entityType must be one of: ${TAGGABLE_TYPES.join(', ')}.` }),
  entityId: uuidField('entityId'),
});
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };
const tags = ['tags'];

/** The entity's label in a 404 message, e.g. 'Character', 'Map point'. */
const label = (type: string): string => `${type.charAt(0).toUpperCase()}${type.slice(1).replaceAll('_', ' ')}`;

/**
 * Keeps the first spelling of each tag, compared in lower case.
 * @returns the distinct tags in the order given.
 */
export function distinctTags(input: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const tag of input) if (!seen.has(tag.toLowerCase())) seen.set(tag.toLowerCase(), tag);
  return [...seen.values()];
}

/**
 * Checks that the entity is in the scope's world and visible to the reader.
 * @throws AppError 404 '<Type> not found.' otherwise (a secret is answered like a missing entity).
 */
async function requireTaggable(db: Db, scope: WorldScope, type: TaggableType, id: string): Promise<void> {
  const row = await db.selectFrom(type).select('id').where('id', '=', id).where('world_id', '=', scope.world.id).executeTakeFirst();
  if (!row || !(await isVisible(db, scope, type, id))) throw notFound(label(type));
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
