/**
 * Timeline engine calls and hooks (docs/timeline-engine.md): a timeline's state at a moment, a character's
 * history, two timelines compared and a timeline's consistency issues. Keys live under `['worlds', worldId]`, so
 * every write in the world refreshes them like the other queries.
 */
import { keepPreviousData, useInfiniteQuery, useQueries, useQuery } from '@tanstack/react-query';
import type { CharacterHistory, ItemProvenance, TimelineDiff, TimelineIssues, TimelineState } from '@loreforge/contract';
import { api } from './client';

const worldPath = (worldId: string) => `/worlds/${encodeURIComponent(worldId)}`;
const engineKey = (worldId: string) => ['worlds', worldId, 'engine'] as const;

/**
 * Which moment of a timeline to read: just after an event, at a date-time, at an instant of the timeline's calendar
 * (issue 12: minutes since its epoch, as digits), or (none) the timeline's "now".
 */
export interface EngineMoment {
  eventId?: string | undefined;
  at?: string | undefined;
  instant?: string | undefined;
}

/** Which characters of a state to ask for: one page of those whose name contains `search` (all when empty). */
export interface StatePageQuery {
  search?: string;
  page?: number;
  limit?: number;
}

const stateUrl = (worldId: string, timelineId: string | undefined) =>
  `${worldPath(worldId)}/timelines/${encodeURIComponent(timelineId ?? '')}/state`;
const momentQuery = (moment: EngineMoment) =>
  moment.eventId ? { eventId: moment.eventId } : moment.instant !== undefined ? { instant: moment.instant } : { at: moment.at };
const stateKey = (worldId: string, timelineId: string | undefined, moment: EngineMoment) =>
  [...engineKey(worldId), 'state', timelineId ?? '', moment.eventId ?? '', moment.at ?? '', moment.instant ?? ''] as const;

/** The query of one character's state (or every character's, without `characterId`); shared by the hooks below. */
function characterStateQuery(worldId: string, timelineId: string | undefined, moment: EngineMoment, characterId?: string) {
  return {
    queryKey: [...stateKey(worldId, timelineId, moment), characterId ?? ''],
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get<TimelineState>(stateUrl(worldId, timelineId), { query: { ...momentQuery(moment), characterId }, signal }),
    enabled: Boolean(timelineId),
    placeholderData: keepPreviousData,
  };
}

/**
 * The world's state on a timeline at a moment (GET …/timelines/{t}/state), optionally one character's only.
 * Keeps the previous answer while the next loads, so dragging the scrubber does not flash an empty panel.
 * Disabled while `timelineId` is undefined. A large world's whole state is large: prefer {@link useTimelineStatePage}.
 */
export function useTimelineState(worldId: string, timelineId: string | undefined, moment: EngineMoment, characterId?: string) {
  return useQuery(characterStateQuery(worldId, timelineId, moment, characterId));
}

/**
 * One page of the state's characters, ordered by name then id, with `pagination` (…/state?page=&limit=&search=).
 * The answer also carries the moment's `eventCount` and `lastEvent`. Keeps the previous answer while the next loads.
 */
export function useTimelineStatePage(worldId: string, timelineId: string | undefined, moment: EngineMoment, page: StatePageQuery) {
  return useQuery({
    queryKey: [...stateKey(worldId, timelineId, moment), 'page', page.search ?? '', page.page ?? 1, page.limit ?? 0],
    queryFn: ({ signal }) =>
      api.get<TimelineState>(stateUrl(worldId, timelineId), {
        query: { ...momentQuery(moment), search: page.search || undefined, page: page.page ?? 1, limit: page.limit },
        signal,
      }),
    enabled: Boolean(timelineId),
    placeholderData: keepPreviousData,
  });
}

/**
 * The state's characters whose name contains `search`, `limit` at a time: `fetchNextPage` asks for the next page.
 * Ordered by name then id; keeps the previous pages while a new search or moment loads.
 */
