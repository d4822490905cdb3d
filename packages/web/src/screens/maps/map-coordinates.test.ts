import { describe, expect, it } from 'vitest';
import { imageBounds, latLngToPixel, pixelToLatLng } from './map-coordinates';

const size = { width: 2000, height: 1000 };

describe('map pixel ↔ Leaflet coordinates (CRS.Simple over the image)', () => {
  it('puts the top-left pixel at the top of the image (lat = height) and the bottom-left at lat 0', () => {
    expect(pixelToLatLng({ x: 0, y: 0 }, size)).toEqual([1000, 0]);
    expect(pixelToLatLng({ x: 0, y: 1000 }, size)).toEqual([0, 0]);
    expect(pixelToLatLng({ x: 300, y: 250 }, size)).toEqual([750, 300]);
  });

  it('reads a click back to the same pixel, rounded', () => {
    expect(latLngToPixel(750, 300, size)).toEqual({ x: 300, y: 250 });
    expect(latLngToPixel(749.6, 300.4, size)).toEqual({ x: 300, y: 250 });
  });

  it('keeps a click or drag past the edge on the image', () => {
    expect(latLngToPixel(1200, -40, size)).toEqual({ x: 0, y: 0 });
    expect(latLngToPixel(-10, 2500, size)).toEqual({ x: 2000, y: 1000 });
  });

  it('spans the image bounds from [0, 0] to [height, width]', () => {
    expect(imageBounds(size)).toEqual([[0, 0], [1000, 2000]]);
  });
});
