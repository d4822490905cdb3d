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
  return [
    [0, 0],
    [size.height, size.width],
  ];
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

/** A polygon's vertices, [x, y] in image pixels. */
export type PixelPolygon = ReadonlyArray<readonly [number, number]>;

/**
 * The polygon with one vertex moved.
 * @param polygon the vertices; @param index which one (0-based); @param to its new position in pixels.
 * @returns a new polygon (the input is not changed).
 */
export function moveVertex(polygon: PixelPolygon, index: number, to: PixelPoint): Array<[number, number]> {
  return polygon.map(([x, y], i): [number, number] => (i === index ? [to.x, to.y] : [x, y]));
}

/** The centre of a polygon's bounding box, rounded to whole pixels (where the move handle sits). */
export function polygonCentre(polygon: PixelPolygon): PixelPoint {
  const xs = polygon.map(([x]) => x);
  const ys = polygon.map(([, y]) => y);
  return { x: Math.round((Math.min(...xs) + Math.max(...xs)) / 2), y: Math.round((Math.min(...ys) + Math.max(...ys)) / 2) };
}

/**
 * The polygon moved as a whole so that its centre lands on `to`, without leaving the image: the shift is cut
 * short at an edge, so the shape never changes.
 * @returns a new polygon in whole pixels.
 */
export function movePolygonTo(polygon: PixelPolygon, to: PixelPoint, size: ImageSize): Array<[number, number]> {
  const centre = polygonCentre(polygon);
  const xs = polygon.map(([x]) => x);
  const ys = polygon.map(([, y]) => y);
  const dx = Math.min(Math.max(to.x - centre.x, -Math.min(...xs)), size.width - Math.max(...xs));
  const dy = Math.min(Math.max(to.y - centre.y, -Math.min(...ys)), size.height - Math.max(...ys));
  return polygon.map(([x, y]): [number, number] => [x + dx, y + dy]);
}
