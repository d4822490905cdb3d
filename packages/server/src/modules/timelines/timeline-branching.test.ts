import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse, Event, Timeline } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createEvent } from '../../../test/factories/event.js';
import { createTimeline } from '../../../test/factories/timeline.js';

describe.each(DIALECTS)('a branching timeline on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it('forks at an event of the parent, is reachable from that event, and survives its parent', async () => {
    const { timeline: main, world, owner } = await createTimeline(t.app, { name: 'Main' });
    const base = `/api/worlds/${world.worldId}`;
    const get = async <T>(url: string) => (await t.app.inject({ method: 'GET', url: `${base}${url}`, headers: owner.headers })).json<T>();
    const onMain = (name: string, dateTime: string) => createEvent(t.app, { world, owner, name, dateTime, timelineId: main.timelineId });
    await onMain('Emerald City', '1900-05-10T00:00');
    await onMain('Cyclone', '1900-05-02T00:00');
    const { event: fork } = await onMain('Fork in the road', '1900-05-05T00:00');

    const { timeline: branch } = await createTimeline(t.app, {
      world,
      owner,
      name: 'She stays',
      parentTimelineId: main.timelineId,
      branchingEvent: fork.eventId,
    });
    expect(branch).toMatchObject({ parentTimelineId: main.timelineId, branchingEvent: fork.eventId, branchingEnabled: true });

    const marked = await t.app.inject({
      method: 'PUT',
      url: `${base}/events/${fork.eventId}`,
      headers: owner.headers,
      payload: {
        name: fork.name,
        dateTime: fork.dateTime,
        timelineId: main.timelineId,
        isBranchingEvent: true,
        childTimelineId: branch.timelineId,
      },
    });
    expect(marked.statusCode).toBe(200);
    const { event: stays } = await createEvent(t.app, {
      world,
      owner,
      name: 'Stays in Munchkinland',
      dateTime: '1900-05-06T00:00',
      timelineId: branch.timelineId,
    });

    const mainEvents = await get<{ data: Event[] }>(`/timelines/${main.timelineId}/events`);
    expect(mainEvents.data.map((e) => e.name)).toEqual(['Cyclone', 'Fork in the road', 'Emerald City']);
    expect(mainEvents.data[1]).toMatchObject({ isBranchingEvent: true, childTimelineId: branch.timelineId });
    const opened = await get<Timeline>(`/timelines/${branch.timelineId}`);
    expect(opened).toMatchObject({ parentTimelineId: main.timelineId, branchingEvent: fork.eventId });
    expect((await get<{ data: Event[] }>(`/timelines/${branch.timelineId}/events`)).data.map((e) => e.eventId)).toEqual([stays.eventId]);

    const wrongFork = await t.app.inject({
      method: 'POST',
      url: `${base}/timelines`,
      headers: owner.headers,
      payload: { name: 'Bad fork', currentDateTime: '1900-05-06T00:00', parentTimelineId: main.timelineId, branchingEvent: stays.eventId },
    });
    expect(wrongFork.statusCode).toBe(400);
    expect(wrongFork.json<ErrorResponse>().fields).toEqual({ branchingEvent: 'Branching Event must be an event of the parent timeline.' });

    const circular = await t.app.inject({
      method: 'PUT',
      url: `${base}/timelines/${main.timelineId}`,
      headers: owner.headers,
      payload: { name: 'Main', currentDateTime: main.currentDateTime, parentTimelineId: branch.timelineId },
    });
    expect(circular.statusCode).toBe(400);
    expect(circular.json<ErrorResponse>().fields?.parentTimelineId).toBe(
      'Parent Timeline cannot be this timeline or one of its own branches.',
    );

    const del = await t.app.inject({ method: 'DELETE', url: `${base}/timelines/${main.timelineId}`, headers: owner.headers });
    expect(del.statusCode).toBe(204);
    expect(await get<Timeline>(`/timelines/${branch.timelineId}`)).toMatchObject({ parentTimelineId: null, branchingEvent: null });
    expect(await get<Event>(`/events/${fork.eventId}`)).toMatchObject({ timelineId: null, childTimelineId: branch.timelineId });
    const afterDelete = await get<{ counts: { timelines: number; events: number } }>('');
    expect(afterDelete.counts).toMatchObject({ timelines: 1, events: 4 });
  });

  it('drops the branch point when the branching event moves off the parent timeline', async () => {
    const { timeline: main, world, owner } = await createTimeline(t.app, { name: 'Main' });
    const { event: fork } = await createEvent(t.app, { world, owner, name: 'Fork', timelineId: main.timelineId });
    const { timeline: branch } = await createTimeline(t.app, {
      world,
      owner,
      name: 'Branch',
      parentTimelineId: main.timelineId,
      branchingEvent: fork.eventId,
    });
    const { timeline: sibling } = await createTimeline(t.app, { world, owner, name: 'Sibling' });

    const stay = await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${world.worldId}/events/${fork.eventId}`,
      headers: owner.headers,
      payload: { name: 'Fork renamed', dateTime: fork.dateTime, timelineId: main.timelineId },
    });
    expect(stay.statusCode).toBe(200);
    const read = async () =>
      (
        await t.app.inject({ method: 'GET', url: `/api/worlds/${world.worldId}/timelines/${branch.timelineId}`, headers: owner.headers })
      ).json<Timeline>();
    expect((await read()).branchingEvent).toBe(fork.eventId);

    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${world.worldId}/events/${fork.eventId}`,
      headers: owner.headers,
      payload: { name: 'Fork', dateTime: fork.dateTime, timelineId: sibling.timelineId },
    });
    expect(moved.statusCode).toBe(200);
    expect(await read()).toMatchObject({ parentTimelineId: main.timelineId, branchingEvent: null });
  });
});
