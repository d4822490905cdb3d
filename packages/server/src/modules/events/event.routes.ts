/**
 * Event routes (SPEC §7 Timelines and events): GET/POST /worlds/{worldId}/events,
 * GET/PUT/DELETE /worlds/{worldId}/events/{eventId}, and GET /worlds/{worldId}/timelines/{timelineId}/events
 * (a timeline's events in story order).
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EVENT_SORT_FIELDS,
  ErrorResponseSchema,
  EventCreateSchema,
  EventSchema,
  EventUpdateSchema,
  listQuerySchema,
  listResponseSchema,
  uuidField,
} from '@loreforge/contract';
import { requireTimeline } from '../timelines/timeline.commands.js';
import { requireWorldAccess } from '../worlds/world.access.js';
import { cachedWorldRead } from '../../lib/read-cache.js';
import { createEvent, deleteEvent, requireEvent, updateEvent } from './event.commands.js';
import { presentEvent } from './event.presenter.js';
import { listEvents } from './event.repository.js';
import { IfMatchHeaders, claimVersion } from '../../lib/versioned-update.js';

const WorldParams = z.object({ worldId: uuidField('worldId') });
const EventParams = WorldParams.extend({ eventId: uuidField('eventId') });
const TimelineParams = WorldParams.extend({ timelineId: uuidField('timelineId') });
const EventListQuery = listQuerySchema(EVENT_SORT_FIELDS).extend({
  timelineId: uuidField('timelineId').optional().describe('Only the events of this timeline.'),
});
const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema };
const tags = ['events'];
const bodyRules =
  'timelineId is optional and must be a timeline of this world; childTimelineId must be a timeline of this world other ' +
  "than the event's own. The three change fields are JSON objects or arrays (null when empty): a value with `version` must follow " +
  'the versioned change format and name characters and items of this world (docs/timeline-engine.md; a 400 names the entry and field ' +
  'at fault); anything else is the old free form, stored as given and reported, not applied, by the timeline engine.';

/** Registers the event routes; every one checks that the caller owns the world (404 otherwise). */
export const eventRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/worlds/:worldId/events', {
    schema: {
      tags,
      summary: "List a world's events, optionally only one timeline's",
      description: 'Search looks in name and description; sortBy is one of createdAt, updatedAt, name, dateTime.',
      params: WorldParams,
      querystring: EventListQuery,
      response: { 200: listResponseSchema(EventSchema), ...errors },
    },
  }, async (request) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    return cachedWorldRead(app.db, world, request.url, async () => {
      const { timelineId, ...params } = request.query;
      if (timelineId === undefined) {
        const { rows, pagination } = await listEvents(app.db, { worldId: world.id, contentVersion: world.content_version, worldEventCount: Number(world.event_count) }, params, Number(world.event_count));
        return { data: rows.map(presentEvent), pagination };
      }
      const timeline = await requireTimeline(app.db, world.id, timelineId);
      const { rows, pagination } = await listEvents(app.db, { worldId: world.id, timelineId: timeline.id, contentVersion: world.content_version, worldEventCount: Number(world.event_count) }, params);
      return { data: rows.map(presentEvent), pagination };
    });
  });

  app.get('/worlds/:worldId/timelines/:timelineId/events', {
    schema: {
      tags: ['timelines', ...tags],
      summary: "A timeline's events in story order",
      description: 'Default order is dateTime ascending, then creation order. The other list parameters work as everywhere.',
      params: TimelineParams,
      querystring: listQuerySchema(EVENT_SORT_FIELDS),
      response: { 200: listResponseSchema(EventSchema), ...errors },
    },
  }, async (request) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    return cachedWorldRead(app.db, world, request.url, async () => {
      const timeline = await requireTimeline(app.db, world.id, request.params.timelineId);
      const params = { ...request.query, sortBy: request.query.sortBy ?? 'dateTime' };
      const { rows, pagination } = await listEvents(app.db, { worldId: world.id, timelineId: timeline.id, contentVersion: world.content_version, worldEventCount: Number(world.event_count) }, params);
      return { data: rows.map(presentEvent), pagination };
    });
  });

  app.post('/worlds/:worldId/events', {
    schema: {
      tags,
      summary: 'Create an event',
      description: bodyRules,
      params: WorldParams,
      body: EventCreateSchema,
      response: { 201: EventSchema, ...errors },
    },
  }, async (request, reply) => {
    const event = await app.db.transaction().execute(async (trx) => {
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      return createEvent(trx, world.id, request.body);
    });
    return reply.status(201).send(presentEvent(event));
  });

  app.get('/worlds/:worldId/events/:eventId', {
    schema: { tags, summary: 'One event', params: EventParams, response: { 200: EventSchema, ...errors } },
  }, async (request) => {
    const world = await requireWorldAccess(app.db, request.params.worldId, request.userId);
    return cachedWorldRead(app.db, world, request.url, async () => presentEvent(await requireEvent(app.db, world.id, request.params.eventId)));
  });

  app.put('/worlds/:worldId/events/:eventId', {
    schema: {
      tags,
      summary: 'Replace an event (validated like create)',
      description: `${bodyRules} Moving an event to another timeline clears it as the branching event of branches of its old timeline.`,
      params: EventParams,
      headers: IfMatchHeaders,
      body: EventUpdateSchema,
      response: { 200: EventSchema, ...errors },
    },
  }, async (request) => {
    const event = await app.db.transaction().execute(async (trx) => {
      await claimVersion(trx, request, { table: 'event', id: request.params.eventId, entity: 'event' });
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      return updateEvent(trx, await requireEvent(trx, world.id, request.params.eventId), request.body);
    });
    return presentEvent(event);
  });

  app.delete('/worlds/:worldId/events/:eventId', {
    schema: {
      tags,
      summary: 'Delete an event (irreversible)',
      description: 'Timelines that start or branch at it lose that link (genesisEvent or branchingEvent becomes null); connections to it are removed.',
      params: EventParams,
      headers: IfMatchHeaders,
      response: { 204: z.null().describe('Deleted'), ...errors },
    },
  }, async (request, reply) => {
    await app.db.transaction().execute(async (trx) => {
      await claimVersion(trx, request, { table: 'event', id: request.params.eventId, entity: 'event' });
      const world = await requireWorldAccess(trx, request.params.worldId, request.userId);
      await deleteEvent(trx, await requireEvent(trx, world.id, request.params.eventId));
    });
    return reply.status(204).send(null);
  });
};
