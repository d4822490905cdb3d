/** The connections of one entity (GET /worlds/{worldId}/connections?entityId=), for its Connections panel. */
import { useQuery } from '@tanstack/react-query';
import type { Connection } from '@loreforge/contract';
import { api } from './client';
import { connectionsResource } from './registry';
import { toListResult, type ListResult } from './list';

/** Most connections of one entity read at once. */
export const ENTITY_CONNECTIONS_LIMIT = 100;

/**
 * The connections with an entity at either end that the reader may see, oldest first; keyed under the world's
 * connections, so every write of a connection refreshes it.
 * @throws ApiError 404 when the world is missing or not the reader's.
 */
export function useEntityConnections(worldId: string, entityId: string) {
  const resource = connectionsResource(worldId);
  const params = { page: 1, limit: ENTITY_CONNECTIONS_LIMIT, sortBy: 'createdAt', sortOrder: 'asc' as const };
  return useQuery({
    queryKey: [...resource.key, 'of', entityId],
    queryFn: async ({ signal }): Promise<ListResult<Connection>> =>
      toListResult<Connection>(await api.get<unknown>(resource.path, { query: { ...params, entityId }, signal })),
    enabled: Boolean(worldId && entityId),
  });
}
