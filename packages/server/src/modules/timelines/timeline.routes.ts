/**
 * Timeline routes (SPEC §7 Timelines and events): GET/POST /worlds/{worldId}/timelines and
 * GET/PUT/DELETE /worlds/{worldId}/timelines/{timelineId}. The timeline's events are listed by the events module
 * (GET .../timelines/{timelineId}/events).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TIMELINE_SORT_FIELDS,
  TimelineCreateSchema,
  TimelineSchema,
  TimelineUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses as errors } from '../../lib/route-parts.js';
import { cachedScopedRead } from '../worlds/scoped-cache.js';
import { requireEditor } from '../../access/world-scope.js';
import { requireTimeline } from './timeline.access.js';
import { createTimeline, deleteTimeline, updateTimeline } from './timeline.commands.js';
import { presentOneTimeline, presentTimelines } from './timeline.presenter.js';
import { listTimelines } from './timeline.repository.js';
import { IfMatchHeaders, claimVersion } from '../../lib/versioned-update.js';

const TimelineParams = WorldParams.extend({ timelineId: uuidField('timelineId') });
const tags = ['timelines'];
const linkRules =
  'parentTimelineId must be another timeline of this world and not one of its own branches; branchingEvent needs a ' +
  'parentTimelineId and must be an event of that parent; genesisEvent must be an event of this world. A broken link is a 400 naming the field.';

/** Registers the timeline routes; every one checks that the caller owns the world (404 otherwise). */
export const timelineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/timelines',
    {
      schema: {
        tags,
        summary: "List a world's timelines",
        description: 'Search looks in name and description; sortBy is one of createdAt, updatedAt, name, currentDateTime.',
        params: WorldParams,
        querystring: listQuerySchema(TIMELINE_SORT_FIELDS),
        response: { 200: listResponseSchema(TimelineSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () => {
        const { rows, pagination } = await listTimelines(app.db, scope, request.query);
        return { data: await presentTimelines(app.db, scope, rows), pagination };
      });
    },
  );

  app.post(
    '/worlds/:worldId/timelines',
    {
      schema: {
        tags,
        summary: 'Create a timeline, optionally as a branch of another',
        description: linkRules,
        params: WorldParams,
        body: TimelineCreateSchema,
        response: { 201: TimelineSchema, ...errors },
      },
    },
    async (request, reply) => {
      const timeline = await app.db.transaction().execute(async (trx) => {
        const scope = request.world;
        return createTimeline(trx, scope, request.body);
      });
      return reply.status(201).send(await presentOneTimeline(app.db, request.world, timeline));
    },
  );

  app.get(
    '/worlds/:worldId/timelines/:timelineId',
    {
      schema: { tags, summary: 'One timeline', params: TimelineParams, response: { 200: TimelineSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () =>
        presentOneTimeline(app.db, scope, await requireTimeline(app.db, scope, request.params.timelineId)),
      );
    },
  );

  app.put(
    '/worlds/:worldId/timelines/:timelineId',
    {
      schema: {
        tags,
        summary: 'Replace a timeline (validated like create)',
        description: linkRules,
        params: TimelineParams,
        headers: IfMatchHeaders,
        body: TimelineUpdateSchema,
        response: { 200: TimelineSchema, ...errors },
      },
    },
    async (request) => {
      const timeline = await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'timeline', id: request.params.timelineId, entity: 'timeline' });
        const scope = request.world;
        return updateTimeline(trx, scope, await requireTimeline(trx, scope, request.params.timelineId), request.body);
      });
      return presentOneTimeline(app.db, request.world, timeline);
    },
  );

  app.delete(
    '/worlds/:worldId/timelines/:timelineId',
    {
      schema: {
        tags,
        summary: 'Delete a timeline (irreversible); its events are kept',
        description:
          'The events of the timeline stay in the world with timelineId null, and events branching into it lose their ' +
          'childTimelineId. Its child timelines become top-level timelines (parentTimelineId and branchingEvent null). ' +
          'Connections to it are removed.',
        params: TimelineParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'timeline', id: request.params.timelineId, entity: 'timeline' });
        const scope = request.world;
        const timeline = await requireTimeline(trx, scope, request.params.timelineId);
        requireEditor(scope);
        await deleteTimeline(trx, timeline);
      });
      return reply.status(204).send(null);
    },
  );
};
