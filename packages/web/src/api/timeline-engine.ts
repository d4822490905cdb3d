/**
 * Timeline engine calls and hooks (docs/timeline-engine.md): a timeline's state at a moment, a character's
 * history, two timelines compared and a timeline's consistency issues. Keys live under `['worlds', worldId]`, so
 * every write in the world refreshes them like the other queries.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CharacterHistory, TimelineDiff, TimelineIssues, TimelineState } from '@loreforge/contract';
import { api } from './client';

const worldPath = (worldId: string) => `/worlds/${encodeURIComponent(worldId)}`;
const engineKey = (worldId: string) => ['worlds', worldId, 'engine'] as const;

/** Which moment of a timeline to read: just after an event, at a date-time, or (neither) the timeline's "now". */
export interface EngineMoment {
  eventId?: string;
  at?: string;
}

/**
 * The world's state on a timeline at a moment (GET …/timelines/{t}/state), optionally one character's only.
 * Keeps the previous answer while the next loads, so dragging the scrubber does not flash an empty panel.
 * Disabled while `timelineId` is undefined.
 */
export function useTimelineState(worldId: string, timelineId: string | undefined, moment: EngineMoment, characterId?: string) {
  return useQuery({
    queryKey: [...engineKey(worldId), 'state', timelineId ?? '', moment.eventId ?? '', moment.at ?? '', characterId ?? ''],
    queryFn: ({ signal }) =>
      api.get<TimelineState>(`${worldPath(worldId)}/timelines/${encodeURIComponent(timelineId ?? '')}/state`, {
        query: { eventId: moment.eventId, at: moment.eventId ? undefined : moment.at, characterId },
        signal,
      }),
    enabled: Boolean(timelineId),
    placeholderData: keepPreviousData,
  });
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

/** How timeline `timelineId` differs from `againstId` at a moment (GET …/timelines/{a}/diff?against={b}&at=). */
export function useTimelineDiff(worldId: string, timelineId: string, againstId: string | undefined, at: string | undefined) {
  return useQuery({
    queryKey: [...engineKey(worldId), 'diff', timelineId, againstId ?? '', at ?? ''],
    queryFn: ({ signal }) =>
      api.get<TimelineDiff>(`${worldPath(worldId)}/timelines/${encodeURIComponent(timelineId)}/diff`, {
        query: { against: againstId, at },
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
