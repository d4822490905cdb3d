/**
 * An entity's history and restore, and "since you last looked" (issue 15), with their query hooks. A restore
 * refreshes everything of the world (the entity, its lists and its history); the list since the last visit is
 * read once per world per page load and kept out of the world's keys, so live refreshes do not empty it.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeletedEntity, DeletedEntityList, HistoryEntityType, HistoryPage, SinceLastVisit, VisitRecord } from '@loreforge/contract';
import { api } from './client';

const worldPath = (worldId: string) => `/worlds/${encodeURIComponent(worldId)}`;

/** Query keys: a history under its world (refreshed with it); the visit list on its own. */
export const historyKeys = {
  entity: (worldId: string, type: string, id: string, page: number) => ['worlds', worldId, 'history', type, id, page] as const,
  sinceLastVisit: (worldId: string) => ['since-last-visit', worldId] as const,
  deleted: (worldId: string) => ['worlds', worldId, 'history', 'deleted'] as const,
};

/**
 * GET /worlds/{worldId}/history/deleted: the entities deleted and not restored since, newest first (editors and
 * the owner; pass `enabled` false for others, whom the server refuses). Under the world's keys, so a live
 * change refreshes it.
 */
export function useDeletedEntities(worldId: string, enabled: boolean) {
  return useQuery({
    queryKey: historyKeys.deleted(worldId),
    queryFn: ({ signal }) => api.get<DeletedEntityList>(`${worldPath(worldId)}/history/deleted`, { signal }),
    enabled,
  });
}

/**
 * Restores a deleted entity from its deletion (POST …/history/{entityType}/{entityId}/{sequence}/restore), then
 * refreshes everything of the world. Throws ApiError with the server's message (a 409 names what is missing).
 */
export function useRestoreDeleted(worldId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (entity: DeletedEntity) =>
      api.post<Record<string, unknown>>(
        `${worldPath(worldId)}/history/${entity.entityType}/${encodeURIComponent(entity.entityId)}/${entity.sequence}/restore`,
        undefined,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['worlds', worldId] }),
  });
}

/** GET /worlds/{worldId}/history/{entityType}/{entityId}: one page of 10 entries, newest first. */
export function useEntityHistory(worldId: string, type: HistoryEntityType, id: string, page: number) {
  return useQuery({
    queryKey: historyKeys.entity(worldId, type, id, page),
    queryFn: ({ signal }) =>
      api.get<HistoryPage>(`${worldPath(worldId)}/history/${type}/${encodeURIComponent(id)}`, { query: { page, limit: 10 }, signal }),
  });
}

/**
 * POST …/history/{entityType}/{entityId}/{sequence}/restore, sending the entity's `updatedAt` as If-Match when
 * given (a 409 then says someone changed it meanwhile). Throws ApiError with the server's message.
 */
export function useRestoreVersion(worldId: string, type: HistoryEntityType, id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ sequence, version }: { sequence: number; version?: string }) =>
      api.post<Record<string, unknown>>(
        `${worldPath(worldId)}/history/${type}/${encodeURIComponent(id)}/${sequence}/restore`,
        undefined,
        version ? { version } : {},
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['worlds', worldId] }),
  });
}

const recorded = new Set<string>();

/**
 * GET /worlds/{worldId}/since-last-visit, then POST /worlds/{worldId}/visit once per world and page load, so
 * the list shows what changed before this visit and the next visit starts from now.
 */
export function useSinceLastVisit(worldId: string) {
  return useQuery({
    queryKey: historyKeys.sinceLastVisit(worldId),
    queryFn: async ({ signal }) => {
      const answer = await api.get<SinceLastVisit>(`${worldPath(worldId)}/since-last-visit`, { signal });
      if (!recorded.has(worldId)) {
        recorded.add(worldId);
        await api.post<VisitRecord>(`${worldPath(worldId)}/visit`, undefined).catch(() => recorded.delete(worldId));
      }
      return answer;
    },
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
