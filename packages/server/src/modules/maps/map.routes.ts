/**
 * Map routes (SPEC §7 Maps, §5 Map: name 3–100 characters): GET/POST /worlds/{worldId}/maps and
 * GET/PUT/DELETE /worlds/{worldId}/maps/{mapId}. Creating and deleting keep the world's map count exact.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ErrorResponseSchema,
  MAP_SORT_FIELDS,
  MapCreateSchema,
  MapSchema,
  MapUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { newId } from '../../lib/ids.js';
import { removeReferencesTo } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import { requireWorldAccess } from '../worlds/world.access.js';
import { requireMap } from './map.access.js';
import { presentMap } from './map.presenter.js';
import { deleteMap, insertMap, listMaps, updateMap } from './map.repository.js';
import { IfMatchHeaders, claimVersion, withIfMatch } from '../../lib/versioned-update.js';

const WorldParams = z.object({ worldId: uuidField('worldId') });
const MapParams = WorldParams.extend({ mapId: uuidField('mapId') });
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
const tags = ['maps'];

/** Registers the map routes; each checks world ownership first (404 otherwise). */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/worlds/:worldId/maps', {
    schema: {
      tags,
      summary: "List a world's maps",
      params: WorldParams,
      querystring: listQuerySchema(MAP_SORT_FIELDS),
      response: { 200: listResponseSchema(MapSchema), ...errors },
    },
  }, async (request) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    const { rows, pagination } = await listMaps(app.db, world.id, world.map_count, request.query);
    return { data: rows.map(presentMap), pagination };
  });

  app.post('/worlds/:worldId/maps', {
    schema: {
      tags,
      summary: 'Create a map (name 3–100 characters)',
      params: WorldParams,
      body: MapCreateSchema,
      response: { 201: MapSchema, ...errors },
    },
  }, async (request, reply) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    const now = nowIso();
    const map = { id: newId(), world_id: world.id, ...request.body, created_at: now, updated_at: now };
    await insertMap(app.db, map);
    return reply.status(201).send(presentMap({ ...map, image_content_type: null, image_size: null, image_updated_at: null }));
  });

  app.get('/worlds/:worldId/maps/:mapId', {
    schema: { tags, summary: 'One map', params: MapParams, response: { 200: MapSchema, ...errors } },
  }, async (request) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    return presentMap(await requireMap(app.db, world.id, request.params.mapId));
  });

  app.put('/worlds/:worldId/maps/:mapId', {
    schema: {
      tags,
      summary: "Update a map's name and description",
      params: MapParams,
      headers: IfMatchHeaders,
      body: MapUpdateSchema,
      response: { 200: MapSchema, ...errors },
    },
  }, async (request) => withIfMatch(app.db, request, { table: 'map', id: request.params.mapId, entity: 'map' }, async (db) => {
    const world = await requireWorldAccess(db, request.params.worldId, request.userId);
    const map = await requireMap(db, world.id, request.params.mapId);
    await updateMap(db, map.id, request.body);
    return presentMap(await requireMap(db, world.id, map.id));
  }));

  app.delete('/worlds/:worldId/maps/:mapId', {
    schema: {
      tags,
      summary: 'Delete a map with its image, points and areas (irreversible)',
      params: MapParams,
      headers: IfMatchHeaders,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
  }, async (request, reply) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    await app.db.transaction().execute(async (trx) => {
      await claimVersion(trx, request, { table: 'map', id: request.params.mapId, entity: 'map' });
      const map = await requireMap(trx, world.id, request.params.mapId);
      await removeReferencesTo(trx, 'map', map.id);
      await deleteMap(trx, map.id);
    });
    return reply.status(204).send(null);
  });
};
