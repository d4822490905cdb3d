/** Timeline calls and hooks (SPEC §7 Timelines and events): CRUD, the lookup for selects, and story-ordered events. */
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Event, Timeline } from '@loreforge/contract';
import { TIMELINE_EVENTS_PAGE_SIZE } from '../first-screen-hints';
import { api } from './client';
import { timelineEventsResource, timelinesResource } from './registry';
import { toListResult, type ListResult } from './list';
import { useResourceLookup, useResourceMutations } from './resource';

export { timelinesResource };

/** Events fetched per request on the visual timeline: big enough to fill a screen many times over. */

/**
 * How long a timeline and its events count as fresh: a branch reopened within it comes from the cache without
 * a request. Every write under the world invalidates them, so edits still show at once.
 */
export const TIMELINE_STALE_MS = 5 * 60_000;

/** One timeline (cached per id, see {@link TIMELINE_STALE_MS}); disabled while `timelineId` is undefined. */
export function useTimeline(worldId: string, timelineId: string | undefined) {
  const resource = timelinesResource(worldId);
  return useQuery({
    queryKey: resource.detailKey(timelineId ?? ''),
    queryFn: ({ signal }) => resource.get(timelineId ?? '', signal),
    enabled: Boolean(timelineId),
    staleTime: TIMELINE_STALE_MS,
  });
}

/** Create, update and delete mutations of a world's timelines (refresh the world's queries). */
export function useTimelineMutations(worldId: string) {
  return useResourceMutations(timelinesResource(worldId));
}

/** Up to 1000 timelines of a world sorted by name, for selects (SPEC §9). */
export function useTimelineLookup(worldId: string) {
  return useResourceLookup(timelinesResource(worldId));
}

/** Where the next page of a timeline's events starts: a keyset cursor, else a page number. */
export interface EventPageParam {
  page: number;
  cursor?: string;
}

/**
 * Fetches one page of a timeline's events in story order (dateTime ascending, then creation order).
 * @returns the page's events and the contract's pagination block.
 * @throws ApiError when the timeline is missing (404) or the call fails.
 */
async function fetchTimelineEventsPage(
  worldId: string,
  timelineId: string,
  pageParam: EventPageParam,
  signal?: AbortSignal,
): Promise<ListResult<Event>> {
  const path = timelineEventsResource(worldId, timelineId).path;
  const params = { page: pageParam.page, limit: TIMELINE_EVENTS_PAGE_SIZE };
  const raw = await api.get<unknown>(path, { query: { ...params, cursor: pageParam.cursor }, signal });
  return toListResult<Event>(raw);
}

/**
 * All events of a timeline, fetched page by page as the reader scrolls (SPEC §2 "Timeline screen"); each
 * timeline is cached under its own key, so a branch opened twice is fetched once.
 * @param enabled false until the timeline is wanted (branches load on demand).
 */
export function useTimelineEvents(worldId: string, timelineId: string, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...timelineEventsResource(worldId, timelineId).key, 'story'],
    queryFn: ({ pageParam, signal }) => fetchTimelineEventsPage(worldId, timelineId, pageParam, signal),
    initialPageParam: { page: 1 },
    getNextPageParam: (last): EventPageParam | undefined => {
      const { currentPage, totalPages, nextCursor } = last.pagination;
      if (last.data.length === 0 || currentPage >= totalPages) return undefined;
      return nextCursor ? { page: currentPage + 1, cursor: nextCursor } : { page: currentPage + 1 };
    },
    enabled,
    staleTime: TIMELINE_STALE_MS,
  });
}

/** @returns a timeline's name for display, falling back to the first 8 characters of its id. */
export function timelineLabel(timeline: Pick<Timeline, 'timelineId' | 'name'>): string {
  return timeline.name.trim() ? timeline.name : timeline.timelineId.slice(0, 8);
}
