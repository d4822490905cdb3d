/**
 * World routes (SPEC §7 Worlds): GET/POST /worlds, GET/PUT/DELETE /worlds/{worldId}.
 * createdBy comes from the token; deleting a world deletes everything in it in one transaction.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  MESSAGES,
  WORLD_SORT_FIELDS,
  WorldCreateSchema,
  WorldSchema,
  WorldUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { unauthorized } from '../../errors/app-error.js';
import { newId } from '../../lib/ids.js';
import { findUserById } from '../auth/user.repository.js';
import { cachedUserWorldsRead } from '../../lib/read-cache.js';
import { nowIso } from '../../lib/time.js';
import { requireWorldAccess } from './world.access.js';
import { presentWorld } from './world.presenter.js';
import { deleteWorld, insertWorld, listWorlds, updateWorld } from './world.repository.js';
import { IfMatchHeaders, claimVersion, withIfMatch } from '../../lib/versioned-update.js';

const WorldParams = z.object({ worldId: uuidField('worldId') });
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
const tags = ['worlds'];

export const worldRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/worlds', {
    schema: {
      tags,
      summary: "List the signed-in user's worlds with their counts",
      querystring: listQuerySchema(WORLD_SORT_FIELDS),
      response: { 200: listResponseSchema(WorldSchema), ...errors },
    },
  }, async (request) => {
    return cachedUserWorldsRead(app.db, request.userId, request.url, async () => {
      const { rows, pagination } = await listWorlds(app.db, request.userId, request.query);
      return { data: rows.map(presentWorld), pagination };
    });
  });

  app.post('/worlds', {
    schema: {
      tags,
      summary: 'Create a world',
      body: WorldCreateSchema,
      response: { 201: WorldSchema, ...errors },
    },
  }, async (request, reply) => {
    // A well-signed token whose account this database does not hold (data reset, a shared secret) is a
    // session that no longer holds: 401, so the client signs in again, instead of a foreign-key failure.
    if (!(await findUserById(app.db, request.userId))) throw unauthorized(MESSAGES.invalidToken);
    const now = nowIso();
    const world = {
      id: newId(),
      name: request.body.name,
      description: request.body.description,
      created_by: request.userId,
      character_count: 0,
      timeline_count: 0,
      map_count: 0,
      event_count: 0,
      item_count: 0,
      content_version: 0,
      created_at: now,
      updated_at: now,
    };
    await insertWorld(app.db, world);
    return reply.status(201).send(presentWorld(world));
  });

  app.get('/worlds/:worldId', {
    schema: { tags, summary: 'One world with its counts', params: WorldParams, response: { 200: WorldSchema, ...errors } },
  }, async (request) => presentWorld(await requireWorldAccess(app.db, request.params.worldId, request.userId)));

  app.put('/worlds/:worldId', {
    schema: {
      tags,
      summary: "Update a world's name and description",
      params: WorldParams,
      headers: IfMatchHeaders,
      body: WorldUpdateSchema,
      response: { 200: WorldSchema, ...errors },
    },
  }, async (request) => withIfMatch(app.db, request, { table: 'world', id: request.params.worldId, entity: 'world' }, async (db) => {
    const world = await requireWorldAccess(db, request.params.worldId, request.userId);
    const updated = await updateWorld(db, world.id, request.body);
    return presentWorld(updated ?? world);
  }));

  app.delete('/worlds/:worldId', {
    schema: {
      tags,
      summary: 'Delete a world and everything in it (irreversible)',
      params: WorldParams,
      headers: IfMatchHeaders,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
  }, async (request, reply) => {
    await app.db.transaction().execute(async (trx) => {
      await claimVersion(trx, request, { table: 'world', id: request.params.worldId, entity: 'world' });
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      await deleteWorld(trx, world.id);
    });
    return reply.status(204).send(null);
  });
};
