/**
 * History routes (issue 15 "History"):
 * GET /worlds/{worldId}/history/{entityType}/{entityId} — an entity's changes, newest first, paged, as the
 * reader may see them (history.access.ts, history.presenter.ts);
 * POST /worlds/{worldId}/history/{entityType}/{entityId}/{sequence}/restore — editors and the owner write an
 * earlier version back as a new change (history.commands.ts), honouring If-Match, or bring a deleted entity back;
 * GET /worlds/{worldId}/history/deleted — editors' list of deleted entities to restore (history.undelete.ts).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCESS_MESSAGES,
  DELETED_ENTITIES_MAX,
  DeletedEntityListSchema,
  ErrorResponseSchema,
  HISTORY_MESSAGES,
  HistoryEntityTypeSchema,
  HistoryPageSchema,
  PageQuerySchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses } from '../../lib/route-parts.js';
import { requireEditor } from '../../access/world-scope.js';
import { feedPositions } from '../changes/feed-cursor.js';
import { VisibilityMemo } from './history-fields.js';
import { requireHistory } from './history.access.js';
import { restoreVersion } from './history.commands.js';
import { listDeletedEntities } from './history.undelete.js';
import { presentHistoryEntry, presentHistoryPage } from './history.presenter.js';
import { findUsernames, listEntityChanges } from './history.repository.js';

const HistoryParams = WorldParams.extend({ entityType: HistoryEntityTypeSchema, entityId: uuidField('entityId') });
const VersionParams = HistoryParams.extend({
  sequence: z.coerce
    .number({ error: () => 'sequence must be a whole number of 1 or more.' })
    .int('sequence must be a whole number of 1 or more.')
    .min(1, 'sequence must be a whole number of 1 or more.')
    .max(Number.MAX_SAFE_INTEGER, 'sequence must be a whole number of 1 or more.')
    .describe('The sequence of the version to restore, from the history.'),
});
const tags = ['history'];

export const historyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/history/deleted',
    {
      schema: {
        tags,
        summary: "The world's recently deleted entities, to restore (editors and the owner)",
        description:
          `Entities deleted and not restored since, newest first (at most ${DELETED_ENTITIES_MAX}), each with the \`sequence\` of its deletion: ` +
          'POST …/history/{entityType}/{entityId}/{sequence}/restore brings it back. ' +
          `403 '${ACCESS_MESSAGES.forbidden}' for players and viewers.`,
        params: WorldParams,
        response: { 200: DeletedEntityListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const scope = request.world;
      requireEditor(scope);
      return { data: await listDeletedEntities(app.db, scope.world.id) };
    },
  );

  app.get(
    '/worlds/:worldId/history/:entityType/:entityId',
    {
      schema: {
        tags,
        summary: "An entity's history: who changed it, when, and which fields from what to what",
        description:
          'Newest first. Any member who may see the entity may read it; a secret entity is a 404 for players and viewers, ' +
          'exactly like a missing one. GM notes and reveals appear only for editors and the owner; a reference to an entity ' +
          "the reader may not see reads as null. Updates that changed nothing the reader may see are left out. An entry's `sequence` is " +
          "its place in the change feed as the reader is shown it there: the world's own number for editors and the owner (restore names " +
          'it), an opaque position of their own for players and viewers.',
        params: HistoryParams,
        querystring: PageQuerySchema,
        response: { 200: HistoryPageSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { worldId, entityType, entityId } = request.params;
      const scope = request.world;
      const target = await requireHistory(app.db, scope, worldId, entityType, entityId);
      const { page, limit } = request.query;
      const rows = await listEntityChanges(app.db, scope, worldId, entityType, entityId);
      const usernames = await findUsernames(app.db, [...new Set(rows.map((row) => row.by).filter((id): id is string => id !== null))]);
      const memo = new VisibilityMemo(app.db, scope);
      // Players and viewers get each entry's place in the log as their own feed cursor, so no gap counts hidden changes.
      const positions = feedPositions(app.feedCursorKey, scope);
      const entries = [];
      for (const row of rows) {
        const entry = await presentHistoryEntry(row, entityId, scope, memo, usernames);
        // An update the reader sees nothing of (only bookkeeping, or only fields kept from them) is no news to them.
        if (entry.action !== 'updated' || entry.changes.length > 0)
          entries.push(Object.assign({}, entry, { sequence: positions.show(entry.sequence) }));
      }
      const shown = entries.slice((page - 1) * limit, page * limit);
      return presentHistoryPage(entityType, entityId, target, shown, scope, memo, { page, limit, total: entries.length });
    },
  );

  app.post(
    '/worlds/:worldId/history/:entityType/:entityId/:sequence/restore',
    {
      schema: {
        tags,
        summary: 'Write an earlier version of an entity back, as a new change (editors and the owner)',
        description:
          `Answers the entity as its own GET does, with its new ETag. Send If-Match with the ETag you read to refuse the restore when someone ` +
          `changed the entity meanwhile (409). A deleted entity comes back with the same id, from the state before its deletion (name the ` +
          `deletion's sequence) or from an earlier version; it is recorded as a creation. 409 '${HISTORY_MESSAGES.parentMissing('character', 'Dorothy', 'goal')}' ` +
          `(with what is missing) when what it belongs to is deleted too; 409 when the version refers to something that no ` +
          `longer exists; 400 '${HISTORY_MESSAGES.deleteVersion}'; 403 '${ACCESS_MESSAGES.forbidden}'.`,
        params: VersionParams,
        headers: z.object({ 'if-match': z.string().max(200).optional().describe('The ETag of the entity as you read it.') }).loose(),
        response: {
          200: z.record(z.string(), z.unknown()).describe('The entity after the restore, as its own GET answers it'),
          409: ErrorResponseSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const { worldId, entityType, entityId, sequence } = request.params;
      const scope = request.world;
      await requireHistory(app.db, scope, worldId, entityType, entityId);
      requireEditor(scope);
      const ifMatch = request.headers['if-match'];
      const outcome = await restoreVersion(app, scope, entityType, entityId, sequence, {
        authorization: request.headers.authorization ?? '',
        ...(typeof ifMatch === 'string' ? { 'if-match': ifMatch } : {}),
      });
      if (outcome.etag) void reply.header('etag', outcome.etag);
      return reply.status(outcome.status).send(outcome.body);
    },
  );
};
