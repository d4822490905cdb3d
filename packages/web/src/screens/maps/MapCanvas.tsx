import { useMemo } from 'react';
import L from 'leaflet';
import { CircleMarker, ImageOverlay, MapContainer, Marker, Polygon, Polyline, Tooltip, useMapEvents } from 'react-leaflet';
import type { MapArea, MapPoint } from '@loreforge/contract';
import {
  imageBounds,
  latLngToPixel,
  movePolygonTo,
  moveVertex,
  pixelToLatLng,
  polygonCentre,
  type ImageSize,
  type PixelPoint,
} from './map-coordinates';
import 'leaflet/dist/leaflet.css';
import './map.css';

/** What a click on the map does. */
export type MapMode = 'view' | 'add-point' | 'draw-area';

/** Props of {@link MapCanvas}. */
export interface MapCanvasProps {
  /** Accessible name of the map region, e.g. the map's name. */
  label: string;
  imageUrl: string;
  size: ImageSize;
  points: readonly MapPoint[];
  areas: readonly MapArea[];
  mode: MapMode;
  /** Vertices of the area being drawn, in pixels. */
  draft: readonly PixelPoint[];
  /** Changes whenever markers must return to their stored places (after a failed move). */
  resetKey: number;
  onMapClick: (position: PixelPoint) => void;
  onPointMove: (point: MapPoint, position: PixelPoint) => void;
  onPointSelect: (point: MapPoint) => void;
  onAreaSelect: (area: MapArea) => void;
  /** The area whose corners and centre show drag handles, or null. */
  reshaping?: MapArea | null;
  /** A handle of the reshaped area was dropped: its new vertices in pixels. */
  onAreaReshape?: (area: MapArea, polygon: Array<[number, number]>) => void;
  /** Pins cannot be dragged (a player or viewer, issue 11); default false. */
  readOnly?: boolean;
}

// A CSS pin instead of Leaflet's default marker images, whose paths a bundler does not resolve.
const pinIcon = L.divIcon({
  className: 'lf-map-pin',
  html: '<span></span>',
  iconSize: [24, 24],
  iconAnchor: [12, 30],
  tooltipAnchor: [0, -28],
});

const vertexIcon = L.divIcon({ className: 'lf-map-vertex', html: '<span></span>', iconSize: [16, 16], iconAnchor: [8, 8] });
const moveIcon = L.divIcon({ className: 'lf-map-move', html: '<span>✥</span>', iconSize: [28, 28], iconAnchor: [14, 14] });

/** Where a dragged Leaflet marker was dropped, in image pixels. */
const droppedAt = (event: L.LeafletEvent, size: ImageSize): PixelPoint => {
  const { lat, lng } = (event.target as L.Marker).getLatLng();
  return latLngToPixel(lat, lng, size);
};

/**
 * Drag handles of an area being reshaped: one per corner (moves that corner) and one at its centre (moves the
 * whole area, kept inside the image). Each drop reports the new polygon.
 */
function ReshapeHandles({
  area,
  size,
  onReshape,
}: {
  area: MapArea;
  size: ImageSize;
  onReshape: (polygon: Array<[number, number]>) => void;
}) {
  const centre = polygonCentre(area.polygon);
  return (
    <>
      {area.polygon.map(([x, y], index) => (
        <Marker
          key={`${area.updatedAt}-${index}`}
          position={pixelToLatLng({ x, y }, size)}
          icon={vertexIcon}
          draggable
          keyboard={false}
          title={`Corner ${index + 1} of ${area.name}`}
          eventHandlers={{ dragend: (e) => onReshape(moveVertex(area.polygon, index, droppedAt(e, size))) }}
        />
      ))}
      <Marker
        key={`${area.updatedAt}-centre`}
        position={pixelToLatLng(centre, size)}
        icon={moveIcon}
        draggable
        keyboard={false}
        title={`Move ${area.name}`}
        eventHandlers={{ dragend: (e) => onReshape(movePolygonTo(area.polygon, droppedAt(e, size), size)) }}
      />
    </>
  );
}

