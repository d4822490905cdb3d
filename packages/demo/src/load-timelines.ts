/**
 * The demo's timelines and events (issue 2): the Gregorian timelines with their events (change documents with the
 * ids of their keys) and genesis events, the branches' branching events, then the world's calendars and the
 * timelines dated in them (issue 12).
 */
import type { operations } from '@loreforge/client';
import { DemoLoadError, attempt } from './api.js';
import { type DemoEvent, substituteChangeIds } from './demo-data.js';
import type { DemoEventBody, DemoLoad } from './load-context.js';

// The API document lists the Gregorian fields of timelines and events (currentDateTime, dateTime) and a calendar's
// months and weekdays as required; the server also takes a calendar's date fields (calendarId, currentDate,
// calendarDate) in their place, and a calendar built from a preset, which the calendar loaders send as these types.
type TimelineBody = operations['createTimeline']['requestBody']['content']['application/json'];
type CalendarBody = operations['createCalendar']['requestBody']['content']['application/json'];

/**
 * The change documents of an event with each key replaced by its id.
 * @throws DemoLoadError naming the step when a document names a key nothing was created for.
 */
function changesOf(
  load: DemoLoad,
  step: string,
  event: Pick<DemoEvent, 'characterAttributeChanges' | 'inventoryChanges' | 'relationshipChanges'>,
) {
  const resolve = (kind: 'character' | 'item', key: string) => load.changeId(kind, key);
  try {
    return {
      characterAttributeChanges: substituteChangeIds(event.characterAttributeChanges, resolve),
      inventoryChanges: substituteChangeIds(event.inventoryChanges, resolve),
      relationshipChanges: substituteChangeIds(event.relationshipChanges, resolve),
    };
  } catch (error) {
    throw new DemoLoadError(step, null, (error as Error).message);
  }
}

/**
 * Creates the Gregorian timelines with their events, sets their genesis events and marks each branch's branching
 * event (which needs the branch to exist first).
 * @throws DemoLoadError naming the timeline or event whose step failed.
 */
export async function loadTimelines(load: DemoLoad): Promise<void> {
  const { client, worldId, data, summary } = load;
  for (const timeline of data.timelines) {
    const timelineBody = {
      name: timeline.name,
      description: timeline.description,
      currentDateTime: timeline.currentDateTime,
      branchingEnabled: true,
      parentTimelineId: timeline.parent ? load.id('timeline', timeline.parent) : null,
      branchingEvent: timeline.branchingEvent ? load.id('event', timeline.branchingEvent) : null,
      genesisEvent: null,
    };
    const created = await attempt(
      `Creating timeline "${timeline.name}"`,
      client.POST('/api/worlds/{worldId}/timelines', { params: { path: { worldId } }, body: timelineBody }),
    );
    load.remember('timeline', timeline.key, created.timelineId);
    summary.timelines += 1;
    for (const event of timeline.events) {
      const step = `Creating event "${event.name}"`;
      const body: DemoEventBody = {
        name: event.name,
        description: load.plain(event.description),
        ...(event.visibility ? { visibility: event.visibility } : {}),
        dateTime: event.dateTime,
        timelineId: created.timelineId,
        ...changesOf(load, step, event),
        isBranchingEvent: false,
        childTimelineId: null,
      };
      const createdEvent = await attempt(step, client.POST('/api/worlds/{worldId}/events', { params: { path: { worldId } }, body }));
      load.remember('event', event.key, createdEvent.eventId);
      load.eventBodies.set(event.key, body);
      summary.events += 1;
    }
    if (timeline.genesisEvent) {
      await attempt(
        `Setting the genesis event of "${timeline.name}"`,
        client.PUT('/api/worlds/{worldId}/timelines/{timelineId}', {
          params: { path: { worldId, timelineId: created.timelineId } },
          body: { ...timelineBody, genesisEvent: load.id('event', timeline.genesisEvent) },
        }),
      );
    }
  }
  for (const timeline of data.timelines) {
    if (!timeline.branchingEvent) continue;
    const body = load.eventBodies.get(timeline.branchingEvent);
    if (!body) throw new Error(`No event was created for key "${timeline.branchingEvent}".`);
    const branched = { ...body, isBranchingEvent: true, childTimelineId: load.id('timeline', timeline.key) };
    await attempt(
      `Marking "${body.name}" as the branching event of "${timeline.name}"`,
      client.PUT('/api/worlds/{worldId}/events/{eventId}', {
        params: { path: { worldId, eventId: load.id('event', timeline.branchingEvent) } },
        body: branched,
      }),
    );
    load.eventBodies.set(timeline.branchingEvent, branched);
  }
}

/**
 * Creates the world's calendars and the timelines dated in them, with their events.
 * @throws DemoLoadError naming the calendar, timeline or event whose step failed.
 */
export async function loadCalendars(load: DemoLoad): Promise<void> {
  const { client, worldId, data, summary } = load;
  for (const calendar of data.calendars) {
    const { key, ...body } = calendar;
    const created = await attempt(
      `Creating calendar "${calendar.name}"`,
      client.POST('/api/worlds/{worldId}/calendars', { params: { path: { worldId } }, body: body as CalendarBody }),
    );
    load.remember('calendar', key, created.calendarId);
    summary.calendars += 1;
  }
  for (const timeline of data.calendarTimelines) {
    const created = await attempt(
      `Creating timeline "${timeline.name}"`,
      client.POST('/api/worlds/{worldId}/timelines', {
        params: { path: { worldId } },
        body: {
          name: timeline.name,
          description: timeline.description,
          calendarId: load.id('calendar', timeline.calendar),
          currentDate: timeline.currentDate,
          branchingEnabled: true,
        } as unknown as TimelineBody,
      }),
    );
    load.remember('timeline', timeline.key, created.timelineId);
    summary.timelines += 1;
    for (const event of timeline.events) {
      const step = `Creating event "${event.name}"`;
      const body = {
        name: event.name,
        description: event.description,
        ...(event.visibility ? { visibility: event.visibility } : {}),
        calendarDate: event.calendarDate,
        timelineId: created.timelineId,
        ...changesOf(load, step, event),
      } as unknown as DemoEventBody;
      const createdEvent = await attempt(step, client.POST('/api/worlds/{worldId}/events', { params: { path: { worldId } }, body }));
      load.remember('event', event.key, createdEvent.eventId);
      summary.events += 1;
    }
  }
  load.log(`${summary.calendars} calendars, ${summary.timelines} timelines with ${summary.events} events created.`);
}
