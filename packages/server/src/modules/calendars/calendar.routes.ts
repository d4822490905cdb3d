/**
 * Calendar routes (issue 12, docs/calendars.md): GET/POST /worlds/{worldId}/calendars,
 * GET/PUT/DELETE /worlds/{worldId}/calendars/{calendarId}, POST /worlds/{worldId}/calendars/import and
 * GET /worlds/{worldId}/calendars/{calendarId}/convert.
 */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CALENDAR_SORT_FIELDS,
  CalendarConvertQuerySchema,
  CalendarConvertResultSchema,
  CalendarCreateSchema,
  CalendarImportBodySchema,
  CalendarImportResultSchema,
  CalendarSchema,
  CalendarUpdateResultSchema,
  CalendarUpdateSchema,
  ErrorResponseSchema,
  InstantSchema,
  describeInstant,
  importFantasyCalendar,
  isDateProblem,
  listQuerySchema,
  listResponseSchema,
  parseCalendarDateText,
  uuidField,
} from '@loreforge/contract';
import { badRequest, invalidField } from '../../errors/app-error.js';
import { nowIso } from '../../lib/time.js';
import { IfMatchHeaders, claimVersion, withIfMatch } from '../../lib/versioned-update.js';
import { WorldParams, errorResponses as errors, listReply } from '../../lib/route-parts.js';
import { requireEditor } from '../../access/world-scope.js';
import { requireCalendar } from './calendar.access.js';
import { calendarColumns, createCalendar, instantForDate } from './calendar.commands.js';
import { calendarDefinitionOf } from './calendar.definition.js';
import { presentCalendar } from './calendar.presenter.js';
import { assertCalendarUnused, datesMovedBy } from './calendar.moves.js';
import { deleteCalendarRow, listCalendars, updateCalendar } from './calendar.repository.js';

const CalendarParams = WorldParams.extend({ calendarId: uuidField('calendarId') });
const tags = ['calendars'];

/**
 * Registers the calendar routes. The world scope (request.world) answers 404 to a non-member; every member reads
 * every calendar (calendars hold no secrets), and only editors and the owner write them (403 otherwise).
 */
