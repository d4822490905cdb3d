/**
 * Character routes (SPEC §7 Characters): GET/POST /worlds/{worldId}/characters,
 * GET/PUT/DELETE /worlds/{worldId}/characters/{characterId}, and PATCH /characters/{characterId} to move one
 * to another of the caller's worlds.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHARACTER_SORT_FIELDS,
  CharacterCreateSchema,
  CharacterMoveSchema,
  CharacterSchema,
  CharacterUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { notFound } from '../../errors/app-error.js';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { cachedScopedRead } from '../worlds/scoped-cache.js';
import { requireEditor, resolveWorldScope } from '../../access/world-scope.js';
import { requireCharacter } from './character.access.js';
import { CharacterCreateBatch } from './character-create-batch.js';
import { createCharacterForUser, deleteCharacter, moveCharacter, updateCharacter } from './character.commands.js';
import { presentCharacter } from './character.presenter.js';
import { findCharacterRecord, findEditableCharacter, listCharacters } from './character.repository.js';
import { IfMatchHeaders, claimVersion } from '../../lib/versioned-update.js';

const CharacterParams = WorldParams.extend({ characterId: uuidField('characterId') });
const tags = ['characters'];

const REFERENCES_NOTE =
  'activeQuests must be questIds of this world and currentLocationId a pointId of one of its maps; ' +
  'anything else is a 400 naming the field.';

const MOVE_DESCRIPTION = [
  'Moves a character to another world the caller edits (owner or editor of both), in one transaction.',
  '- Its relationships, from it and to it, are deleted: they point at characters of the old world.',
  '- Its inventory entries are deleted: they hold items of the old world (the items stay there).',
  '- Its goals move with it to the new world.',
  '- Its activeQuests and currentLocationId are cleared (quests and map points belong to the old world).',
  '- Connections and map point links to it and to its goals are removed.',
  "- Both worlds' character counts are updated.",
  'Moving a character to the world it is already in changes nothing and answers 200.',
  "404 'Character not found.' or 'World not found.' when either is missing or not one the caller may see; 403 when\n  the caller only reads the target world.",
].join('\n');

export const characterRoutes: FastifyPluginAsyncZod = async (app) => {
  const createBatch = new CharacterCreateBatch(app.db);

  app.get(
    '/worlds/:worldId/characters',
    {
      schema: {
        tags,
        summary: "List a world's characters (search on name and description)",
        params: WorldParams,
        querystring: listQuerySchema(CHARACTER_SORT_FIELDS),
        response: { 200: listResponseSchema(CharacterSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () => {
        const { rows, pagination } = await listCharacters(app.db, scope, request.query);
        return listReply({ rows, pagination }, (row) => presentCharacter(row, scope));
      });
    },
  );

  app.post(
    '/worlds/:worldId/characters',
    {
      schema: {
        tags,
        summary: 'Create a character in a world',
        description: REFERENCES_NOTE,
        params: WorldParams,
        body: CharacterCreateSchema,
        response: { 201: CharacterSchema, ...errors },
      },
    },
    async (request, reply) => {
      const character = await createCharacterForUser(app.db, createBatch, request.world, request.body);
      return reply.status(201).send(presentCharacter(character, request.world));
    },
  );

  app.get(
    '/worlds/:worldId/characters/:characterId',
    {
      schema: { tags, summary: 'One character', params: CharacterParams, response: { 200: CharacterSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () => {
        const character = await findCharacterRecord(app.db, scope, request.params.characterId);
        if (!character) throw notFound('Character');
        return presentCharacter(character, scope);
      });
    },
  );

  app.put(
    '/worlds/:worldId/characters/:characterId',
    {
      schema: {
        tags,
        summary: 'Replace a character (validated like create)',
        description: REFERENCES_NOTE,
        params: CharacterParams,
        headers: IfMatchHeaders,
        body: CharacterUpdateSchema,
        response: { 200: CharacterSchema, ...errors },
      },
    },
    async (request) => {
      const character = await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'character', id: request.params.characterId, entity: 'character' });
        const existing = await requireCharacter(trx, request.world, request.params.characterId);
        return updateCharacter(trx, request.world, existing, request.body);
      });
      return presentCharacter(character, request.world);
    },
  );

  app.delete(
    '/worlds/:worldId/characters/:characterId',
    {
      schema: {
        tags,
        summary: 'Delete a character with its relationships, goals and inventory (irreversible)',
        params: CharacterParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'character', id: request.params.characterId, entity: 'character' });
        const existing = await requireCharacter(trx, request.world, request.params.characterId);
        requireEditor(request.world);
        await deleteCharacter(trx, existing);
      });
      return reply.status(204).send(null);
    },
  );

  app.patch(
    '/characters/:characterId',
    {
      schema: {
        tags,
        summary: "Move a character to another of the caller's worlds",
        description: MOVE_DESCRIPTION,
        params: z.object({ characterId: uuidField('characterId') }),
        headers: IfMatchHeaders,
        body: CharacterMoveSchema,
        response: { 200: CharacterSchema, ...errors },
      },
    },
    async (request) => {
      const character = await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'character', id: request.params.characterId, entity: 'character' });
        const existing = await findEditableCharacter(trx, request.params.characterId, request.userId);
        if (!existing) throw notFound('Character');
        const target = await resolveWorldScope(trx, request.body.worldId, request.userId);
        requireEditor(target);
        return { character: await moveCharacter(trx, existing, target), target };
      });
      return presentCharacter(character.character, character.target);
    },
  );
};
