/**
 * Connection routes (SPEC §7 Connections): GET/POST /worlds/{worldId}/connections and
 * GET/PUT/DELETE /worlds/{worldId}/connections/{connectionId}. Payload
 * {sourceType, sourceId, targetType, targetId, connectionType, description}; both ends must exist in the world.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONNECTION_SORT_FIELDS,
  ConnectionCreateSchema,
  ConnectionSchema,
  ConnectionUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { newId } from '../../lib/ids.js';
import { findEntityNames } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import { requireConnection, requireConnectionEnds } from './connection.access.js';
import { accessColumns } from '../worlds/access-fields.js';
import { requireEditor } from '../../access/world-scope.js';
import { connectionRefs, presentConnection } from './connection.presenter.js';
import { deleteConnection, insertConnection, listConnections, updateConnection } from './connection.repository.js';
import { IfMatchHeaders, withIfMatch } from '../../lib/versioned-update.js';
import { prepareRichText, richTextRow, saveMentions } from '../mentions/rich-text.write.js';

const ConnectionParams = WorldParams.extend({ connectionId: uuidField('connectionId') });
const ConnectionListQuery = listQuerySchema(CONNECTION_SORT_FIELDS).extend({
  entityId: uuidField('entityId').optional().describe('Only connections with this entity at either end.'),
});
const tags = ['connections'];

const connectionColumns = (input: z.output<typeof ConnectionCreateSchema>, now: string) => ({
  source_type: input.sourceType,
  source_id: input.sourceId,
  target_type: input.targetType,
  target_id: input.targetId,
  connection_type: input.connectionType,
  description: input.description,
  updated_at: now,
});

/** Registers the connection routes; the world scope step has checked membership (404 otherwise). */
export const connectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/connections',
    {
      schema: {
        tags,
        summary: "List a world's connections, optionally those touching one entity (entityId)",
        params: WorldParams,
        querystring: ConnectionListQuery,
        response: { 200: listResponseSchema(ConnectionSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      const { rows, pagination } = await listConnections(app.db, scope, request.query);
      const names = await findEntityNames(app.db, scope.world.id, connectionRefs(rows));
      return listReply({ rows, pagination }, (row) => presentConnection(row, names, scope));
    },
  );

  app.post(
    '/worlds/:worldId/connections',
    {
      schema: {
        tags,
        summary: 'Connect two entities of the world',
        params: WorldParams,
        body: ConnectionCreateSchema,
        response: { 201: ConnectionSchema, ...errors },
      },
    },
    async (request, reply) => {
      const scope = request.world;
      requireEditor(scope);
      const names = await requireConnectionEnds(app.db, scope.world.id, request.body);
      const now = nowIso();
      const richText = await prepareRichText(app.db, scope, request.body);
      const connection = {
        id: newId(),
        world_id: scope.world.id,
        ...connectionColumns(request.body, now),
        ...richTextRow(richText),
        ...(await accessColumns(app.db, scope, request.body)),
        created_at: now,
      };
      await app.db.transaction().execute(async (trx) => {
        await insertConnection(trx, connection);
        await saveMentions(trx, scope, 'connection', connection.id, richText);
      });
      return reply.status(201).send(presentConnection(connection, names, scope));
    },
  );

  app.get(
    '/worlds/:worldId/connections/:connectionId',
    {
      schema: { tags, summary: 'One connection', params: ConnectionParams, response: { 200: ConnectionSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      const connection = await requireConnection(app.db, scope, request.params.connectionId);
      return presentConnection(connection, await findEntityNames(app.db, scope.world.id, connectionRefs([connection])), scope);
    },
  );

  app.put(
    '/worlds/:worldId/connections/:connectionId',
    {
      schema: {
        tags,
        summary: 'Replace a connection',
        params: ConnectionParams,
        headers: IfMatchHeaders,
        body: ConnectionUpdateSchema,
        response: { 200: ConnectionSchema, ...errors },
      },
    },
    async (request) =>
      withIfMatch(app.db, request, { table: 'connection', id: request.params.connectionId, entity: 'connection' }, async (db) => {
        const scope = request.world;
        const connection = await requireConnection(db, scope, request.params.connectionId);
        requireEditor(scope);
        const names = await requireConnectionEnds(db, scope.world.id, request.body);
        const richText = await prepareRichText(db, scope, request.body, connection);
        await updateConnection(db, connection.id, {
          ...connectionColumns(request.body, nowIso()),
          ...richTextRow(richText),
          ...(await accessColumns(db, scope, request.body, connection)),
        });
        await saveMentions(db, scope, 'connection', connection.id, richText);
        // Read back: the stored version may be a millisecond later than now (see the version-trigger migration).
        return presentConnection(await requireConnection(db, scope, connection.id), names, scope);
      }),
  );

  app.delete(
    '/worlds/:worldId/connections/:connectionId',
    {
      schema: {
        tags,
        summary: 'Delete a connection',
        params: ConnectionParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await withIfMatch(app.db, request, { table: 'connection', id: request.params.connectionId, entity: 'connection' }, async (db) => {
        const scope = request.world;
        const connection = await requireConnection(db, scope, request.params.connectionId);
        requireEditor(scope);
        await deleteConnection(db, connection.id);
      });
      return reply.status(204).send(null);
    },
  );
};
