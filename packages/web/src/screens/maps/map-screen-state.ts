/**
 * What the map screen is doing (SPEC §2 Maps; the real maps), as one reducer: the canvas mode (viewing,
 * placing a point, drawing an area's corners), the corners drawn so far, the one dialog open (a point or area
 * form, or a delete confirmation), the point selected, the area being reshaped and the last failed action.
 */
import type { MapArea, MapPoint } from '@loreforge/contract';
import type { MapMode } from './MapCanvas';
import type { PixelPoint } from './map-coordinates';

/** The dialog open over the map: at most one at a time. */
export type MapDialog =
  | { kind: 'point'; point: MapPoint | null; position: PixelPoint | null }
  | { kind: 'area'; area: MapArea | null; drawn: Array<[number, number]> }
  | { kind: 'delete'; target: { kind: 'point'; point: MapPoint } | { kind: 'area'; area: MapArea } | { kind: 'image' } };

/** The state of the map screen. */
export interface MapScreenState {
  mode: MapMode;
  /** Corners placed so far while drawing an area, in image pixels. */
  draft: PixelPoint[];
  dialog: MapDialog | null;
  /** A failed drag or reshape, shown above the map until dismissed or the next action. */
  actionError: string | null;
  /** Bumped after a failed drag or reshape, so the canvas puts the feature back where the server has it. */
  resetKey: number;
  selectedPointId: string | null;
  reshapingId: string | null;
}

/** Everything that changes the map screen's state. */
export type MapScreenAction =
  | { type: 'toggle-add-point' }
  | { type: 'toggle-draw-area' }
  | { type: 'cancel-mode' }
  | { type: 'map-clicked'; position: PixelPoint }
  | { type: 'undo-corner' }
  | { type: 'finish-area' }
  | { type: 'open-point'; point: MapPoint | null }
  | { type: 'open-area'; area: MapArea | null }
  | { type: 'ask-delete'; target: Extract<MapDialog, { kind: 'delete' }>['target'] }
  | { type: 'close-dialog' }
  | { type: 'select-point'; pointId: string }
  | { type: 'toggle-reshape'; areaId: string }
  | { type: 'stop-reshape' }
  | { type: 'action-started' }
  | { type: 'action-failed'; message: string }
  | { type: 'dismiss-error' };

/** The state a map screen opens in: viewing, nothing open, nothing selected. */
export const initialMapScreenState: MapScreenState = {
  mode: 'view',
  draft: [],
  dialog: null,
  actionError: null,
  resetKey: 0,
  selectedPointId: null,
  reshapingId: null,
};

/** Fewest corners an area may have. */
export const MIN_AREA_CORNERS = 3;

/**
 * The map screen's reducer: pure, so every transition is unit-tested.
 * @param state the current state; @param action what happened.
 * @returns the next state (the same object when the action changes nothing, e.g. finishing an area with too few corners).
 */
export function mapScreenReducer(state: MapScreenState, action: MapScreenAction): MapScreenState {
  switch (action.type) {
    case 'toggle-add-point':
      return { ...state, draft: [], mode: state.mode === 'add-point' ? 'view' : 'add-point' };
    case 'toggle-draw-area':
      return { ...state, draft: [], mode: state.mode === 'draw-area' ? 'view' : 'draw-area' };
    case 'cancel-mode':
      return { ...state, draft: [], mode: 'view' };
    case 'map-clicked':
      if (state.mode === 'add-point') return { ...state, mode: 'view', dialog: { kind: 'point', point: null, position: action.position } };
      if (state.mode === 'draw-area') return { ...state, draft: [...state.draft, action.position] };
      return state;
    case 'undo-corner':
      return { ...state, draft: state.draft.slice(0, -1) };
    case 'finish-area':
      if (state.mode !== 'draw-area' || state.draft.length < MIN_AREA_CORNERS) return state;
      return {
        ...state,
        mode: 'view',
        draft: [],
        dialog: { kind: 'area', area: null, drawn: state.draft.map((p): [number, number] => [p.x, p.y]) },
      };
    case 'open-point':
      return { ...state, dialog: { kind: 'point', point: action.point, position: null } };
    case 'open-area':
      return { ...state, dialog: { kind: 'area', area: action.area, drawn: [] } };
    case 'ask-delete':
      return { ...state, dialog: { kind: 'delete', target: action.target } };
    case 'close-dialog':
      return { ...state, dialog: null };
    case 'select-point':
      return { ...state, selectedPointId: action.pointId };
    case 'toggle-reshape':
      return { ...state, reshapingId: state.reshapingId === action.areaId ? null : action.areaId };
    case 'stop-reshape':
      return { ...state, reshapingId: null };
    case 'action-started':
      return { ...state, actionError: null };
    case 'action-failed':
      return { ...state, actionError: action.message, resetKey: state.resetKey + 1 };
    case 'dismiss-error':
      return { ...state, actionError: null };
  }
}
