/**
 * Pixel ↔ Leaflet conversions for a map image shown with CRS.Simple (issue: maps are real maps). The API keeps
 * x, y in image pixels from the top-left corner; Leaflet's CRS.Simple has lat growing upwards, so the image
 * spans lat 0 (bottom edge) to lat = height (top edge) and lng 0 to width.
 */

/** Natural size of the map image in pixels. */
export interface ImageSize {
  width: number;
  height: number;
}

/** A position in image pixels from the top-left corner. */
export interface PixelPoint {
  x: number;
  y: number;
}

/** A Leaflet [lat, lng] pair. */
export type LatLngTuple = [number, number];

/** Leaflet bounds of the image: [[0, 0], [height, width]]. */
export function imageBounds(size: ImageSize): [LatLngTuple, LatLngTuple] {
  return [[0, 0], [size.height, size.width]];
}

/**
 * Pixel position → Leaflet [lat, lng]: lat = height − y, lng = x.
 * @param point pixels from the top-left; @param size the image's natural size.
 */
export function pixelToLatLng(point: PixelPoint, size: ImageSize): LatLngTuple {
  return [size.height - point.y, point.x];
}

const clamp = (value: number, max: number) => Math.min(Math.max(value, 0), max);

/**
 * Leaflet lat/lng → pixel position, rounded to whole pixels and kept inside the image (a click or drag past
 * the edge lands on the edge).
 * @returns x, y in pixels from the top-left.
 */
export function latLngToPixel(lat: number, lng: number, size: ImageSize): PixelPoint {
  return { x: Math.round(clamp(lng, size.width)), y: Math.round(clamp(size.height - lat, size.height)) };
}
