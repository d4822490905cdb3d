import { describe, expect, it } from 'vitest';
import type { MapArea, MapPoint } from '@loreforge/contract';
import { initialMapScreenState as start, mapScreenReducer as reduce, type MapScreenAction, type MapScreenState } from './map-screen-state';

const point = { pointId: 'p1', name: 'Harbour' } as MapPoint;
const area = { areaId: 'a1', name: 'Marsh' } as MapArea;
const run = (actions: MapScreenAction[], from: MapScreenState = start) => actions.reduce(reduce, from);

describe('map screen state (SPEC §2 Maps)', () => {
  it('opens the new point form where the map was clicked in add-point mode, and leaves that mode', () => {
    const state = run([{ type: 'toggle-add-point' }, { type: 'map-clicked', position: { x: 120, y: 45 } }]);
    expect(state.mode).toBe('view');
    expect(state.dialog).toEqual({ kind: 'point', point: null, position: { x: 120, y: 45 } });
  });

  it('ignores clicks on the map while only viewing it', () => {
    expect(run([{ type: 'map-clicked', position: { x: 1, y: 2 } }])).toBe(start);
  });

  it('collects corners while drawing, undoes the last, and opens the area form with them once there are three', () => {
    const clicks = [1, 2, 3, 4].map((n): MapScreenAction => ({ type: 'map-clicked', position: { x: n, y: n * 10 } }));
    const drawing = run([{ type: 'toggle-draw-area' }, ...clicks, { type: 'undo-corner' }]);
    expect(drawing.draft).toHaveLength(3);
    const finished = reduce(drawing, { type: 'finish-area' });
    expect(finished).toMatchObject({
      mode: 'view',
      draft: [],
      dialog: {
        kind: 'area',
        area: null,
        drawn: [
          [1, 10],
          [2, 20],
          [3, 30],
        ],
      },
    });
  });

  it('does not finish an area of fewer than three corners', () => {
    const drawing = run([
      { type: 'toggle-draw-area' },
      { type: 'map-clicked', position: { x: 1, y: 1 } },
      { type: 'map-clicked', position: { x: 2, y: 2 } },
    ]);
    expect(reduce(drawing, { type: 'finish-area' })).toBe(drawing);
  });

  it('drops the drawn corners when drawing is cancelled or the other mode is chosen', () => {
    const drawing = run([{ type: 'toggle-draw-area' }, { type: 'map-clicked', position: { x: 1, y: 1 } }]);
    expect(reduce(drawing, { type: 'toggle-draw-area' })).toMatchObject({ mode: 'view', draft: [] });
    expect(reduce(drawing, { type: 'cancel-mode' })).toMatchObject({ mode: 'view', draft: [] });
    expect(reduce(drawing, { type: 'toggle-add-point' })).toMatchObject({ mode: 'add-point', draft: [] });
  });

  it('keeps one dialog open at a time: edit forms and delete confirmations replace each other, and close', () => {
    const editing = run([{ type: 'open-point', point }]);
    expect(editing.dialog).toEqual({ kind: 'point', point, position: null });
    const deleting = reduce(editing, { type: 'ask-delete', target: { kind: 'area', area } });
    expect(deleting.dialog).toEqual({ kind: 'delete', target: { kind: 'area', area } });
    expect(reduce(deleting, { type: 'close-dialog' }).dialog).toBeNull();
  });

  it('shows a failed drag and puts the feature back, and clears the message on the next action', () => {
    const failed = run([{ type: 'action-failed', message: 'Could not save.' }]);
    expect(failed).toMatchObject({ actionError: 'Could not save.', resetKey: 1 });
    expect(reduce(failed, { type: 'action-started' }).actionError).toBeNull();
    expect(reduce(failed, { type: 'dismiss-error' }).actionError).toBeNull();
  });

  it('reshapes one area at a time; choosing it again or Done stops', () => {
    const reshaping = run([{ type: 'toggle-reshape', areaId: 'a1' }]);
    expect(reshaping.reshapingId).toBe('a1');
    expect(reduce(reshaping, { type: 'toggle-reshape', areaId: 'a2' }).reshapingId).toBe('a2');
    expect(reduce(reshaping, { type: 'toggle-reshape', areaId: 'a1' }).reshapingId).toBeNull();
    expect(reduce(reshaping, { type: 'stop-reshape' }).reshapingId).toBeNull();
  });
});
