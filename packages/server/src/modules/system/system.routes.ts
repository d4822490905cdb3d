/**
 * GET /health (checks the database, reports a full disk) and GET /version: public, unauthenticated.
 * See docs/reliability.md for what 503 and 507 promise.
 */
import { sql } from 'kysely';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorResponseSchema, MESSAGES } from '@loreforge/contract';
import { isStorageReportedFull } from '../../db/storage-state.js';
import { APP_VERSION } from '../../version.js';

const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['sqlite', 'postgres']) });

export const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database check',
        description:
          '200 when the database answers. 503 SERVICE_UNAVAILABLE while it does not (within DATABASE_CONNECT_TIMEOUT_MS ' +
          'on PostgreSQL); 507 INSUFFICIENT_STORAGE for 30 s after a write was refused because the disk is full.',
        response: { 200: HealthSchema, 503: ErrorResponseSchema, 507: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      if (isStorageReportedFull()) return reply.status(507).send({ message: MESSAGES.storageFull, code: 'INSUFFICIENT_STORAGE' });
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ok' as const, database: app.dialect };
      } catch (error) {
        request.log.warn({ err: error }, 'health check failed');
        return reply.status(503).send({ message: MESSAGES.databaseUnavailable, code: 'SERVICE_UNAVAILABLE' });
      }
    },
  );

  app.get(
    '/version',
    {
      schema: {
        tags: ['system'],
        summary: 'The API name and version',
        response: { 200: z.object({ name: z.string(), version: z.string() }) },
      },
    },
    async () => ({ name: 'Loreforge', version: APP_VERSION }),
  );
};
