import { useEffect, useState } from 'react';
import { fetchMapImage } from '../../api/maps';
import { handleError } from '../../api/client';
import type { ImageSize } from './map-coordinates';

/** State of a map image download. */
export type MapImageState =
  { status: 'none' } | { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; url: string; size: ImageSize };

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
  const [state, setState] = useState<MapImageState>(version ? { status: 'loading' } : { status: 'none' });
  useEffect(() => {
    if (!version) {
      setState({ status: 'none' });
      return;
    }
    const controller = new AbortController();
    let url: string | null = null;
    setState({ status: 'loading' });
    fetchMapImage(worldId, mapId, controller.signal)
      .then(async (blob) => {
        url = URL.createObjectURL(blob);
        const size = await naturalSize(url);
        if (!controller.signal.aborted) setState({ status: 'ready', url, size });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          setState({ status: 'error', message: handleError(error, 'Failed to load page data. Please try again.') });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [worldId, mapId, version]);
  return state;
}
