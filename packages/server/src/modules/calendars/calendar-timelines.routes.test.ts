import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, Calendar, Event, Timeline, World, TimelineState, MovedDate } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import type { TestUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('timelines on a world calendar, on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const base = (world: World) => `/api/worlds/${world.worldId}`;
  const post = (owner: TestUser, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: owner.headers, payload });

  /** A world with the Harptos calendar and a timeline on it whose "now" is 30 Flamerule 1492 DR. */
  const realmsTimeline = async () => {
    const { world, owner } = await createWorld(t.app);
    const calendar = (await post(owner, `${base(world)}/calendars`, { preset: 'harptos' })).json<Calendar>();
    const created = await post(owner, `${base(world)}/timelines`, {
      name: 'The Realms',
      calendarId: calendar.calendarId,
      currentDate: { year: 1492, month: 9, day: 30, era: 'DR' },
    });
    expect(created.statusCode).toBe(201);
    return { world, owner, calendar, timeline: created.json<Timeline>() };
  };
  const addEvent = (owner: TestUser, world: World, timeline: Timeline, name: string, calendarDate: object) =>
    post(owner, `${base(world)}/events`, { name, timelineId: timeline.timelineId, calendarDate });

  it("answers a timeline's now as an instant, a Harptos date and its words, with no ISO dateTime", async () => {
    const { calendar, timeline } = await realmsTimeline();
    expect(timeline).toMatchObject({
      calendarId: calendar.calendarId,
      currentDateTime: null,
      currentDate: { year: 1492, month: 9, day: 30, hour: 0, minute: 0, era: 'Dalereckoning' },
      currentDateFormatted: '30th of Flamerule, 1492 DR',
    });
    expect(timeline.currentInstant).toMatch(/^\d+$/);
  });

  it('orders events by their instants and answers each in the calendar, festival days included', async () => {
    const { world, owner, timeline } = await realmsTimeline();
    const feast = await addEvent(owner, world, timeline, 'Shieldmeet feast', { year: 1492, month: 11, day: 1, era: 'DR' });
    expect(feast.statusCode).toBe(201);
    expect(feast.json<Event>()).toMatchObject({
      dateTime: null,
      formattedDate: 'Shieldmeet, 1492 DR',
      calendarDate: { year: 1492, month: 11, day: 1 },
    });
    await addEvent(owner, world, timeline, 'Far future', { year: 12_000, month: 1, day: 1, hour: 6, minute: 15, era: 'DR' });
    await addEvent(owner, world, timeline, 'Midsummer night', { year: 1492, month: 10, day: 1, hour: 22 });
    const list = await t.app.inject({
      method: 'GET',
      url: `${base(world)}/timelines/${timeline.timelineId}/events`,
      headers: owner.headers,
    });
    const events = list.json<{ data: Event[] }>().data;
    expect(events.map((event) => [event.name, event.formattedDate])).toEqual([
      ['Midsummer night', 'Midsummer, 1492 DR, 22:00'],
      ['Shieldmeet feast', 'Shieldmeet, 1492 DR'],
      ['Far future', '1st of Hammer, 12000 DR, 06:15'],
    ]);
    const instants = events.map((event) => BigInt(event.instant ?? ''));
    expect([...instants].sort((a, b) => (a < b ? -1 : 1))).toEqual(instants);
  });

  it('reads the world state at an instant: only the events up to it have happened', async () => {
    const { world, owner, timeline } = await realmsTimeline();
    const midsummer = (await addEvent(owner, world, timeline, 'Midsummer', { year: 1492, month: 10, day: 1 })).json<Event>();
    await addEvent(owner, world, timeline, 'Shieldmeet', { year: 1492, month: 11, day: 1 });
    const state = await t.app.inject({
      method: 'GET',
      url: `${base(world)}/timelines/${timeline.timelineId}/state?instant=${BigInt(midsummer.instant ?? '') + 60n}`,
      headers: owner.headers,
    });
    expect(state.statusCode).toBe(200);
    expect(state.json<TimelineState>().lastEvent?.name).toBe('Midsummer');
    const now = await t.app.inject({ method: 'GET', url: `${base(world)}/timelines/${timeline.timelineId}/state`, headers: owner.headers });
    expect(now.json<TimelineState>().lastEvent).toBeNull();
  });

  it('names the field of a date the calendar lacks, and asks for a calendar date instead of an ISO one', async () => {
    const { world, owner, timeline } = await realmsTimeline();
    const leap = await addEvent(owner, world, timeline, 'No feast', { year: 1491, month: 11, day: 1 });
    expect(leap.statusCode).toBe(400);
    expect(leap.json<ErrorResponse>().fields).toEqual({
      'calendarDate.day': 'Shieldmeet has days only in leap years; 1491 is a common year.',
    });
    const iso = await post(owner, `${base(world)}/events`, { name: 'ISO', timelineId: timeline.timelineId, dateTime: '1492-07-30T00:00' });
    expect(iso.statusCode).toBe(400);
    expect(iso.json<ErrorResponse>().fields?.calendarDate).toBe(
      'This timeline keeps time in the calendar "Calendar of Harptos": give calendarDate as {year, month, day, hour, minute, era}.',
    );
    const era = await addEvent(owner, world, timeline, 'Elsewhen', { year: 3019, month: 1, day: 1, era: 'Third Age' });
    expect(era.json<ErrorResponse>().fields).toEqual({
      'calendarDate.era': 'Era "Third Age" does not exist in this calendar; use one of: Dalereckoning.',
    });
  });

  it('keeps instants when the calendar changes and lists the dates that now read differently', async () => {
    const { world, owner, calendar, timeline } = await realmsTimeline();
    const feast = (await addEvent(owner, world, timeline, 'Shieldmeet feast', { year: 1492, month: 11, day: 1 })).json<Event>();
    const renamed = calendar.months.map((month) => (month.name === 'Flamerule' ? { ...month, name: 'Highsun' } : month));
    const put = await t.app.inject({
      method: 'PUT',
      url: `${base(world)}/calendars/${calendar.calendarId}`,
      headers: owner.headers,
      payload: { ...calendar, months: renamed },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json<{ movedDates: MovedDate[] }>().movedDates).toEqual([
      {
        kind: 'timeline',
        id: timeline.timelineId,
        name: 'The Realms',
        before: '30th of Flamerule, 1492 DR',
        after: '30th of Highsun, 1492 DR',
      },
    ]);
    const again = await t.app.inject({ method: 'GET', url: `${base(world)}/events/${feast.eventId}`, headers: owner.headers });
    expect(again.json()).toMatchObject({ instant: feast.instant, formattedDate: 'Shieldmeet, 1492 DR' });
  });

  it('refuses to delete a calendar a timeline keeps time in', async () => {
    const { world, owner, calendar } = await realmsTimeline();
    const response = await t.app.inject({
      method: 'DELETE',
      url: `${base(world)}/calendars/${calendar.calendarId}`,
      headers: owner.headers,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json<ErrorResponse>().message).toBe('1 timeline keeps time in this calendar; give it another calendar first.');
  });

  it('dates events in year 12,000 of an invented era', async () => {
    const { world, owner } = await createWorld(t.app);
    const calendar = (
      await post(owner, `${base(world)}/calendars`, {
        name: 'Glass reckoning',
        months: [
          { name: 'Shard', days: 40 },
          { name: 'Mirror', days: 40 },
        ],
        weekdays: ['Clear', 'Clouded'],
        eras: [
          { name: 'Before Glass', startYear: null, counting: 'down' },
          { name: 'Age of Glass', abbreviation: 'AG', startYear: 1 },
        ],
        dateFormat: '{dayOrdinal} of {month}, {year} of the {era}',
      })
    ).json<Calendar>();
    const timeline = (
      await post(owner, `${base(world)}/timelines`, {
        name: 'Glass',
        calendarId: calendar.calendarId,
        currentDate: { year: 12_000, month: 2, day: 3, era: 'AG' },
      })
    ).json<Timeline>();
    expect(timeline.currentDateFormatted).toBe('3rd of Mirror, 12000 of the Age of Glass');
    const event = await addEvent(owner, world, timeline, 'The shattering', { year: 12_000, month: 2, day: 40, era: 'Age of Glass' });
    expect(event.json<Event>().formattedDate).toBe('40th of Mirror, 12000 of the Age of Glass');
  });

  it('keeps Gregorian timelines on ISO dates and accepts a Gregorian calendar date in their place', async () => {
    const { world, owner } = await createWorld(t.app);
    const timeline = (
      await post(owner, `${base(world)}/timelines`, { name: 'Kansas', currentDateTime: '1900-05-14T10:30' })
    ).json<Timeline>();
    expect(timeline).toMatchObject({
      calendarId: null,
      currentDateTime: '1900-05-14T10:30:00.000Z',
      currentDateFormatted: '14 May 1900 AD, 10:30',
    });
    const event = await addEvent(owner, world, timeline, 'Cyclone', { year: 1900, month: 5, day: 21, hour: 16 });
    expect(event.json<Event>()).toMatchObject({ dateTime: '1900-05-21T16:00:00.000Z', calendarDate: { year: 1900, era: 'Anno Domini' } });
  });
});
