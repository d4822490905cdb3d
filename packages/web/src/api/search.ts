/**
 * The world search (GET /worlds/{worldId}/search): one query over every entity type of a world, ranked, with
 * highlight ranges, for the command palette.
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { SearchHit, WorldSearchResponse } from '@loreforge/contract';
import { api } from './client';
import { entityPath } from '../lib/entity-path';

/** How many hits the palette shows at once. */
const PALETTE_LIMIT = 8;

/**
 * Searches a world.
 * @param worldId the world; @param q the query (sent trimmed; an empty query is never sent).
 * @returns the answer's hits and pagination.
 * @throws ApiError 400 for a query over 200 characters, 404 when the world is missing or not the reader's.
 */
export function searchWorld(worldId: string, q: string, limit = PALETTE_LIMIT): Promise<WorldSearchResponse> {
  return api.get<WorldSearchResponse>(`/worlds/${encodeURIComponent(worldId)}/search`, { query: { q: q.trim(), limit } });
}

/**
 * The palette's query: disabled for an empty query; keeps the last hits on screen while the next ones load, so
 * the list does not flicker as the person types.
 */
export function useWorldSearch(worldId: string, q: string) {
  const term = q.trim();
  return useQuery({
    queryKey: ['worlds', worldId, 'search', term],
    queryFn: () => searchWorld(worldId, term),
    enabled: term.length > 0,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });
}

/**
 * The address of a hit's page in the web app: map points and areas open their map, relationships open under their
 * first character, connections open their source entity's page (which lists its connections).
 */
export function searchHitPath(worldId: string, hit: SearchHit): string {
  if (hit.type === 'connection' && hit.parentType && hit.parentId) return entityPath(worldId, hit.parentType, hit.parentId);
  return entityPath(worldId, hit.type, hit.id, hit.parentId);
}
