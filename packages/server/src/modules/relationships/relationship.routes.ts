/**
 * Relationship routes (SPEC §7 Relationships): GET/POST /worlds/{worldId}/characters/{characterId}/relationships
 * and GET/PUT/DELETE .../relationships/{relationshipId}. A relationship is directed, from the character in the
 * path to another character of the same world, one per ordered pair.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  RELATIONSHIP_SORT_FIELDS,
  RelationshipCreateSchema,
  RelationshipSchema,
  RelationshipUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { notFound } from '../../errors/app-error.js';
import { requireCharacter } from '../characters/character.access.js';
import { cachedScopedRead } from '../worlds/scoped-cache.js';
import { requireEditor } from '../../access/world-scope.js';
import { createRelationship, updateRelationship } from './relationship.commands.js';
import { presentRelationship } from './relationship.presenter.js';
import { deleteRelationshipRow, findRelationship, listRelationships } from './relationship.repository.js';
import { IfMatchHeaders, claimVersion } from '../../lib/versioned-update.js';

const CharacterParams = WorldParams.extend({ characterId: uuidField('characterId') });
const RelationshipParams = CharacterParams.extend({ relationshipId: uuidField('relationshipId') });
const writeErrors = { ...errors, 409: ErrorResponseSchema };
const tags = ['relationships'];

const WRITE_DESCRIPTION =
  'targetCharacterId must be another character of the same world (400 naming the field otherwise, ' +
  "'A character cannot have a relationship with itself.' for the character itself). A character has at most " +
  'one relationship to each other character: a second one is a 409. relationshipType defaults to Stranger; ' +
  'affinity, powerBalance and trustLevel are whole numbers from -100 to 100 (default 0).';

export const relationshipRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/characters/:characterId/relationships',
    {
      schema: {
        tags,
        summary: "List a character's relationships (search on the target's name and the description)",
        params: CharacterParams,
        querystring: listQuerySchema(RELATIONSHIP_SORT_FIELDS),
        response: { 200: listResponseSchema(RelationshipSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () => {
        const { characterId } = request.params;
        const page = await listRelationships(app.db, scope, characterId, request.query);
        // The page's statement checks the character: only an empty page may mean it is missing or hidden (404).
        if (page.rows.length === 0) await requireCharacter(app.db, scope, characterId);
        return listReply(page, (row) => presentRelationship(row, scope));
      });
    },
  );

  app.post(
    '/worlds/:worldId/characters/:characterId/relationships',
    {
      schema: {
        tags,
        summary: 'Create a relationship from this character to another',
        description: WRITE_DESCRIPTION,
        params: CharacterParams,
        body: RelationshipCreateSchema,
        response: { 201: RelationshipSchema, ...writeErrors },
      },
    },
    async (request, reply) => {
      const relationship = await app.db.transaction().execute(async (trx) => {
        const character = await requireCharacter(trx, request.world, request.params.characterId);
        return createRelationship(trx, request.world, character, request.body);
      });
      return reply.status(201).send(presentRelationship(relationship, request.world));
    },
  );

  app.get(
    '/worlds/:worldId/characters/:characterId/relationships/:relationshipId',
    {
      schema: { tags, summary: 'One relationship', params: RelationshipParams, response: { 200: RelationshipSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () => {
        const character = await requireCharacter(app.db, scope, request.params.characterId);
        const relationship = await findRelationship(app.db, scope, character.id, request.params.relationshipId);
        if (!relationship) throw notFound('Relationship');
        return presentRelationship(relationship, scope);
      });
    },
  );

  app.put(
    '/worlds/:worldId/characters/:characterId/relationships/:relationshipId',
    {
      schema: {
        tags,
        summary: 'Replace a relationship (validated like create)',
        description: WRITE_DESCRIPTION,
        params: RelationshipParams,
        headers: IfMatchHeaders,
        body: RelationshipUpdateSchema,
        response: { 200: RelationshipSchema, ...writeErrors },
      },
    },
    async (request) => {
      const relationship = await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'relationship', id: request.params.relationshipId, entity: 'relationship' });
        const character = await requireCharacter(trx, request.world, request.params.characterId);
        const existing = await findRelationship(trx, request.world, character.id, request.params.relationshipId);
        if (!existing) throw notFound('Relationship');
        return updateRelationship(trx, request.world, character, existing, request.body);
      });
      return presentRelationship(relationship, request.world);
    },
  );

  app.delete(
    '/worlds/:worldId/characters/:characterId/relationships/:relationshipId',
    {
      schema: {
        tags,
        summary: 'Delete a relationship (irreversible)',
        params: RelationshipParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'relationship', id: request.params.relationshipId, entity: 'relationship' });
        const character = await requireCharacter(trx, request.world, request.params.characterId);
        if (!(await findRelationship(trx, request.world, character.id, request.params.relationshipId))) throw notFound('Relationship');
        requireEditor(request.world);
        await deleteRelationshipRow(trx, request.params.relationshipId);
      });
      return reply.status(204).send(null);
    },
  );
};
