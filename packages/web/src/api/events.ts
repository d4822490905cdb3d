/** Event calls and hooks (SPEC §7 Timelines and events): CRUD, the timeline-filtered list and a lookup. */
import type { Event } from '@loreforge/contract';
import { api } from './client';
import { eventsResource } from './registry';
import { listQuery, toListResult } from './list';
import type { ListSource } from '../components/generic-list/GenericList';
import { useResourceItem, useResourceLookup, useResourceMutations } from './resource';

export { eventsResource };

/** The events list filter: one timeline's id, or 'all' for every event of the world. */
export type EventTimelineFilter = string;

/** The value of {@link EventTimelineFilter} that lists every event of the world. */
export const ALL_TIMELINES = 'all';

/**
 * A GenericList source for a world's events, optionally only one timeline's (GET …/events?timelineId=).
 * @param worldId the world; @param timelineId a timeline id or {@link ALL_TIMELINES}.
 */
export function eventListSource(worldId: string, timelineId: EventTimelineFilter): ListSource<Event> {
  const resource = eventsResource(worldId);
  const filter = timelineId === ALL_TIMELINES ? undefined : timelineId;
  return {
    listKey: (params) => [...resource.key, 'list', { ...params, timelineId: filter ?? ALL_TIMELINES }],
    list: async (params, signal) =>
      toListResult<Event>(await api.get<unknown>(resource.path, { query: { ...listQuery(params), timelineId: filter }, signal })),
  };
}

/** One event; disabled while `eventId` is undefined. */
export function useEvent(worldId: string, eventId: string | undefined) {
  return useResourceItem(eventsResource(worldId), eventId);
}

/** Create, update and delete mutations of a world's events. */
export function useEventMutations(worldId: string) {
  return useResourceMutations(eventsResource(worldId));
}

/** Up to 1000 events of a world sorted by name, for selects (genesis and branching event). */
export function useEventLookup(worldId: string) {
  return useResourceLookup(eventsResource(worldId));
}
