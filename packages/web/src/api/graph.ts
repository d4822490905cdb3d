/** The web of a world (GET /worlds/{worldId}/graph): nodes and edges in one answer, for the graph screen. */
import { useQuery } from '@tanstack/react-query';
import type { WorldGraph } from '@loreforge/contract';
import { api } from './client';

/** A moment of a timeline: just after an event of it, or (without one) the timeline's now. */
export interface GraphMoment {
  timelineId: string;
  eventId?: string | undefined;
}

/**
 * A world's graph, with relationships and holdings as they stand at a moment of a timeline when one is given.
 * Keyed under the world, so every write in the world refreshes it; while another moment loads, the last answer stays
 * shown, so a scrubber moves the edges without the graph blinking.
 * @throws ApiError 404 when the world (or the timeline) is missing or not the reader's; 400 for an event not on it.
 */
export function useWorldGraph(worldId: string, moment?: GraphMoment) {
  const query = new URLSearchParams();
  if (moment) {
    query.set('timelineId', moment.timelineId);
    if (moment.eventId) query.set('eventId', moment.eventId);
  }
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return useQuery({
    queryKey: ['worlds', worldId, 'graph', moment?.timelineId ?? null, moment?.eventId ?? null],
    queryFn: ({ signal }) => api.get<WorldGraph>(`/worlds/${encodeURIComponent(worldId)}/graph${search}`, { signal }),
    // Only another moment of the same world stands in; another world's graph never does.
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === worldId ? previous : undefined),
  });
}