function ClickCapture({ size, onMapClick }: { size: ImageSize; onMapClick: (position: PixelPoint) => void }) {
  useMapEvents({ click: (e) => onMapClick(latLngToPixel(e.latlng.lat, e.latlng.lng, size)) });
  return null;
}

/**
 * The map image in Leaflet with CRS.Simple, so map units are image pixels (issue: maps are real maps). Points
 * are draggable pins (a drag ends in onPointMove with the new pixel position), areas coloured polygons, and a
 * click adds a point or an area vertex depending on `mode`. The area being reshaped shows drag handles on its
 * corners and centre (onAreaReshape). The canvas takes the image's aspect ratio, within 240 px and 70% of the
 * screen's height.
 */
export function MapCanvas(props: MapCanvasProps) {
  const {
    label,
    imageUrl,
    size,
    points,
    areas,
    mode,
    draft,
    resetKey,
    onMapClick,
    onPointMove,
    onPointSelect,
    onAreaSelect,
    reshaping,
    onAreaReshape,
    readOnly = false,
  } = props;
  const bounds = useMemo(() => imageBounds(size), [size]);
  const padded = useMemo(() => L.latLngBounds(bounds).pad(0.25), [bounds]);
  const draftPositions = draft.map((p) => pixelToLatLng(p, size));
  const placing = mode !== 'view';

  return (
    <div
      className={`lf-map-canvas${placing ? ' is-placing' : ''}`}
      style={{ aspectRatio: `${size.width} / ${size.height}` }}
      role="region"
      aria-label={label}
    >
      <MapContainer
        key={imageUrl}
        crs={L.CRS.Simple}
        bounds={bounds}
        maxBounds={padded}
        minZoom={-5}
        maxZoom={4}
        zoomSnap={0.25}
        attributionControl={false}
      >
        <ImageOverlay url={imageUrl} bounds={bounds} />
        <ClickCapture size={size} onMapClick={onMapClick} />
        {areas.map((area) => (
          <Polygon
            key={`${area.areaId}-${area.updatedAt}`}
            positions={area.polygon.map(([x, y]) => pixelToLatLng({ x, y }, size))}
            pathOptions={{ color: area.color, fillColor: area.color, fillOpacity: 0.3, weight: 2 }}
            eventHandlers={{
              click: (e) => {
                if (!placing) {
                  L.DomEvent.stopPropagation(e);
                  onAreaSelect(area);
                }
              },
            }}
          >
            <Tooltip sticky>{area.name}</Tooltip>
          </Polygon>
        ))}
        {points.map((point) => (
          <Marker
            key={`${point.pointId}-${point.updatedAt}-${resetKey}`}
            position={pixelToLatLng(point, size)}
            icon={pinIcon}
            draggable={!placing && !readOnly}
            keyboard
            title={point.name}
            alt={point.name}
            eventHandlers={{
              dragend: (e) => {
                const target: L.Marker = e.target as L.Marker;
                const { lat, lng } = target.getLatLng();
                onPointMove(point, latLngToPixel(lat, lng, size));
              },
              click: () => {
                if (!placing) onPointSelect(point);
              },
              keypress: (e) => {
                if (e.originalEvent.key === 'Enter') onPointSelect(point);
              },
            }}
          >
            <Tooltip direction="top">{point.name}</Tooltip>
          </Marker>
        ))}
        {reshaping && onAreaReshape && (
          <ReshapeHandles key={resetKey} area={reshaping} size={size} onReshape={(polygon) => onAreaReshape(reshaping, polygon)} />
        )}
        {draftPositions.length > 1 && <Polyline positions={draftPositions} pathOptions={{ color: '#ffbf47', dashArray: '6 6' }} />}
        {draftPositions.map((position, index) => (
          <CircleMarker key={index} center={position} radius={5} pathOptions={{ color: '#ffbf47', fillOpacity: 1 }} />
        ))}
      </MapContainer>
    </div>
  );
}
