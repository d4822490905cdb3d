/** Tags of an entity (GET/PUT /worlds/{worldId}/tags/{entityType}/{entityId}). */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntityTags, TaggableType, WorldTags } from '@loreforge/contract';
import { api } from './client';

const tagsPath = (worldId: string, type: TaggableType, id: string) =>
  `/worlds/${encodeURIComponent(worldId)}/tags/${type}/${encodeURIComponent(id)}`;

/** An entity's tags; keyed under the world so every write in it refreshes them. */
export function useEntityTags(worldId: string, type: TaggableType, id: string) {
  return useQuery({
    queryKey: ['worlds', worldId, 'tags', type, id],
    queryFn: ({ signal }) => api.get<EntityTags>(tagsPath(worldId, type, id), { signal }),
  });
}

/**
 * Replaces an entity's tags, then refreshes the world's queries (lists filtered by tag, the search).
 * @throws ApiError 400 with the server's message for a bad tag, 404 when the entity is gone.
 */
export function useSaveEntityTags(worldId: string, type: TaggableType, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tags: string[]) => api.put<EntityTags>(tagsPath(worldId, type, id), { tags }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['worlds', worldId] }),
  });
}

/**
 * Every tag used in a world with how many entities (the reader may see) carry it, for the lists' tag filter.
 * @throws ApiError 404 when the world is missing or not the reader's.
 */
export function useWorldTags(worldId: string, enabled = true) {
  return useQuery({
    queryKey: ['worlds', worldId, 'tags', 'all'],
    queryFn: ({ signal }) => api.get<WorldTags>(`/worlds/${encodeURIComponent(worldId)}/tags`, { signal }),
    enabled,
  });
}
