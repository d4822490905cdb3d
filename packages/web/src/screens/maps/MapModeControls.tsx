import type { Dispatch } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import type { MapArea } from '@loreforge/contract';
import type { MapMode } from './MapCanvas';
import { MIN_AREA_CORNERS, type MapScreenAction } from './map-screen-state';

/**
 * The "Place point on map" and "Draw area" toggles of the map screen (editors only, once the image is shown).
 * @param props the current mode and the map screen's dispatch.
 */
export function MapModeButtons({ mode, dispatch }: { mode: MapMode; dispatch: Dispatch<MapScreenAction> }) {
  return (
    <>
      <Button
        variant={mode === 'add-point' ? 'primary' : 'outline-primary'}
        aria-pressed={mode === 'add-point'}
        onClick={() => dispatch({ type: 'toggle-add-point' })}
      >
        Place point on map
      </Button>
      <Button
        variant={mode === 'draw-area' ? 'primary' : 'outline-primary'}
        aria-pressed={mode === 'draw-area'}
        onClick={() => dispatch({ type: 'toggle-draw-area' })}
      >
        Draw area
      </Button>
    </>
  );
}

/** Props of {@link MapModeBanner}. */
export interface MapModeBannerProps {
  mode: MapMode;
  /** Corners placed so far while drawing an area. */
  draftCorners: number;
  /** The area being reshaped, or null. */
  reshaping: MapArea | null;
  dispatch: Dispatch<MapScreenAction>;
}

/**
 * What the map is waiting for, above the map: reshaping an area (with Done), placing a point (with Cancel) or
 * drawing an area's corners (a live count, Finish once there are three, Undo last and Cancel). Nothing while viewing.
 */
export function MapModeBanner({ mode, draftCorners, reshaping, dispatch }: MapModeBannerProps) {
  return (
    <>
      {reshaping && (
        <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto">
            Reshaping <strong>{reshaping.name}</strong>: drag a corner to move it, or the centre handle to move the whole area.
          </span>
          <Button size="sm" onClick={() => dispatch({ type: 'stop-reshape' })}>
            Done
          </Button>
        </Alert>
      )}
      {mode === 'add-point' && (
        <Alert variant="info">
          Click the map where the new point belongs.{' '}
          <Button size="sm" variant="link" onClick={() => dispatch({ type: 'cancel-mode' })}>
            Cancel
          </Button>
        </Alert>
      )}
      {mode === 'draw-area' && (
        <Alert variant="info" className="d-flex flex-wrap align-items-center gap-2">
          <span className="me-auto" aria-live="polite">
            Click the map to place the area's corners: {draftCorners} placed
            {draftCorners < MIN_AREA_CORNERS ? ` (at least ${MIN_AREA_CORNERS} needed)` : ''}.
          </span>
          <Button size="sm" onClick={() => dispatch({ type: 'finish-area' })} disabled={draftCorners < MIN_AREA_CORNERS}>
            Finish area
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => dispatch({ type: 'undo-corner' })} disabled={draftCorners === 0}>
            Undo last
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => dispatch({ type: 'cancel-mode' })}>
            Cancel
          </Button>
        </Alert>
      )}
    </>
  );
}
