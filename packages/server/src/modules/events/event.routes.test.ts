import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, Event, Pagination, World, Timeline } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { connectionExists, insertConnectionRow } from '../../../test/factories/connection-row.js';
import { createEvent } from '../../../test/factories/event.js';
import { createTimeline } from '../../../test/factories/timeline.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('events on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const eventsUrl = (world: World) => `/api/worlds/${world.worldId}/events`;
  const readWorld = async (world: World, headers: { authorization: string }) =>
    (await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}`, headers })).json<World>();
  const names = (body: { data: Event[] }) => body.data.map((e) => e.name);

  describe('POST /api/worlds/{worldId}/events', () => {
    it('creates an event on a timeline with its JSON changes as given, and counts it', async () => {
      const { timeline, world, owner } = await createTimeline(t.app);
      const payload = {
        name: 'Melting',
        description: 'A bucket of water',
        dateTime: '1900-06-01T18:00',
        timelineId: timeline.timelineId,
        characterAttributeChanges: { witch: { alive: false } },
        inventoryChanges: [{ item: 'broom', quantity: 1 }],
        relationshipChanges: null,
      };
      const response = await t.app.inject({ method: 'POST', url: eventsUrl(world), headers: owner.headers, payload });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        ...payload,
        worldId: world.worldId,
        dateTime: '1900-06-01T18:00:00.000Z',
        isBranchingEvent: false,
        childTimelineId: null,
      });
      expect((await readWorld(world, owner.headers)).counts.events).toBe(1);
    });

    it('accepts an event without a timeline and stores absent changes as null', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: eventsUrl(world),
        headers: owner.headers,
        payload: { name: 'Loose', dateTime: '2025-01-01T00:00Z', timelineId: '' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        timelineId: null,
        characterAttributeChanges: null,
        inventoryChanges: null,
        relationshipChanges: null,
      });
    });

    it("requires a name and a date/time with the spec's messages", async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({ method: 'POST', url: eventsUrl(world), headers: owner.headers, payload: { name: '' } });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fields).toEqual({ name: 'Name is required.', dateTime: 'Date/Time is required.' });
      const bad = await t.app.inject({
        method: 'POST',
        url: eventsUrl(world),
        headers: owner.headers,
        payload: { name: 'E', dateTime: 'tomorrow' },
      });
      expect(bad.json<ErrorResponse>().fields?.dateTime).toBe('Date/Time must be a date and time such as 2025-03-14T09:30.');
    });

    it('refuses a day the month does not have, with or without a zone, instead of moving it to the next month', async () => {
      const { world, owner } = await createWorld(t.app);
      for (const dateTime of ['2025-02-30T10:00', '2025-02-30T10:00Z', '2025-04-31T10:00:00+02:00']) {
        const response = await t.app.inject({
          method: 'POST',
          url: eventsUrl(world),
          headers: owner.headers,
          payload: { name: 'E', dateTime },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorResponse>().fields).toEqual({ dateTime: 'Date/Time must be a date and time such as 2025-03-14T09:30.' });
      }
      expect((await readWorld(world, owner.headers)).counts.events).toBe(0);
    });

    it('says what a versioned change field must hold when its changes are not a list', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: eventsUrl(world),
        headers: owner.headers,
        payload: { name: 'E', dateTime: '2025-01-01T00:00', characterAttributeChanges: { version: 1, changes: 'melt the witch' } },
      });
      expect(response.statusCode).toBe(400);
      expect(JSON.stringify(response.json())).toContain('changes must be a list of changes.');
      expect(JSON.stringify(response.json())).not.toContain('Invalid input');
    });

    it("rejects a change field that is not a JSON object or array with 'Invalid JSON in {label}. Please correct it.'", async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: eventsUrl(world),
        headers: owner.headers,
        payload: {
          name: 'E',
          dateTime: '2025-01-01T00:00',
          characterAttributeChanges: '{oops',
          inventoryChanges: 3,
          relationshipChanges: true,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fields).toEqual({
        characterAttributeChanges: 'Invalid JSON in Character Attribute Changes. Please correct it.',
        inventoryChanges: 'Invalid JSON in Inventory Changes. Please correct it.',
        relationshipChanges: 'Invalid JSON in Relationship Changes. Please correct it.',
      });
      expect((await readWorld(world, owner.headers)).counts.events).toBe(0);
    });

    it('checks the timeline links: valid UUIDs, timelines of this world, a child other than its own', async () => {
      const { timeline, world, owner } = await createTimeline(t.app);
      const { timeline: foreign } = await createTimeline(t.app, { owner });
      const base = { name: 'E', dateTime: '2025-01-01T00:00' };
      const malformed = await t.app.inject({
        method: 'POST',
        url: eventsUrl(world),
        headers: owner.headers,
        payload: { ...base, timelineId: 'x', childTimelineId: 'y' },
      });
      expect(malformed.json<ErrorResponse>().fields).toEqual({
        timelineId: 'Must be a valid UUID.',
        childTimelineId: 'Must be a valid UUID.',
      });
      const elsewhere = await t.app.inject({
        method: 'POST',
        url: eventsUrl(world),
        headers: owner.headers,
        payload: { ...base, timelineId: foreign.timelineId },
      });
      expect(elsewhere.statusCode).toBe(400);
      expect(elsewhere.json()).toMatchObject({
        message: 'Timeline must be a timeline of this world.',
        fields: { timelineId: 'Timeline must be a timeline of this world.' },
      });
      const own = await t.app.inject({
        method: 'POST',
        url: eventsUrl(world),
        headers: owner.headers,
        payload: { ...base, timelineId: timeline.timelineId, childTimelineId: timeline.timelineId },
      });
      expect(own.json<ErrorResponse>().fields).toEqual({
        childTimelineId: "Child Timeline must be a timeline of this world other than the event's own.",
      });
      const foreignChild = await t.app.inject({
        method: 'POST',
        url: eventsUrl(world),
        headers: owner.headers,
        payload: { ...base, childTimelineId: foreign.timelineId },
      });
      expect(foreignChild.statusCode).toBe(400);
      expect((await readWorld(world, owner.headers)).counts.events).toBe(0);
    });
  });

  describe('GET /api/worlds/{worldId}/events', () => {
    it('pages newest first, searches, sorts by dateTime and filters by timeline', async () => {
      const { timeline, world, owner } = await createTimeline(t.app);
      await createEvent(t.app, { world, owner, name: 'Arrival', dateTime: '1900-05-03T00:00', timelineId: timeline.timelineId });
      await createEvent(t.app, { world, owner, name: 'Cyclone', dateTime: '1900-05-02T00:00', description: 'Kansas farm lifted' });
      await createEvent(t.app, { world, owner, name: 'Return to Kansas', dateTime: '1900-07-01T00:00', timelineId: timeline.timelineId });

      const page = await t.app.inject({ method: 'GET', url: `${eventsUrl(world)}?limit=2`, headers: owner.headers });
      const body = page.json<{ data: Event[]; pagination: Pagination }>();
      expect(names(body)).toEqual(['Return to Kansas', 'Cyclone']);
      expect(body.pagination).toMatchObject({ totalItems: 3, totalPages: 2 });

      // The event named "… Kansas" comes before the earlier one that only mentions Kansas: name matches lead.
      const search = await t.app.inject({
        method: 'GET',
        url: `${eventsUrl(world)}?search=kansas&sortBy=dateTime`,
        headers: owner.headers,
      });
      expect(names(search.json())).toEqual(['Return to Kansas', 'Cyclone']);

      const filtered = await t.app.inject({
        method: 'GET',
        url: `${eventsUrl(world)}?timelineId=${timeline.timelineId}&sortBy=name`,
        headers: owner.headers,
      });
      expect(names(filtered.json())).toEqual(['Arrival', 'Return to Kansas']);
      expect(filtered.json<{ pagination: Pagination }>().pagination.totalItems).toBe(2);

      const unknown = await t.app.inject({
        method: 'GET',
        url: `${eventsUrl(world)}?timelineId=0190aaaa-0000-7000-8000-000000000000`,
        headers: owner.headers,
      });
      expect(unknown.json()).toEqual({ message: 'Timeline not found.', code: 'NOT_FOUND' });
      const malformed = await t.app.inject({ method: 'GET', url: `${eventsUrl(world)}?timelineId=abc`, headers: owner.headers });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json<ErrorResponse>().fields?.timelineId).toBe('Must be a valid UUID.');
    });
  });

  describe('GET /api/worlds/{worldId}/timelines/{timelineId}/events', () => {
    it("lists only that timeline's events in story order (dateTime, then creation), with paging and sort", async () => {
      const { timeline, world, owner } = await createTimeline(t.app);
      const on = (name: string, dateTime: string) => createEvent(t.app, { world, owner, name, dateTime, timelineId: timeline.timelineId });
      await on('Third', '1900-05-03T00:00');
      await on('First', '1900-05-01T00:00');
      await on('Second a', '1900-05-02T00:00');
      await on('Second b', '1900-05-02T00:00');
      await createEvent(t.app, { world, owner, name: 'Elsewhere', dateTime: '1800-01-01T00:00' });
      const url = `/api/worlds/${world.worldId}/timelines/${timeline.timelineId}/events`;

      const all = await t.app.inject({ method: 'GET', url, headers: owner.headers });
      expect(all.statusCode).toBe(200);
      expect(names(all.json())).toEqual(['First', 'Second a', 'Second b', 'Third']);
      expect(all.json<{ pagination: Pagination }>().pagination).toMatchObject({ totalItems: 4, totalPages: 1, currentPage: 1, limit: 10 });

      const first = await t.app.inject({ method: 'GET', url: `${url}?limit=3`, headers: owner.headers });
      const next = await t.app.inject({
        method: 'GET',
        url: `${url}?limit=3&cursor=${String(first.json<{ pagination: Pagination }>().pagination.nextCursor)}`,
        headers: owner.headers,
      });
      expect([...names(first.json()), ...names(next.json())]).toEqual(['First', 'Second a', 'Second b', 'Third']);

      const reversed = await t.app.inject({ method: 'GET', url: `${url}?sortOrder=desc`, headers: owner.headers });
      expect(names(reversed.json())).toEqual(['Third', 'Second b', 'Second a', 'First']);
      const newest = await t.app.inject({ method: 'GET', url: `${url}?sortBy=createdAt&limit=1`, headers: owner.headers });
      expect(names(newest.json())).toEqual(['Second b']);
      const search = await t.app.inject({ method: 'GET', url: `${url}?search=second`, headers: owner.headers });
      expect(names(search.json())).toEqual(['Second a', 'Second b']);
    });

    it('answers an empty list for a timeline without events, and 404 for an unknown timeline', async () => {
      const { timeline, world, owner } = await createTimeline(t.app);
      const empty = await t.app.inject({
        method: 'GET',
        url: `/api/worlds/${world.worldId}/timelines/${timeline.timelineId}/events`,
        headers: owner.headers,
      });
      expect(empty.json()).toMatchObject({ data: [], pagination: { totalItems: 0 } });
      const missing = await t.app.inject({
        method: 'GET',
        url: `/api/worlds/${world.worldId}/timelines/0190aaaa-0000-7000-8000-000000000000/events`,
        headers: owner.headers,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<ErrorResponse>().message).toBe('Timeline not found.');
      // The page is asked beside the timeline's lookup: a missing timeline still answers 404, not the page's 400.
      const missingWithBadCursor = await t.app.inject({
        method: 'GET',
        url: `/api/worlds/${world.worldId}/timelines/0190aaaa-0000-7000-8000-000000000000/events?cursor=not-a-cursor`,
        headers: owner.headers,
      });
      expect(missingWithBadCursor.statusCode).toBe(404);
      const badCursor = await t.app.inject({
        method: 'GET',
        url: `/api/worlds/${world.worldId}/timelines/${timeline.timelineId}/events?cursor=not-a-cursor`,
        headers: owner.headers,
      });
      expect(badCursor.statusCode).toBe(400);
    });
  });

  describe('GET, PUT and DELETE /api/worlds/{worldId}/events/{eventId}', () => {
    it('reads and replaces an event, validating PUT like create', async () => {
      const { event, world, owner } = await createEvent(t.app, { inventoryChanges: { any: 'shape' } });
      const url = `${eventsUrl(world)}/${event.eventId}`;
      expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json()).toEqual(event);

      const put = await t.app.inject({
        method: 'PUT',
        url,
        headers: owner.headers,
        payload: { name: 'Renamed', dateTime: '1901-01-01T00:00', relationshipChanges: [] },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({ eventId: event.eventId, name: 'Renamed', inventoryChanges: null, relationshipChanges: [] });

      const bad = await t.app.inject({
        method: 'PUT',
        url,
        headers: owner.headers,
        payload: { name: 'Renamed', dateTime: '1901-01-01T00:00', inventoryChanges: 'x' },
      });
      expect(bad.json<ErrorResponse>().fields).toEqual({ inventoryChanges: 'Invalid JSON in Inventory Changes. Please correct it.' });
    });

    it('deletes an event, clears timelines that start or branch at it and connections to it, and keeps counts exact', async () => {
      const { timeline: parent, world, owner } = await createTimeline(t.app);
      const { event } = await createEvent(t.app, { world, owner, timelineId: parent.timelineId });
      const { event: other } = await createEvent(t.app, { world, owner, name: 'Other', timelineId: parent.timelineId });
      const { timeline: started } = await createTimeline(t.app, { world, owner, name: 'Started', genesisEvent: event.eventId });
      const { timeline: branch } = await createTimeline(t.app, {
        world,
        owner,
        name: 'Branch',
        parentTimelineId: parent.timelineId,
        branchingEvent: event.eventId,
        genesisEvent: other.eventId,
      });
      const connectionId = await insertConnectionRow(
        t.app,
        world.worldId,
        { type: 'event', id: event.eventId },
        { type: 'timeline', id: parent.timelineId },
      );

      const del = await t.app.inject({ method: 'DELETE', url: `${eventsUrl(world)}/${event.eventId}`, headers: owner.headers });
      expect(del.statusCode).toBe(204);
      const gone = await t.app.inject({ method: 'GET', url: `${eventsUrl(world)}/${event.eventId}`, headers: owner.headers });
      expect(gone.json()).toEqual({ message: 'Event not found.', code: 'NOT_FOUND' });
      const timeline = (id: string) =>
        t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}/timelines/${id}`, headers: owner.headers });
      expect((await timeline(started.timelineId)).json<Timeline>().genesisEvent).toBeNull();
      expect((await timeline(branch.timelineId)).json()).toMatchObject({
        branchingEvent: null,
        genesisEvent: other.eventId,
        parentTimelineId: parent.timelineId,
      });
      expect(await connectionExists(t.app, connectionId)).toBe(false);
      expect((await readWorld(world, owner.headers)).counts.events).toBe(1);
      expect(
        (await t.app.inject({ method: 'GET', url: eventsUrl(world), headers: owner.headers })).json<{ pagination: Pagination }>().pagination
          .totalItems,
      ).toBe(1);
    });

    it('answers 404 for an event of another world and 400 for a malformed id', async () => {
      const { event, owner } = await createEvent(t.app);
      const { world: other } = await createWorld(t.app, { owner });
      const response = await t.app.inject({
        method: 'PUT',
        url: `${eventsUrl(other)}/${event.eventId}`,
        headers: owner.headers,
        payload: { name: 'X', dateTime: '2025-01-01T00:00' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorResponse>().message).toBe('Event not found.');
      expect((await t.app.inject({ method: 'GET', url: `${eventsUrl(other)}/1`, headers: owner.headers })).statusCode).toBe(400);
    });
  });

  it("keeps two users apart: another user's events are 404 on every route and stay unchanged", async () => {
    const { event, world, owner } = await createEvent(t.app, { name: 'Private party' });
    const intruder = await createUser(t.app);
    const url = `${eventsUrl(world)}/${event.eventId}`;
    const body = { name: 'Mine', dateTime: '2025-01-01T00:00' };
    const attempts = [
      { method: 'GET' as const, url: eventsUrl(world) },
      { method: 'POST' as const, url: eventsUrl(world), payload: body },
      { method: 'GET' as const, url },
      { method: 'PUT' as const, url, payload: body },
      { method: 'DELETE' as const, url },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: intruder.headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Private');
    }
    const { world: ownWorld } = await createWorld(t.app, { owner: intruder });
    const genesis = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${ownWorld.worldId}/timelines`,
      headers: intruder.headers,
      payload: { name: 'Stolen start', currentDateTime: '2025-01-01T00:00', genesisEvent: event.eventId },
    });
    expect(genesis.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json()).toEqual(event);
    expect((await readWorld(world, owner.headers)).counts.events).toBe(1);
  });
});