export function useTimelineStateCharacters(
  worldId: string,
  timelineId: string | undefined,
  moment: EngineMoment,
  search: string,
  limit: number,
) {
  return useInfiniteQuery({
    queryKey: [...stateKey(worldId, timelineId, moment), 'pages', search, limit],
    queryFn: ({ pageParam, signal }) =>
      api.get<TimelineState>(stateUrl(worldId, timelineId), {
        query: { ...momentQuery(moment), search: search || undefined, page: pageParam, limit },
        signal,
      }),
    initialPageParam: 1,
    getNextPageParam: (last: TimelineState) => {
      const pagination = last.pagination;
      return pagination && pagination.currentPage < pagination.totalPages ? pagination.currentPage + 1 : undefined;
    },
    enabled: Boolean(timelineId),
    placeholderData: keepPreviousData,
  });
}

/** The states of a few characters at a moment, one request each (cached per character, shared with useTimelineState). */
export function useTimelineStatesOf(
  worldId: string,
  timelineId: string | undefined,
  moment: EngineMoment,
  characterIds: readonly string[],
) {
  return useQueries({ queries: characterIds.map((characterId) => characterStateQuery(worldId, timelineId, moment, characterId)) });
}

/** The events of a timeline that changed a character, with what changed (GET …/characters/{c}/history). */
export function useCharacterHistory(worldId: string, characterId: string, timelineId: string | undefined) {
  return useQuery({
    queryKey: [...engineKey(worldId), 'history', characterId, timelineId ?? ''],
    queryFn: ({ signal }) =>
      api.get<CharacterHistory>(`${worldPath(worldId)}/characters/${encodeURIComponent(characterId)}/history`, {
        query: { timelineId },
        signal,
      }),
    enabled: Boolean(timelineId),
  });
}

/**
 * How timeline `timelineId` differs from `againstId` at a moment (GET …/timelines/{a}/diff?against={b}&at= or
 * &instant=): an ISO date-time, or an instant of the first timeline's calendar; neither is its "now".
 */
export function useTimelineDiff(
  worldId: string,
  timelineId: string,
  againstId: string | undefined,
  moment: Pick<EngineMoment, 'at' | 'instant'>,
) {
  const { at, instant } = moment;
  return useQuery({
    queryKey: [...engineKey(worldId), 'diff', timelineId, againstId ?? '', at ?? '', instant ?? ''],
    queryFn: ({ signal }) =>
      api.get<TimelineDiff>(`${worldPath(worldId)}/timelines/${encodeURIComponent(timelineId)}/diff`, {
        query: instant !== undefined ? { against: againstId, instant } : { against: againstId, at },
        signal,
      }),
    enabled: Boolean(againstId),
    placeholderData: keepPreviousData,
  });
}

/** A timeline's consistency problems, each with its event (GET …/timelines/{t}/issues). */
export function useTimelineIssues(worldId: string, timelineId: string) {
  return useQuery({
    queryKey: [...engineKey(worldId), 'issues', timelineId],
    queryFn: ({ signal }) =>
      api.get<TimelineIssues>(`${worldPath(worldId)}/timelines/${encodeURIComponent(timelineId)}/issues`, { signal }),
  });
}

/**
 * Who held an item on a timeline, from when to when (GET …/items/{i}/provenance?timelineId=). Disabled while
 * `timelineId` is undefined.
 */
export function useItemProvenance(worldId: string, itemId: string, timelineId: string | undefined) {
  return useQuery({
    queryKey: [...engineKey(worldId), 'provenance', itemId, timelineId ?? ''],
    queryFn: ({ signal }) =>
      api.get<ItemProvenance>(`${worldPath(worldId)}/items/${encodeURIComponent(itemId)}/provenance`, {
        query: { timelineId },
        signal,
      }),
    enabled: Boolean(timelineId),
  });
}
