import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, Event, Pagination, Timeline, World } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { connectionExists, insertConnectionRow } from '../../../test/factories/connection-row.js';
import { createEvent } from '../../../test/factories/event.js';
import { createTimeline } from '../../../test/factories/timeline.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('timelines on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const timelinesUrl = (world: World) => `/api/worlds/${world.worldId}/timelines`;
  const readWorld = async (world: World, headers: { authorization: string }) =>
    (await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}`, headers })).json<World>();

  describe('POST /api/worlds/{worldId}/timelines', () => {
    it('creates a timeline with branching enabled by default, its date in UTC, and counts it', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: timelinesUrl(world),
        headers: owner.headers,
        payload: { name: 'Age of Oz', description: 'The reign of the Wizard', currentDateTime: '1900-05-01T09:30' },
      });
      expect(response.statusCode).toBe(201);
      const timeline = response.json<Timeline>();
      expect(timeline).toMatchObject({
        worldId: world.worldId,
        name: 'Age of Oz',
        description: 'The reign of the Wizard',
        currentDateTime: '1900-05-01T09:30:00.000Z',
        branchingEnabled: true,
        genesisEvent: null,
        initialStates: null,
        parentTimelineId: null,
        branchingEvent: null,
      });
      expect((await readWorld(world, owner.headers)).counts.timelines).toBe(1);
    });

    it('keeps branchingEnabled false, converts an offset to UTC, and omits empty optional ids', async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: timelinesUrl(world),
        headers: owner.headers,
        payload: {
          name: 'Fixed',
          currentDateTime: '2025-03-14T09:30:00+02:00',
          branchingEnabled: false,
          genesisEvent: '',
          initialStates: '',
          parentTimelineId: '',
          branchingEvent: null,
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        currentDateTime: '2025-03-14T07:30:00.000Z',
        branchingEnabled: false,
        genesisEvent: null,
        initialStates: null,
        parentTimelineId: null,
      });
    });

    it("requires a name and the current date/time with the spec's messages", async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: timelinesUrl(world),
        headers: owner.headers,
        payload: { description: 'x' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fields).toEqual({
        name: 'Name is required.',
        currentDateTime: 'Current Date/Time is required.',
      });
      const empty = await t.app.inject({
        method: 'POST',
        url: timelinesUrl(world),
        headers: owner.headers,
        payload: { name: 'T', currentDateTime: '' },
      });
      expect(empty.json<ErrorResponse>().fields?.currentDateTime).toBe('Current Date/Time is required.');
      const nonsense = await t.app.inject({
        method: 'POST',
        url: timelinesUrl(world),
        headers: owner.headers,
        payload: { name: 'T', currentDateTime: '2025-02-30T10:00' },
      });
      expect(nonsense.statusCode).toBe(400);
      expect(nonsense.json<ErrorResponse>().fields?.currentDateTime).toBe(
        'Current Date/Time must be a date and time such as 2025-03-14T09:30.',
      );
    });

    it("rejects malformed optional ids with 'Must be a valid UUID.'", async () => {
      const { world, owner } = await createWorld(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: timelinesUrl(world),
        headers: owner.headers,
        payload: {
          name: 'T',
          currentDateTime: '2025-01-01T00:00',
          genesisEvent: 'abc',
          initialStates: 12,
          parentTimelineId: 'x',
          branchingEvent: '1234',
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fields).toEqual({
        genesisEvent: 'Must be a valid UUID.',
        initialStates: 'Must be a valid UUID.',
        parentTimelineId: 'Must be a valid UUID.',
        branchingEvent: 'Must be a valid UUID.',
      });
      expect((await readWorld(world, owner.headers)).counts.timelines).toBe(0);
    });

    it('rejects links to timelines and events that are not in this world', async () => {
      const { world, owner } = await createWorld(t.app);
      const { timeline: foreignTimeline, world: otherWorld } = await createTimeline(t.app, { owner });
      const { event: foreignEvent } = await createEvent(t.app, { world: otherWorld, owner, timelineId: foreignTimeline.timelineId });
      const response = await t.app.inject({
        method: 'POST',
        url: timelinesUrl(world),
        headers: owner.headers,
        payload: {
          name: 'Branch',
          currentDateTime: '2025-01-01T00:00',
          parentTimelineId: foreignTimeline.timelineId,
          branchingEvent: foreignEvent.eventId,
          genesisEvent: foreignEvent.eventId,
        },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<ErrorResponse>().fields).toEqual({
        parentTimelineId: 'Parent Timeline must be another timeline of this world.',
        genesisEvent: 'Genesis Event must be an event of this world.',
      });
      expect((await readWorld(world, owner.headers)).counts.timelines).toBe(0);
    });

    it('accepts a genesis event of the world, and needs a parent for a branching event', async () => {
      const { event, world, owner } = await createEvent(t.app);
      const withGenesis = await t.app.inject({
        method: 'POST',
        url: timelinesUrl(world),
        headers: owner.headers,
        payload: { name: 'Started', currentDateTime: '2025-01-01T00:00', genesisEvent: event.eventId },
      });
      expect(withGenesis.statusCode).toBe(201);
      expect(withGenesis.json<Timeline>().genesisEvent).toBe(event.eventId);
      const orphanBranch = await t.app.inject({
        method: 'POST',
        url: timelinesUrl(world),
        headers: owner.headers,
        payload: { name: 'Orphan', currentDateTime: '2025-01-01T00:00', branchingEvent: event.eventId },
      });
      expect(orphanBranch.statusCode).toBe(400);
      expect(orphanBranch.json()).toMatchObject({
        message: 'Branching Event needs a Parent Timeline.',
        fields: { branchingEvent: 'Branching Event needs a Parent Timeline.' },
      });
    });
  });

  describe('GET /api/worlds/{worldId}/timelines', () => {
    it('pages newest first with exact totals, searches, and sorts by currentDateTime', async () => {
      const { world, owner } = await createWorld(t.app);
      await createTimeline(t.app, { world, owner, name: 'First age', currentDateTime: '1000-01-01T00:00' });
      await createTimeline(t.app, {
        world,
        owner,
        name: 'Second age',
        currentDateTime: '0500-01-01T00:00',
        description: 'After the flood',
      });
      await createTimeline(t.app, { world, owner, name: 'Flood era', currentDateTime: '2000-01-01T00:00' });

      const page = await t.app.inject({ method: 'GET', url: `${timelinesUrl(world)}?limit=2&page=2`, headers: owner.headers });
      const body = page.json<{ data: Timeline[]; pagination: Pagination }>();
      expect(body.data.map((x) => x.name)).toEqual(['First age']);
      expect(body.pagination).toMatchObject({ currentPage: 2, totalPages: 2, totalItems: 3, limit: 2, nextCursor: null });

      const search = await t.app.inject({ method: 'GET', url: `${timelinesUrl(world)}?search=FLOOD&sortBy=name`, headers: owner.headers });
      expect(search.json<{ data: Timeline[] }>().data.map((x) => x.name)).toEqual(['Flood era', 'Second age']);

      const byDate = await t.app.inject({
        method: 'GET',
        url: `${timelinesUrl(world)}?sortBy=currentDateTime&sortOrder=desc`,
        headers: owner.headers,
      });
      expect(byDate.json<{ data: Timeline[] }>().data.map((x) => x.name)).toEqual(['Flood era', 'First age', 'Second age']);

      const bad = await t.app.inject({ method: 'GET', url: `${timelinesUrl(world)}?sortBy=parentTimelineId`, headers: owner.headers });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorResponse>().message).toBe('sortBy must be one of: createdAt, updatedAt, name, currentDateTime.');
    });
  });

  describe('GET, PUT and DELETE /api/worlds/{worldId}/timelines/{timelineId}', () => {
    it('reads and replaces a timeline, validating PUT like create', async () => {
      const { timeline, world, owner } = await createTimeline(t.app, { name: 'Draft' });
      const url = `${timelinesUrl(world)}/${timeline.timelineId}`;
      expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json()).toEqual(timeline);

      const put = await t.app.inject({
        method: 'PUT',
        url,
        headers: owner.headers,
        payload: { name: 'Final', currentDateTime: '1901-01-01T00:00', branchingEnabled: false },
      });
      expect(put.statusCode).toBe(200);
      expect(put.json()).toMatchObject({
        timelineId: timeline.timelineId,
        name: 'Final',
        currentDateTime: '1901-01-01T00:00:00.000Z',
        branchingEnabled: false,
      });

      const bad = await t.app.inject({ method: 'PUT', url, headers: owner.headers, payload: { name: 'Final' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json<ErrorResponse>().fields?.currentDateTime).toBe('Current Date/Time is required.');
    });

    it('refuses itself or one of its own branches as parent', async () => {
      const { timeline: root, world, owner } = await createTimeline(t.app, { name: 'Root' });
      const { timeline: child } = await createTimeline(t.app, { world, owner, name: 'Child', parentTimelineId: root.timelineId });
      const { timeline: grandchild } = await createTimeline(t.app, {
        world,
        owner,
        name: 'Grandchild',
        parentTimelineId: child.timelineId,
      });
      const message = 'Parent Timeline cannot be this timeline or one of its own branches.';
      for (const parentTimelineId of [root.timelineId, grandchild.timelineId]) {
        const response = await t.app.inject({
          method: 'PUT',
          url: `${timelinesUrl(world)}/${root.timelineId}`,
          headers: owner.headers,
          payload: { name: 'Root', currentDateTime: '2025-01-01T00:00', parentTimelineId },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json<ErrorResponse>().fields).toEqual({ parentTimelineId: message });
      }
      const reparent = await t.app.inject({
        method: 'PUT',
        url: `${timelinesUrl(world)}/${grandchild.timelineId}`,
        headers: owner.headers,
        payload: { name: 'Grandchild', currentDateTime: '2025-01-01T00:00', parentTimelineId: root.timelineId },
      });
      expect(reparent.statusCode).toBe(200);
      expect(reparent.json<Timeline>().parentTimelineId).toBe(root.timelineId);
    });

    it('deletes a timeline but keeps its events, frees its branches and removes connections to it', async () => {
      const { timeline, world, owner } = await createTimeline(t.app, { name: 'Doomed' });
      const { event } = await createEvent(t.app, { world, owner, timelineId: timeline.timelineId });
      const { timeline: branch } = await createTimeline(t.app, {
        world,
        owner,
        name: 'Branch',
        parentTimelineId: timeline.timelineId,
        branchingEvent: event.eventId,
      });
      const { event: pointer } = await createEvent(t.app, {
        world,
        owner,
        name: 'Door',
        childTimelineId: timeline.timelineId,
        isBranchingEvent: true,
      });
      const connectionId = await insertConnectionRow(
        t.app,
        world.worldId,
        { type: 'timeline', id: timeline.timelineId },
        { type: 'event', id: event.eventId },
      );
      expect((await readWorld(world, owner.headers)).counts).toMatchObject({ timelines: 2, events: 2 });

      const del = await t.app.inject({ method: 'DELETE', url: `${timelinesUrl(world)}/${timeline.timelineId}`, headers: owner.headers });
      expect(del.statusCode).toBe(204);
      const gone = await t.app.inject({ method: 'GET', url: `${timelinesUrl(world)}/${timeline.timelineId}`, headers: owner.headers });
      expect(gone.json()).toEqual({ message: 'Timeline not found.', code: 'NOT_FOUND' });

      const keptEvent = await t.app.inject({
        method: 'GET',
        url: `/api/worlds/${world.worldId}/events/${event.eventId}`,
        headers: owner.headers,
      });
      expect(keptEvent.json<Event>().timelineId).toBeNull();
      const keptPointer = await t.app.inject({
        method: 'GET',
        url: `/api/worlds/${world.worldId}/events/${pointer.eventId}`,
        headers: owner.headers,
      });
      expect(keptPointer.json<Event>().childTimelineId).toBeNull();
      const freed = await t.app.inject({ method: 'GET', url: `${timelinesUrl(world)}/${branch.timelineId}`, headers: owner.headers });
      expect(freed.json()).toMatchObject({ parentTimelineId: null, branchingEvent: null });
      expect(await connectionExists(t.app, connectionId)).toBe(false);
      expect((await readWorld(world, owner.headers)).counts).toMatchObject({ timelines: 1, events: 2 });
      const list = await t.app.inject({ method: 'GET', url: timelinesUrl(world), headers: owner.headers });
      expect(list.json<{ pagination: Pagination }>().pagination.totalItems).toBe(1);
    });

    it('answers 404 for a timeline of another world and 400 for a malformed id', async () => {
      const { timeline, owner } = await createTimeline(t.app);
      const { world: other } = await createWorld(t.app, { owner });
      const response = await t.app.inject({
        method: 'DELETE',
        url: `${timelinesUrl(other)}/${timeline.timelineId}`,
        headers: owner.headers,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json<ErrorResponse>().message).toBe('Timeline not found.');
      const malformed = await t.app.inject({ method: 'GET', url: `${timelinesUrl(other)}/nope`, headers: owner.headers });
      expect(malformed.statusCode).toBe(400);
    });
  });

  it("keeps two users apart: another user's timelines are 404 on every route and stay unchanged", async () => {
    const { timeline, world, owner } = await createTimeline(t.app, { name: 'Hidden history' });
    const intruder = await createUser(t.app);
    const { timeline: ownTimeline, world: ownWorld } = await createTimeline(t.app, { owner: intruder });
    const url = `${timelinesUrl(world)}/${timeline.timelineId}`;
    const attempts = [
      { method: 'GET' as const, url: timelinesUrl(world) },
      { method: 'POST' as const, url: timelinesUrl(world), payload: { name: 'Mine', currentDateTime: '2025-01-01T00:00' } },
      { method: 'GET' as const, url },
      { method: 'PUT' as const, url, payload: { name: 'Mine', currentDateTime: '2025-01-01T00:00' } },
      { method: 'DELETE' as const, url },
      { method: 'GET' as const, url: `${url}/events` },
    ];
    for (const attempt of attempts) {
      const response = await t.app.inject({ ...attempt, headers: intruder.headers });
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('Hidden');
    }
    const adopt = await t.app.inject({
      method: 'PUT',
      url: `${timelinesUrl(ownWorld)}/${ownTimeline.timelineId}`,
      headers: intruder.headers,
      payload: { name: 'Mine', currentDateTime: '2025-01-01T00:00', parentTimelineId: timeline.timelineId },
    });
    expect(adopt.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url, headers: owner.headers })).json()).toEqual(timeline);
    expect((await readWorld(world, owner.headers)).counts.timelines).toBe(1);
  });
});
