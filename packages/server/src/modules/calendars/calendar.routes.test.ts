import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, Calendar, CalendarMoment, Pagination, World } from '@loreforge/contract';
import fantasyCalendarExport from '@loreforge/contract/fixtures/aldemar.fantasy-calendar.json';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { addMember } from '../../../test/factories/member.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('calendars on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const calendarsUrl = (world: World) => `/api/worlds/${world.worldId}/calendars`;
  const createHarptos = async () => {
    const { world, owner } = await createWorld(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: calendarsUrl(world),
      headers: owner.headers,
      payload: { preset: 'harptos' },
    });
    expect(response.statusCode).toBe(201);
    return { world, owner, calendar: response.json<Calendar>() };
  };
  const convert = async (query: string) => {
    const { world, owner, calendar } = await createHarptos();
    return t.app.inject({ method: 'GET', url: `${calendarsUrl(world)}/${calendar.calendarId}/convert?${query}`, headers: owner.headers });
  };

  describe('POST /api/worlds/{worldId}/calendars', () => {
    it('creates a calendar from the Harptos preset with its months, Shieldmeet rule and Dalereckoning', async () => {
      const { world, calendar } = await createHarptos();
      expect(calendar).toMatchObject({ worldId: world.worldId, name: 'Calendar of Harptos', hoursPerDay: 24, minutesPerHour: 60 });
      expect(calendar.months).toHaveLength(18);
      expect(calendar.leapRules).toEqual([{ name: 'Shieldmeet', month: 'Shieldmeet', days: 1, every: 4, offset: 0, exceptions: [] }]);
      expect(calendar.eras.map((era) => era.abbreviation)).toEqual(['DR']);
    });

    it('creates a calendar from a full definition and fills the defaults', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: calendarsUrl(world),
        headers: owner.headers,
        payload: {
          name: 'Ozian reckoning',
          months: [
            { name: 'Harvest', days: 40 },
            { name: 'Frost', days: 40 },
          ],
          weekdays: ['Munchday', 'Winkday'],
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        name: 'Ozian reckoning',
        description: null,
        hoursPerDay: 24,
        leapRules: [],
        eras: [],
        firstWeekday: 0,
      });
    });

    it('names each wrong field: a leap rule on a missing month, an empty month list, an unknown preset', async () => {
      const { world, owner } = await createWorld(t.app);
      const bad = await t.app.inject({
        method: 'POST',
        url: calendarsUrl(world),
        headers: owner.headers,
        payload: { name: 'Broken', months: [{ name: 'Ember', days: 30 }], weekdays: ['One'], leapRules: [{ month: 'Frost', every: 4 }] },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'Month "Frost" does not exist in this calendar.',
        fields: { 'leapRules.0.month': 'Month "Frost" does not exist in this calendar.' },
      });
      const unknown = await t.app.inject({
        method: 'POST',
        url: calendarsUrl(world),
        headers: owner.headers,
        payload: { preset: 'julian' },
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json<ErrorResponse>().fields?.preset).toBe('Preset must be one of: gregorian, harptos, thirteen-moons.');
      const list = await t.app.inject({ method: 'GET', url: calendarsUrl(world), headers: owner.headers });
      expect(list.json<{ pagination: Pagination }>().pagination.totalItems).toBe(0);
    });

    it("answers 404 for another user's world and creates nothing there", async () => {
      const { world } = await createWorld(t.app);
      const stranger = await createUser(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: calendarsUrl(world),
        headers: stranger.headers,
        payload: { preset: 'harptos' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorResponse>().message).toBe('World not found.');
    });
  });

  describe('GET, PUT and DELETE', () => {
    it('lists calendars in the list envelope, searchable by name', async () => {
      const { world, owner } = await createHarptos();
      await t.app.inject({ method: 'POST', url: calendarsUrl(world), headers: owner.headers, payload: { preset: 'thirteen-moons' } });
      const all = await t.app.inject({ method: 'GET', url: `${calendarsUrl(world)}?sortBy=name&sortOrder=asc`, headers: owner.headers });
      const body = all.json<{ data: Calendar[]; pagination: Pagination }>();
      expect(body.data.map((calendar) => calendar.name)).toEqual(['Calendar of Harptos', 'Thirteen Moons']);
      expect(body.pagination).toMatchObject({ totalItems: 2, currentPage: 1, totalPages: 1 });
      const searched = await t.app.inject({ method: 'GET', url: `${calendarsUrl(world)}?search=moons`, headers: owner.headers });
      expect(searched.json<{ data: Calendar[] }>().data.map((calendar: Calendar) => calendar.name)).toEqual(['Thirteen Moons']);
    });

    it('replaces a calendar when the If-Match version is current and refuses a stale one', async () => {
      const { world, owner, calendar } = await createHarptos();
      const url = `${calendarsUrl(world)}/${calendar.calendarId}`;
      const fetched = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      const etag = fetched.headers.etag;
      if (etag === undefined) throw new Error('the calendar was answered without an ETag');
      const payload = { ...calendar, name: 'Harptos (our table)', weekdays: [...calendar.weekdays] };
      const replaced = await t.app.inject({ method: 'PUT', url, headers: { ...owner.headers, 'if-match': etag }, payload });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({ name: 'Harptos (our table)', movedDates: [] });
      const stale = await t.app.inject({
        method: 'PUT',
        url,
        headers: { ...owner.headers, 'if-match': etag },
        payload: { ...payload, name: 'Lost edit' },
      });
      expect(stale.statusCode).toBe(409);
      expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json<Calendar>().name).toBe('Harptos (our table)');
    });

    it('deletes a calendar', async () => {
      const { world, owner, calendar } = await createHarptos();
      const url = `${calendarsUrl(world)}/${calendar.calendarId}`;
      expect((await t.app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(204);
      const gone = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(gone.statusCode).toBe(404);
      expect(gone.json<ErrorResponse>().message).toBe('Calendar not found.');
    });
  });

  describe('who may read and write calendars', () => {
    it('lets every member read and convert, lets an editor write, and refuses players and viewers every write', async () => {
      const { world, owner, calendar } = await createHarptos();
      const url = `${calendarsUrl(world)}/${calendar.calendarId}`;
      const editor = await addMember(t.app, owner, world.worldId, 'editor');
      for (const role of ['player', 'viewer'] as const) {
        const member = await addMember(t.app, owner, world.worldId, role);
        const list = await t.app.inject({ method: 'GET', url: calendarsUrl(world), headers: member.headers });
        expect(list.json<{ data: Calendar[] }>().data.map((one: Calendar) => one.name)).toEqual(['Calendar of Harptos']);
        expect((await t.app.inject({ method: 'GET', url, headers: member.headers })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: `${url}/convert?instant=0`, headers: member.headers })).statusCode).toBe(200);
        const writes = [
          await t.app.inject({ method: 'POST', url: calendarsUrl(world), headers: member.headers, payload: { preset: 'thirteen-moons' } }),
          await t.app.inject({
            method: 'POST',
            url: `${calendarsUrl(world)}/import`,
            headers: member.headers,
            payload: fantasyCalendarExport,
          }),
          await t.app.inject({ method: 'PUT', url, headers: member.headers, payload: { ...calendar, name: 'Renamed by a ' + role } }),
          await t.app.inject({ method: 'DELETE', url, headers: member.headers }),
        ];
        expect(writes.map((response) => response.statusCode)).toEqual([403, 403, 403, 403]);
      }
      const renamed = await t.app.inject({
        method: 'PUT',
        url,
        headers: editor.headers,
        payload: { ...calendar, name: 'Harptos (co-author)' },
      });
      expect(renamed.statusCode).toBe(200);
      const after = await t.app.inject({ method: 'GET', url: calendarsUrl(world), headers: owner.headers });
      expect(after.json<{ data: Calendar[] }>().data.map((one: Calendar) => one.name)).toEqual(['Harptos (co-author)']);
    });

    it('answers 404 to a non-member on every calendar route', async () => {
      const { world, calendar } = await createHarptos();
      const stranger = await createUser(t.app);
      const url = `${calendarsUrl(world)}/${calendar.calendarId}`;
      const answers = [
        await t.app.inject({ method: 'GET', url: calendarsUrl(world), headers: stranger.headers }),
        await t.app.inject({ method: 'GET', url, headers: stranger.headers }),
        await t.app.inject({ method: 'GET', url: `${url}/convert?instant=0`, headers: stranger.headers }),
        await t.app.inject({ method: 'PUT', url, headers: stranger.headers, payload: { ...calendar, name: 'Stolen' } }),
        await t.app.inject({ method: 'DELETE', url, headers: stranger.headers }),
      ];
      expect(answers.map((response) => response.statusCode)).toEqual([404, 404, 404, 404, 404]);
      expect(answers.map((response) => response.json<ErrorResponse>().message)).toEqual(Array(5).fill('World not found.'));
    });
  });

  describe('POST /api/worlds/{worldId}/calendars/import', () => {
    it('imports a Fantasy-Calendar export and says what it left out', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: `${calendarsUrl(world)}/import`,
        headers: owner.headers,
        payload: fantasyCalendarExport,
      });
      expect(response.statusCode).toBe(201);
      const calendar = response.json<Calendar & { importNotes: string[] }>();
      expect(calendar).toMatchObject({ name: 'Aldemar Reckoning', hoursPerDay: 20, minutesPerHour: 50 });
      expect(calendar.months.map((month) => month.name)).toContain('Festival of Lanterns');
      expect(calendar.importNotes).toEqual(['1 event was not imported: add it to a timeline on this calendar.']);
      const converted = await t.app.inject({
        method: 'GET',
        url: `${calendarsUrl(world)}/${calendar.calendarId}/convert?date=${encodeURIComponent('175-Ember-3T11:00 AK')}`,
        headers: owner.headers,
      });
      expect(converted.json<CalendarMoment>().formatted).toBe('3rd of Ember, 175 AK, 11:00');
    });

    it('answers 400 naming the missing part when the body is not an export', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: `${calendarsUrl(world)}/import`,
        headers: owner.headers,
        payload: { name: 'Notes' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'VALIDATION_FAILED',
        message: 'static_data is missing: this does not look like a Fantasy-Calendar export.',
        fields: { static_data: 'static_data is missing: this does not look like a Fantasy-Calendar export.' },
      });
    });
  });

  describe('GET /api/worlds/{worldId}/calendars/{calendarId}/convert', () => {
    it('turns a Harptos date into its instant and back, with weekday, season and Selûne', async () => {
      const { world, owner, calendar } = await createHarptos();
      const base = `${calendarsUrl(world)}/${calendar.calendarId}/convert`;
      const byDate = await t.app.inject({ method: 'GET', url: `${base}?date=1492-Flamerule-30T18:30%20DR`, headers: owner.headers });
      expect(byDate.statusCode).toBe(200);
      const moment = byDate.json<CalendarMoment>();
      expect(moment).toMatchObject({
        date: { year: 1492, month: 9, day: 30, hour: 18, minute: 30, era: 'Dalereckoning' },
        formatted: '30th of Flamerule, 1492 DR, 18:30',
        weekday: 'Tenth-day',
        season: 'Summer',
      });
      const nextDay = BigInt(moment.instant) + 1440n - (18n * 60n + 30n);
      const byInstant = await t.app.inject({ method: 'GET', url: `${base}?instant=${nextDay}`, headers: owner.headers });
      expect(byInstant.json()).toMatchObject({ formatted: 'Midsummer, 1492 DR', weekday: null, instant: String(nextDay) });
    });

    it.each([
      ['date=1492-4-31', 'date.day', 'Day must be between 1 and 30 in Ches 1492.'],
      ['date=1492-19-1', 'date.month', 'Month must be between 1 and 18.'],
      ['date=1492-Smarch-1', 'date.month', 'Month "Smarch" does not exist in this calendar.'],
      ['date=1492-1-1%20Third%20Age', 'date.era', 'Era "Third Age" does not exist in this calendar; use one of: Dalereckoning.'],
      ['date=1491-Shieldmeet-1', 'date.day', 'Shieldmeet has days only in leap years; 1491 is a common year.'],
      ['instant=soon', 'instant', 'Instant must be a whole number of minutes.'],
    ])('answers 400 naming the field for %s', async (query, field, message) => {
      const response = await convert(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_FAILED', message, fields: { [field]: message } });
    });

    it('reads the epoch when given neither date nor instant, and refuses both at once', async () => {
      const epoch = await convert('');
      expect(epoch.json()).toMatchObject({ instant: '0', formatted: '1st of Hammer, 1 DR' });
      const both = await convert('date=1492-1-1&instant=0');
      expect(both.statusCode).toBe(400);
      expect(both.json<ErrorResponse>().message).toBe('Give either date or instant, not both.');
    });
  });
});
