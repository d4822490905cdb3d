/**
 * Map calls and hooks (SPEC §7 Maps): maps, their image (raw upload, fetched as a blob because it needs the
 * bearer token), points and areas.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LIMITS, type WorldMap } from '@loreforge/contract';
import { getToken } from '../session/session-store';
import { API_BASE, ApiError, apiRequest } from './client';
import { areasResource, mapsResource, pointsResource } from './registry';
import { useResourceItem, useResourceLookup, useResourceMutations } from './resource';

export { areasResource, mapsResource, pointsResource };

/** Image types the server accepts for a map (issue API contract). */
export const MAP_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

const imagePath = (worldId: string, mapId: string) => `/worlds/${encodeURIComponent(worldId)}/maps/${encodeURIComponent(mapId)}/image`;

/** One map; disabled while `mapId` is undefined. */
export function useMap(worldId: string, mapId: string | undefined) {
  return useResourceItem(mapsResource(worldId), mapId);
}

/** Create, update and delete mutations of a world's maps. */
export function useMapMutations(worldId: string) {
  return useResourceMutations(mapsResource(worldId));
}

/** All points of a map (up to 1000), sorted by name. */
export function useMapPoints(worldId: string, mapId: string) {
  return useResourceLookup(pointsResource(worldId, mapId));
}

/** All areas of a map (up to 1000), sorted by name. */
export function useMapAreas(worldId: string, mapId: string) {
  return useResourceLookup(areasResource(worldId, mapId));
}

/**
 * Uploads or replaces a map's image: PUT with the file as the raw body and its own content type.
 * @param file a PNG, JPEG or WebP file of at most 10 MB (the server checks the bytes too).
 * @returns the map with its new image info.
 * With `version` (the replaced image's updatedAt) an image someone else replaced meanwhile is kept and
 * StaleVersionError (409) is thrown.
 * @throws ApiError 413/415 with the server's message, or a timeout after 60 s.
 */
function uploadMapImage(worldId: string, mapId: string, file: Blob, version?: string): Promise<WorldMap> {
  return apiRequest<WorldMap>(imagePath(worldId, mapId), { method: 'PUT', rawBody: file, timeoutMs: 60_000, version });
}

/**
 * Removes a map's image (204). With `version` (the shown image's updatedAt) an image someone else replaced
 * meanwhile is kept and StaleVersionError (409) is thrown.
 * @throws ApiError 404 when it has none.
 */
function deleteMapImage(worldId: string, mapId: string, version?: string): Promise<undefined> {
  return apiRequest<undefined>(imagePath(worldId, mapId), { method: 'DELETE', version });
}

/**
 * Downloads a map's image as a blob with the bearer token (an <img src> could not send it).
 * @throws ApiError with the server's message when the answer is not 2xx.
 */
export async function fetchMapImage(worldId: string, mapId: string, signal?: AbortSignal): Promise<Blob> {
  const token = getToken();
  const response = await fetch(`${API_BASE}${imagePath(worldId, mapId)}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    signal: signal ?? null,
  });
  if (!response.ok) {
    let message = '';
    try {
      const body: unknown = await response.json();
      if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') message = body.message;
    } catch {
      // A non-JSON error body leaves the caller's fallback message.
    }
    throw new ApiError(response.status, `HTTP_${response.status}`, message);
  }
  return response.blob();
}

/**
 * Checks a chosen file before upload, so the person hears the rule without a round trip.
 * @returns null when acceptable, else the contract's image message.
 */
export function mapImageProblem(file: { type: string; size: number }, unsupportedMessage: string): string | null {
  const typeOk = (MAP_IMAGE_TYPES as readonly string[]).includes(file.type);
  return typeOk && file.size > 0 && file.size <= LIMITS.mapImageMaxBytes ? null : unsupportedMessage;
}

/**
 * Upload and removal of a map's image; both send `version`, the updatedAt of the image on screen (undefined
 * when there is none), and refresh the map's queries on success.
 */
export function useMapImageMutations(worldId: string, mapId: string, version?: string) {
  const queryClient = useQueryClient();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: mapsResource(worldId).key });
  const upload = useMutation({ mutationFn: (file: Blob) => uploadMapImage(worldId, mapId, file, version), onSuccess: invalidate });
  const remove = useMutation({ mutationFn: () => deleteMapImage(worldId, mapId, version), onSuccess: invalidate });
  return { upload, remove };
}
