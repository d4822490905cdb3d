/**
 * Map area routes (SPEC §7 Maps: "the same five operations on …/areas"): GET/POST
 * /worlds/{worldId}/maps/{mapId}/areas and GET/PUT/DELETE …/areas/{areaId}. Payload
 * {name, description, color, polygon: [[x, y], …]} with at least 3 vertices in image pixels.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AreaCreateSchema,
  AreaSchema,
  AreaUpdateSchema,
  POINT_SORT_FIELDS,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { requireMap } from '../maps/map.access.js';
import { accessColumns } from '../worlds/access-fields.js';
import { requireEditor } from '../../access/world-scope.js';
import { requireArea } from './map-area.access.js';
import { presentMapArea } from './map-area.presenter.js';
import { deleteMapArea, insertMapArea, listMapAreas, updateMapArea } from './map-area.repository.js';
import { IfMatchHeaders, withIfMatch } from '../../lib/versioned-update.js';
import { prepareRichText, richTextRow, saveMentions } from '../mentions/rich-text.write.js';

const MapParams = WorldParams.extend({ mapId: uuidField('mapId') });
const AreaParams = MapParams.extend({ areaId: uuidField('areaId') });
const tags = ['map areas'];

const areaColumns = (input: z.output<typeof AreaCreateSchema>, now: string) => ({
  name: input.name,
  description: input.description,
  color: input.color,
  polygon: JSON.stringify(input.polygon),
  updated_at: now,
});

/** Registers the map area routes; each checks the map (visible to the reader) first (404 otherwise). */
export const mapAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/maps/:mapId/areas',
    {
      schema: {
        tags,
        summary: "List a map's areas",
        params: MapParams,
        querystring: listQuerySchema(POINT_SORT_FIELDS),
        response: { 200: listResponseSchema(AreaSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      const map = await requireMap(app.db, scope, request.params.mapId);
      return listReply(await listMapAreas(app.db, scope, map.id, request.query), (row) => presentMapArea(row, scope));
    },
  );

  app.post(
    '/worlds/:worldId/maps/:mapId/areas',
    {
      schema: {
        tags,
        summary: 'Create an area: {name, description, color, polygon: [[x, y], …]} (at least 3 vertices)',
        params: MapParams,
        body: AreaCreateSchema,
        response: { 201: AreaSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = request.world;
      const map = await requireMap(app.db, scope, request.params.mapId);
      requireEditor(scope);
      const now = nowIso();
      const richText = await prepareRichText(app.db, scope, request.body);
      const area = {
        id: newId(),
        world_id: scope.world.id,
        map_id: map.id,
        ...areaColumns(request.body, now),
        ...richTextRow(richText),
        ...(await accessColumns(app.db, scope, request.body)),
        created_at: now,
      };
      await app.db.transaction().execute(async (trx) => {
        await insertMapArea(trx, area);
        await saveMentions(trx, scope, 'mapArea', area.id, richText);
      });
      return reply.status(201).send(presentMapArea(area, scope));
    },
  );

  app.get(
    '/worlds/:worldId/maps/:mapId/areas/:areaId',
    {
      schema: { tags, summary: 'One map area', params: AreaParams, response: { 200: AreaSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      const map = await requireMap(app.db, scope, request.params.mapId);
      return presentMapArea(await requireArea(app.db, scope, map.id, request.params.areaId), scope);
    },
  );

  app.put(
    '/worlds/:worldId/maps/:mapId/areas/:areaId',
    {
      schema: {
        tags,
        summary: 'Replace a map area',
        params: AreaParams,
        headers: IfMatchHeaders,
        body: AreaUpdateSchema,
        response: { 200: AreaSchema, ...errors },
      },
    },
    async (request) =>
      withIfMatch(app.db, request, { table: 'map_area', id: request.params.areaId, entity: 'map area' }, async (db) => {
        const scope = request.world;
        const map = await requireMap(db, scope, request.params.mapId);
        const area = await requireArea(db, scope, map.id, request.params.areaId);
        requireEditor(scope);
        const richText = await prepareRichText(db, scope, request.body, area);
        await updateMapArea(db, area.id, {
          ...areaColumns(request.body, nowIso()),
          ...richTextRow(richText),
          ...(await accessColumns(db, scope, request.body, area)),
        });
        await saveMentions(db, scope, 'mapArea', area.id, richText);
        // Read back: the stored version may be a millisecond later than now (see the version-trigger migration).
        return presentMapArea(await requireArea(db, scope, map.id, area.id), scope);
      }),
  );

  app.delete(
    '/worlds/:worldId/maps/:mapId/areas/:areaId',
    {
      schema: {
        tags,
        summary: 'Delete a map area',
        params: AreaParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await withIfMatch(app.db, request, { table: 'map_area', id: request.params.areaId, entity: 'map area' }, async (db) => {
        const scope = request.world;
        const map = await requireMap(db, scope, request.params.mapId);
        const area = await requireArea(db, scope, map.id, request.params.areaId);
        requireEditor(scope);
        await deleteMapArea(db, area.id);
      });
      return reply.status(204).send(null);
    },
  );
};
