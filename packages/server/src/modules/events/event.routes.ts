/**
 * Event routes (SPEC §7 Timelines and events): GET/POST /worlds/{worldId}/events,
 * GET/PUT/DELETE /worlds/{worldId}/events/{eventId}, and GET /worlds/{worldId}/timelines/{timelineId}/events
 * (a timeline's events in story order).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EVENT_SORT_FIELDS,
  EventCreateSchema,
  EventSchema,
  EventUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { WorldParams, errorResponses as errors } from '../../lib/route-parts.js';
import { requireEditor } from '../../access/world-scope.js';
import { requireEvent } from './event.access.js';
import { cachedScopedRead } from '../worlds/scoped-cache.js';
import { createEvent, deleteEvent, updateEvent } from './event.commands.js';
import { presentEvents, presentOneEvent, presentTimelineEvents } from './event.presenter.js';
import { listEvents, listTimelineEvents } from './event.repository.js';
import { IfMatchHeaders, claimVersion } from '../../lib/versioned-update.js';

const EventParams = WorldParams.extend({ eventId: uuidField('eventId') });
const TimelineParams = WorldParams.extend({ timelineId: uuidField('timelineId') });
const EventListQuery = listQuerySchema(EVENT_SORT_FIELDS).extend({
  timelineId: uuidField('timelineId').optional().describe('Only the events of this timeline.'),
});
const tags = ['events'];
const bodyRules =
  'timelineId is optional and must be a timeline of this world; childTimelineId must be a timeline of this world other ' +
  "than the event's own. The three change fields are JSON objects or arrays (null when empty): a value with `version` must follow " +
  'the versioned change format and name characters and items of this world (docs/timeline-engine.md; a 400 names the entry and field ' +
  'at fault); anything else is the old free form, stored as given and reported, not applied, by the timeline engine.';

/** Registers the event routes; the world scope step has checked membership (404 otherwise). */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/events',
    {
      schema: {
        tags,
        summary: "List a world's events, optionally only one timeline's",
        description: 'Search looks in name and description; sortBy is one of createdAt, updatedAt, name, dateTime.',
        params: WorldParams,
        querystring: EventListQuery,
        response: { 200: listResponseSchema(EventSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () => {
        const { timelineId, ...params } = request.query;
        if (timelineId === undefined) {
          const { rows, pagination } = await listEvents(app.db, scope, undefined, params);
          return { data: await presentEvents(app.db, scope, rows), pagination };
        }
        const { rows, pagination, clock } = await listTimelineEvents(app.db, scope, timelineId, params);
        return { data: presentTimelineEvents(scope, rows, clock), pagination };
      });
    },
  );

  app.get(
    '/worlds/:worldId/timelines/:timelineId/events',
    {
      schema: {
        tags: ['timelines', ...tags],
        summary: "A timeline's events in story order",
        description: 'Default order is dateTime ascending, then creation order. The other list parameters work as everywhere.',
        params: TimelineParams,
        querystring: listQuerySchema(EVENT_SORT_FIELDS),
        response: { 200: listResponseSchema(EventSchema), ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () => {
        // The timeline with its calendar, and the page, asked together: the events are dated in its calendar.
        const params = { ...request.query, sortBy: request.query.sortBy ?? 'dateTime' };
        const { rows, pagination, clock } = await listTimelineEvents(app.db, scope, request.params.timelineId, params);
        return { data: presentTimelineEvents(scope, rows, clock), pagination };
      });
    },
  );

  app.post(
    '/worlds/:worldId/events',
    {
      schema: {
        tags,
        summary: 'Create an event',
        description: bodyRules,
        params: WorldParams,
        body: EventCreateSchema,
        response: { 201: EventSchema, ...errors },
      },
    },
    async (request, reply) => {
      const event = await app.db.transaction().execute(async (trx) => {
        const scope = request.world;
        return createEvent(trx, scope, request.body);
      });
      return reply.status(201).send(await presentOneEvent(app.db, request.world, event));
    },
  );

  app.get(
    '/worlds/:worldId/events/:eventId',
    {
      schema: { tags, summary: 'One event', params: EventParams, response: { 200: EventSchema, ...errors } },
    },
    async (request) => {
      const scope = request.world;
      return cachedScopedRead(app.db, scope, request.url, async () =>
        presentOneEvent(app.db, scope, await requireEvent(app.db, scope, request.params.eventId)),
      );
    },
  );

  app.put(
    '/worlds/:worldId/events/:eventId',
    {
      schema: {
        tags,
        summary: 'Replace an event (validated like create)',
        description: `${bodyRules} Moving an event to another timeline clears it as the branching event of branches of its old timeline.`,
        params: EventParams,
        headers: IfMatchHeaders,
        body: EventUpdateSchema,
        response: { 200: EventSchema, ...errors },
      },
    },
    async (request) => {
      const event = await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'event', id: request.params.eventId, entity: 'event' });
        const scope = request.world;
        return updateEvent(trx, scope, await requireEvent(trx, scope, request.params.eventId), request.body);
      });
      return presentOneEvent(app.db, request.world, event);
    },
  );

  app.delete(
    '/worlds/:worldId/events/:eventId',
    {
      schema: {
        tags,
        summary: 'Delete an event (irreversible)',
        description:
          'Timelines that start or branch at it lose that link (genesisEvent or branchingEvent becomes null); connections to it are removed.',
        params: EventParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
    },
    async (request, reply) => {
      await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'event', id: request.params.eventId, entity: 'event' });
        const scope = request.world;
        const event = await requireEvent(trx, scope, request.params.eventId);
        requireEditor(scope);
        await deleteEvent(trx, event);
      });
      return reply.status(204).send(null);
    },
  );
};
