/**
 * Map point routes (SPEC §7 Maps: "the same five operations on …/points"): GET/POST
 * /worlds/{worldId}/maps/{mapId}/points and GET/PUT/DELETE …/points/{pointId}. A point may mark a character
 * or item of the same world; its name is answered as entity.name.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  POINT_SORT_FIELDS,
  PointCreateSchema,
  PointSchema,
  PointUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { newId } from '../../lib/ids.js';
import { findEntityNames } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import { requireMap } from '../maps/map.access.js';
import { accessColumns } from '../worlds/access-fields.js';
import { requireEditor } from '../../access/world-scope.js';
import { requireLinkedEntity, requirePoint } from './map-point.access.js';
import { pointEntityRefs, presentMapPoint } from './map-point.presenter.js';
import { deleteMapPoint, insertMapPoint, listMapPoints, updateMapPoint } from './map-point.repository.js';
import { IfMatchHeaders, withIfMatch } from '../../lib/versioned-update.js';
import { prepareRichText, richTextRow, saveMentions } from '../mentions/rich-text.write.js';

const MapParams = WorldParams.extend({ mapId: uuidField('mapId') });
const PointParams = MapParams.extend({ pointId: uuidField('pointId') });
const tags = ['map points'];

type PointInput = z.output<typeof PointCreateSchema>;

const pointColumns = (input: PointInput, now: string) => ({
  name: input.name,
  description: input.description,
  x: input.x,
  y: input.y,
  entity_type: input.entity?.type ?? null,
  entity_id: input.entity?.id ?? null,
  updated_at: now,
});

/** Registers the map point routes; each checks the map (visible to the reader) first (404 otherwise). */
export const mapPointRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/maps/:mapId/points',
    {
      schema: {
        tags,
        summary: "List a map's points",
        params: MapParams,
        querystring: listQuerySchema(POINT_SORT_FIELDS),
        response: { 200: listResponseSchema(PointSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      const map = await requireMap(app.db, scope, request.params.mapId);
      const { rows, pagination } = await listMapPoints(app.db, scope, map.id, request.query);
      const names = await findEntityNames(app.db, scope.world.id, pointEntityRefs(rows));
      return listReply({ rows, pagination }, (row) => presentMapPoint(row, names, scope));
    },
  );

  app.post(
    '/worlds/:worldId/maps/:mapId/points',
    {
      schema: {
        tags,
        summary: 'Create a point: {name, description, x, y, entity?: {type, id}} with x, y in image pixels',
        params: MapParams,
        body: PointCreateSchema,
        response: { 201: PointSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = request.world;
      const map = await requireMap(app.db, scope, request.params.mapId);
      requireEditor(scope);
      const names = await requireLinkedEntity(app.db, scope.world.id, request.body.entity);
      const now = nowIso();
      const richText = await prepareRichText(app.db, scope, request.body);
      const point = {
        id: newId(),
        world_id: scope.world.id,
        map_id: map.id,
        ...pointColumns(request.body, now),
        ...richTextRow(richText),
        ...(await accessColumns(app.db, scope, request.body)),
        created_at: now,
      };
      await app.db.transaction().execute(async (trx) => {
        await insertMapPoint(trx, point);
        await saveMentions(trx, scope, 'mapPoint', point.id, richText);
      });
      return reply.status(201).send(presentMapPoint(point, names, scope));
    },
  );

  app.get(
    '/worlds/:worldId/maps/:mapId/points/:pointId',
    {
      schema: { tags, summary: 'One map point', params: PointParams, response: { 200: PointSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      const map = await requireMap(app.db, scope, request.params.mapId);
      const point = await requirePoint(app.db, scope, map.id, request.params.pointId);
      return presentMapPoint(point, await findEntityNames(app.db, scope.world.id, pointEntityRefs([point])), scope);
    },
  );

  app.put(
    '/worlds/:worldId/maps/:mapId/points/:pointId',
    {
      schema: {
        tags,
        summary: 'Replace a map point',
        params: PointParams,
        headers: IfMatchHeaders,
        body: PointUpdateSchema,
        response: { 200: PointSchema, ...errors },
      },
    },
    async (request) =>
      withIfMatch(app.db, request, { table: 'map_point', id: request.params.pointId, entity: 'map point' }, async (db) => {
        const scope = request.world;
        const map = await requireMap(db, scope, request.params.mapId);
        const point = await requirePoint(db, scope, map.id, request.params.pointId);
        requireEditor(scope);
        const names = await requireLinkedEntity(db, scope.world.id, request.body.entity);
        const richText = await prepareRichText(db, scope, request.body, point);
        await updateMapPoint(db, point.id, {
          ...pointColumns(request.body, nowIso()),
          ...richTextRow(richText),
          ...(await accessColumns(db, scope, request.body, point)),
        });
        await saveMentions(db, scope, 'mapPoint', point.id, richText);
        // Read back: the stored version may be a millisecond later than now (see the version-trigger migration).
        return presentMapPoint(await requirePoint(db, scope, map.id, point.id), names, scope);
      }),
  );

  app.delete(
    '/worlds/:worldId/maps/:mapId/points/:pointId',
    {
      schema: {
        tags,
        summary: 'Delete a map point (characters located there lose their location)',
        params: PointParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await withIfMatch(app.db, request, { table: 'map_point', id: request.params.pointId, entity: 'map point' }, async (db) => {
        const scope = request.world;
        const map = await requireMap(db, scope, request.params.mapId);
        const point = await requirePoint(db, scope, map.id, request.params.pointId);
        requireEditor(scope);
        await deleteMapPoint(db, point.id);
      });
      return reply.status(204).send(null);
    },
  );
};
