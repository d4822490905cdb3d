/**
 * Map routes (SPEC §7 Maps, §5 Map: name 3–100 characters): GET/POST /worlds/{worldId}/maps and
 * GET/PUT/DELETE /worlds/{worldId}/maps/{mapId}. Creating and deleting keep the world's map count exact.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MAP_SORT_FIELDS,
  MapCreateSchema,
  MapSchema,
  MapUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { newId } from '../../lib/ids.js';
import { removeReferencesTo } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import { accessColumns } from '../worlds/access-fields.js';
import { requireEditor } from '../../access/world-scope.js';
import { requireMap } from './map.access.js';
import { presentMap } from './map.presenter.js';
import { deleteMap, insertMap, listMaps, updateMap } from './map.repository.js';
import { IfMatchHeaders, claimVersion, withIfMatch } from '../../lib/versioned-update.js';
import { prepareRichText, richTextRow, saveMentions } from '../mentions/rich-text.write.js';

const MapParams = WorldParams.extend({ mapId: uuidField('mapId') });
const tags = ['maps'];

/** Registers the map routes; the world scope step has checked membership (404 otherwise). */
export const mapRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/maps',
    {
      schema: {
        tags,
        summary: "List a world's maps",
        params: WorldParams,
        querystring: listQuerySchema(MAP_SORT_FIELDS),
        response: { 200: listResponseSchema(MapSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      return listReply(await listMaps(app.db, scope, request.query), (row) => presentMap(row, scope));
    },
  );

  app.post(
    '/worlds/:worldId/maps',
    {
      schema: {
        tags,
        summary: 'Create a map (name 3–100 characters)',
        params: WorldParams,
        body: MapCreateSchema,
        response: { 201: MapSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = request.world;
      requireEditor(scope);
      const now = nowIso();
      const { name } = request.body;
      const map = await app.db.transaction().execute(async (trx) => {
        const richText = await prepareRichText(trx, scope, request.body);
        const row = {
          id: newId(),
          world_id: scope.world.id,
          name,
          ...richTextRow(richText),
          ...(await accessColumns(trx, scope, request.body)),
          created_at: now,
          updated_at: now,
        };
        await insertMap(trx, row);
        await saveMentions(trx, scope, 'map', row.id, richText);
        return row;
      });
      return reply.status(201).send(presentMap({ ...map, image_content_type: null, image_size: null, image_updated_at: null }, scope));
    },
  );

  app.get(
    '/worlds/:worldId/maps/:mapId',
    {
      schema: { tags, summary: 'One map', params: MapParams, response: { 200: MapSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      return presentMap(await requireMap(app.db, scope, request.params.mapId), scope);
    },
  );

  app.put(
    '/worlds/:worldId/maps/:mapId',
    {
      schema: {
        tags,
        summary: "Update a map's name and description",
        params: MapParams,
        headers: IfMatchHeaders,
        body: MapUpdateSchema,
        response: { 200: MapSchema, ...errors },
      },
    },
    async (request) =>
      withIfMatch(app.db, request, { table: 'map', id: request.params.mapId, entity: 'map' }, async (db) => {
        const scope = request.world;
        const map = await requireMap(db, scope, request.params.mapId);
        requireEditor(scope);
        const richText = await prepareRichText(db, scope, request.body, map);
        await updateMap(db, map.id, {
          name: request.body.name,
          ...richTextRow(richText),
          ...(await accessColumns(db, scope, request.body, map)),
        });
        await saveMentions(db, scope, 'map', map.id, richText);
        return presentMap(await requireMap(db, scope, map.id), scope);
      }),
  );

  app.delete(
    '/worlds/:worldId/maps/:mapId',
    {
      schema: {
        tags,
        summary: 'Delete a map with its image, points and areas (irreversible)',
        params: MapParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      const scope = request.world;
      await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'map', id: request.params.mapId, entity: 'map' });
        const map = await requireMap(trx, scope, request.params.mapId);
        requireEditor(scope);
        await removeReferencesTo(trx, 'map', map.id);
        await deleteMap(trx, map.id);
      });
      return reply.status(204).send(null);
    },
  );
};
