import { useEffect, useState } from 'react';
import { fetchMapImage } from '../../api/maps';
import { handleError } from '../../api/client';
import type { ImageSize } from './map-coordinates';

/** State of a map image download. */
export type MapImageState =
  { status: 'none' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; url: string; size: ImageSize };

const NO_IMAGE: MapImageState = { status: 'none' };
const LOADING: MapImageState = { status: 'loading' };

function naturalSize(url: string): Promise<ImageSize> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve({ width: image.naturalWidth, height: image.naturalHeight });
    image.onerror = () => reject(new Error('The map image could not be read.'));
    image.src = url;
  });
}

/**
 * Downloads a map's image with the bearer token and exposes it as an object URL with its natural size
 * (the Leaflet bounds). The URL is revoked when the image changes or the screen closes.
 * @param version the image's updatedAt; null when the map has no image (nothing is fetched).
 */
export function useMapImage(worldId: string, mapId: string, version: string | null): MapImageState {
  // Which image the settled download was for: until the current one settles, it is loading.
  const key = `${worldId}/${mapId}@${version ?? ''}`;
  const [settled, setSettled] = useState<{ key: string; state: MapImageState } | null>(null);
  useEffect(() => {
    if (!version) return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchMapImage(worldId, mapId, controller.signal)
      .then(async (blob) => {
        url = URL.createObjectURL(blob);
        const size = await naturalSize(url);
        if (!controller.signal.aborted) setSettled({ key, state: { status: 'ready', url, size } });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setSettled({ key, state: { status: 'error', message: handleError(error, 'Failed to load page data. Please try again.') } });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [key, worldId, mapId, version]);
  if (!version) return NO_IMAGE;
  return settled?.key === key ? settled.state : LOADING;
}
