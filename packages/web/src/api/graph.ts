/** The web of a world (GET /worlds/{worldId}/graph): nodes and edges in one answer, for the graph screen. */
import { useQuery } from '@tanstack/react-query';
import type { WorldGraph } from '@loreforge/contract';
import { api } from './client';

/**
 * A world's graph. Keyed under the world, so every write in the world refreshes it.
 * @throws ApiError 404 when the world is missing or not the reader's.
 */
export function useWorldGraph(worldId: string) {
  return useQuery({
    queryKey: ['worlds', worldId, 'graph'],
    queryFn: ({ signal }) => api.get<WorldGraph>(`/worlds/${encodeURIComponent(worldId)}/graph`, { signal }),
  });
}
