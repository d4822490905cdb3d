import type { Dispatch } from 'react';
import Card from 'react-bootstrap/Card';
import type { MapArea, MapPoint, WorldMap } from '@loreforge/contract';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { MapCanvas } from './MapCanvas';
import { MapImageUpload } from './MapImageUpload';
import type { PixelPoint } from './map-coordinates';
import type { MapScreenAction, MapScreenState } from './map-screen-state';
import type { MapImageState } from './useMapImage';

/** Props of {@link MapStage}. */
export interface MapStageProps {
  worldId: string;
  map: WorldMap;
  image: MapImageState;
  canManage: boolean;
  points: MapPoint[];
  areas: MapArea[];
  state: MapScreenState;
  /** The area being reshaped while viewing, or null. */
  reshaping: MapArea | null;
  dispatch: Dispatch<MapScreenAction>;
  onPointMove: (point: MapPoint, position: PixelPoint) => void;
  onAreaReshape: (area: MapArea, polygon: Array<[number, number]>) => void;
}

/**
 * The map itself (SPEC §2 Maps): an upload prompt while the map has no image (the upload for editors only),
 * the image's loading or failure, else the Leaflet canvas with the points and areas. Clicks, selections and
 * area picks go to the map screen's reducer; only editors may open an area's form from the map.
 */
export function MapStage({
  worldId,
  map,
  image,
  canManage,
  points,
  areas,
  state,
  reshaping,
  dispatch,
  onPointMove,
  onAreaReshape,
}: MapStageProps) {
  if (!map.image) {
    return (
      <Card className="lf-card h-100">
        <Card.Body className="p-4 text-center d-flex flex-column justify-content-center gap-3" style={{ minHeight: 360 }}>
          <div>
            <h2 className="h5">This map has no image yet</h2>
            {canManage && (
              <p className="text-body-secondary mb-0">Upload a PNG, JPEG or WebP image (up to 10 MB) to place points and areas on it.</p>
            )}
          </div>
          {canManage && (
            <div className="mx-auto text-start" style={{ maxWidth: 420 }}>
              <MapImageUpload worldId={worldId} mapId={map.mapId} label="Upload map image" />
            </div>
          )}
        </Card.Body>
      </Card>
    );
  }
  if (image.status === 'loading' || image.status === 'none') return <LoadingSpinner label="Loading map image..." />;
  if (image.status === 'error') return <ErrorAlert message={image.message} />;
  return (
    <MapCanvas
      label={`Map of ${map.name}`}
      imageUrl={image.url}
      size={image.size}
      points={points}
      areas={areas}
      mode={state.mode}
      draft={state.draft}
      resetKey={state.resetKey}
      onMapClick={(position) => dispatch({ type: 'map-clicked', position })}
      onPointMove={onPointMove}
      onPointSelect={(point) => dispatch({ type: 'select-point', pointId: point.pointId })}
      onAreaSelect={(area) => {
        if (canManage) dispatch({ type: 'open-area', area });
      }}
      readOnly={!canManage}
      reshaping={reshaping}
      onAreaReshape={onAreaReshape}
    />
  );
}
