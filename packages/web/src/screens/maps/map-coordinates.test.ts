import { describe, expect, it } from 'vitest';
import { imageBounds, latLngToPixel, movePolygonTo, moveVertex, pixelToLatLng, polygonCentre } from './map-coordinates';

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
    expect(imageBounds(size)).toEqual([
      [0, 0],
      [1000, 2000],
    ]);
  });
});

describe('reshaping an area', () => {
  const square: Array<[number, number]> = [
    [10, 10],
    [30, 10],
    [30, 30],
    [10, 30],
  ];
  const size = { width: 100, height: 50 };

  it('moves one vertex and leaves the others', () => {
    expect(moveVertex(square, 2, { x: 40, y: 45 })).toEqual([
      [10, 10],
      [30, 10],
      [40, 45],
      [10, 30],
    ]);
    expect(square[2]).toEqual([30, 30]);
  });

  it('moves the whole area so its centre lands where it was dropped', () => {
    expect(polygonCentre(square)).toEqual({ x: 20, y: 20 });
    expect(movePolygonTo(square, { x: 50, y: 25 }, size)).toEqual([
      [40, 15],
      [60, 15],
      [60, 35],
      [40, 35],
    ]);
  });

  it('stops at the edge of the image without changing the shape', () => {
    expect(movePolygonTo(square, { x: 99, y: 0 }, size)).toEqual([
      [80, 0],
      [100, 0],
      [100, 20],
      [80, 20],
    ]);
  });
});
