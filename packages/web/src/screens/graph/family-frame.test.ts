import { describe, expect, it } from 'vitest';
import { drawingSize, familyFrame, LEAST_FRAME_HEIGHT, READABLE_ZOOM } from './family-frame';

const row = (members: number, y = 18) => Array.from({ length: members }, (_, i) => ({ x: 60 + i * 150, y }));

describe('drawingSize', () => {
  it('spans the boxes, not only their centres', () => {
    expect(drawingSize(row(4))).toEqual({ width: 570, height: 36 });
    expect(drawingSize([...row(2), ...row(3, 128)])).toEqual({ width: 420, height: 146 });
    expect(drawingSize([])).toEqual({ width: 0, height: 0 });
  });
});

describe('familyFrame', () => {
  it('gives a one-row family on a phone a short frame at a readable zoom, panned rather than shrunk', () => {
    const frame = familyFrame(drawingSize(row(4)), 364, 506);
    expect(frame.zoom).toBe(READABLE_ZOOM);
    expect(frame.height).toBe(LEAST_FRAME_HEIGHT);
    expect(frame.whole).toBe(false);
  });

  it('shows the same family whole on a desktop, a little larger than drawn', () => {
    const frame = familyFrame(drawingSize(row(4)), 1200, 640);
    expect(frame.zoom).toBe(1.25);
    expect(frame.height).toBe(LEAST_FRAME_HEIGHT);
    expect(frame.whole).toBe(true);
  });

  it('grows the frame with the generations up to the height it may take, then pans', () => {
    const three = [...row(3), ...row(3, 128), ...row(3, 238)];
    const desktop = familyFrame(drawingSize(three), 1200, 640);
    expect(desktop).toMatchObject({ zoom: 1.25, whole: true });
    expect(desktop.height).toBe(Math.round(256 * 1.25 + 48));
    const tall = Array.from({ length: 8 }, (_, g) => row(2, 18 + g * 110)).flat();
    const phone = familyFrame(drawingSize(tall), 364, 506);
    expect(phone).toMatchObject({ height: 506, zoom: READABLE_ZOOM, whole: false });
  });
});