export const calendarRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/worlds/:worldId/calendars',
    {
      schema: {
        tags,
        summary: "List a world's calendars",
        description:
          'Search looks in name and description; sortBy is one of createdAt, updatedAt, name. The built-in Gregorian calendar is not listed: it needs no row.',
        params: WorldParams,
        querystring: listQuerySchema(CALENDAR_SORT_FIELDS),
        response: { 200: listResponseSchema(CalendarSchema), ...errors },
      },
    },
    async (request) => {
      return listReply(await listCalendars(app.db, request.world, request.query), presentCalendar);
    },
  );

  app.post(
    '/worlds/:worldId/calendars',
    {
      schema: {
        tags,
        summary: 'Create a calendar',
        description: 'From a full definition, or from `preset` (gregorian, harptos, thirteen-moons) with any field overridden.',
        params: WorldParams,
        body: CalendarCreateSchema,
        response: { 201: CalendarSchema, ...errors },
      },
    },
    async (request, reply) => {
      const calendar = await app.db.transaction().execute(async (trx) => createCalendar(trx, request.world, request.body));
      return reply.status(201).send(presentCalendar(calendar));
    },
  );

  app.post(
    '/worlds/:worldId/calendars/import',
    {
      schema: {
        tags,
        summary: 'Import a calendar from a Fantasy-Calendar JSON export',
        description:
          'Months, leap days, weekdays, clock, moons, eras and dated seasons are carried over; importNotes lists what was not (events, periodic seasons).',
        params: WorldParams,
        body: CalendarImportBodySchema,
        response: { 201: CalendarImportResultSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireEditor(request.world);
      const { calendar, imported } = await app.db.transaction().execute(async (trx) => {
        const imported = importFantasyCalendar(request.body);
        if (!imported.ok) {
          const fields = Object.fromEntries(imported.problems.map((problem) => [problem.path || 'body', problem.message]));
          throw badRequest(imported.problems[0]?.message ?? 'This is not a Fantasy-Calendar export.', fields);
        }
        const input = { name: imported.name.slice(0, 200), description: null, ...imported.definition };
        return { calendar: await createCalendar(trx, request.world, input), imported };
      });
      return reply.status(201).send({ ...presentCalendar(calendar), importNotes: imported.notes });
    },
  );

  app.get(
    '/worlds/:worldId/calendars/:calendarId',
    {
      schema: { tags, summary: 'One calendar', params: CalendarParams, response: { 200: CalendarSchema, ...errors } },
    },
    async (request) => {
      return presentCalendar(await requireCalendar(app.db, request.world, request.params.calendarId));
    },
  );

  app.get(
    '/worlds/:worldId/calendars/:calendarId/convert',
    {
      schema: {
        tags,
        summary: 'Convert between a date and an instant',
        description:
          'Give `date` (YEAR-MONTH-DAY[THH:MM][ ERA], MONTH a number or a name) or `instant` (whole minutes since the epoch); the answer carries both, the date in words, its weekday, season and moon phases.',
        params: CalendarParams,
        querystring: CalendarConvertQuerySchema,
        response: { 200: CalendarConvertResultSchema, ...errors },
      },
    },
    async (request) => {
      const definition = calendarDefinitionOf(await requireCalendar(app.db, request.world, request.params.calendarId));
      const { date, instant } = request.query;
      if (date !== undefined && instant !== undefined) throw badRequest('Give either date or instant, not both.');
      if (date === undefined) {
        const parsed = InstantSchema.safeParse(instant ?? '0');
        if (!parsed.success) throw invalidField('instant', 'Instant must be a whole number of minutes.');
        return describeInstant(definition, parsed.data);
      }
      const read = parseCalendarDateText(definition, date);
      if (isDateProblem(read)) throw invalidField(`date.${read.field}`, read.message);
      return describeInstant(definition, instantForDate(definition, read, 'date', false));
    },
  );

  app.put(
    '/worlds/:worldId/calendars/:calendarId',
    {
      schema: {
        tags,
        summary: 'Replace a calendar (validated like create)',
        description: 'Events keep their instants; movedDates lists the events and timeline "now"s whose date now reads differently.',
        params: CalendarParams,
        headers: IfMatchHeaders,
        body: CalendarUpdateSchema,
        response: { 200: CalendarUpdateResultSchema, ...errors },
      },
    },
    async (request) => {
      const scope = request.world;
      requireEditor(scope);
      return withIfMatch(app.db, request, { table: 'calendar', id: request.params.calendarId, entity: 'calendar' }, async (db) => {
        const calendar = await requireCalendar(db, scope, request.params.calendarId);
        const updated = await updateCalendar(db, scope, calendar.id, {
          ...calendarColumns(request.body),
          updated_by: scope.userId,
          updated_at: nowIso(),
        });
        const movedDates = updated
          ? await datesMovedBy(db, calendar.id, calendarDefinitionOf(calendar), calendarDefinitionOf(updated))
          : [];
        return { ...presentCalendar(updated ?? calendar), movedDates };
      });
    },
  );

  app.delete(
    '/worlds/:worldId/calendars/:calendarId',
    {
      schema: {
        tags,
        summary: 'Delete a calendar (irreversible)',
        description: 'A calendar that timelines keep time in cannot be deleted (409): give them another calendar first.',
        params: CalendarParams,
        headers: IfMatchHeaders,
        response: { 204: z.null().describe('Deleted'), 409: ErrorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      requireEditor(request.world);
      await app.db.transaction().execute(async (trx) => {
        await claimVersion(trx, request, { table: 'calendar', id: request.params.calendarId, entity: 'calendar' });
        const calendar = await requireCalendar(trx, request.world, request.params.calendarId);
        await assertCalendarUnused(trx, calendar.id);
        await deleteCalendarRow(trx, calendar.id);
      });
      return reply.status(204).send(null);
    },
  );
};
