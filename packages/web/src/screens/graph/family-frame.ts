/**
 * Sizes the family tree's frame to its drawing. A frame of fixed height left a one-row family as a thin strip of
 * unreadable boxes in the middle of a tall empty frame on a phone; here the frame is as tall as the drawing needs at
 * a zoom where names can be read, and a drawing wider or taller than that is panned rather than shrunk.
 */
import { NODE_HEIGHT, NODE_WIDTH, type FamilyPosition } from './family-layout';

/** Space kept between the drawing and the frame's edges, in CSS pixels. */
export const FRAME_PADDING = 24;
/** The smallest zoom the first view uses: boxes of 96 px and names at about 10 px. */
export const READABLE_ZOOM = 0.8;
/** The largest zoom the first view uses, so that a small family is not blown up. */
export const LARGEST_ZOOM = 1.25;
/** The frame's least height in CSS pixels, so that one row still leaves room to pan and tap. */
export const LEAST_FRAME_HEIGHT = 160;

/** The drawing's extent at zoom 1, in pixels. */
export interface DrawingSize {
  width: number;
  height: number;
}

/** How the tree is first shown: the frame's height (CSS px), the zoom, and whether the whole drawing is in view. */
export interface FamilyFrame {
  height: number;
  zoom: number;
  /** False when the drawing is wider or taller than the frame at `zoom`: the reader pans to see the rest. */
  whole: boolean;
}

/**
 * Measures the drawing the positions make, boxes included.
 * @param positions members' box centres, as layoutFamily returns them.
 * @returns width and height in pixels at zoom 1; 0 × 0 for no members.
 */
export function drawingSize(positions: Iterable<FamilyPosition>): DrawingSize {
  let [left, right, top, bottom] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const { x, y } of positions) {
    left = Math.min(left, x - NODE_WIDTH / 2);
    right = Math.max(right, x + NODE_WIDTH / 2);
    top = Math.min(top, y - NODE_HEIGHT / 2);
    bottom = Math.max(bottom, y + NODE_HEIGHT / 2);
  }
  return right < left ? { width: 0, height: 0 } : { width: right - left, height: bottom - top };
}

/**
 * Chooses the frame's height and first zoom for a drawing: the zoom that fits the drawing in the frame's width and
 * in `tallest`, between READABLE_ZOOM and LARGEST_ZOOM; the height the drawing then needs, between
 * LEAST_FRAME_HEIGHT and `tallest`.
 * @param drawing the drawing's size at zoom 1 (drawingSize).
 * @param frameWidth the frame's width in CSS px (> 0).
 * @param tallest the most height the frame may take in CSS px (a share of the screen's height).
 * @returns the frame; `whole` is false when the reader has to pan to see every member.
 */
export function familyFrame(drawing: DrawingSize, frameWidth: number, tallest: number): FamilyFrame {
  const inner = (length: number) => Math.max(length - 2 * FRAME_PADDING, 1);
  const fit = Math.min(inner(frameWidth) / Math.max(drawing.width, 1), inner(tallest) / Math.max(drawing.height, 1));
  const zoom = Math.max(READABLE_ZOOM, Math.min(LARGEST_ZOOM, fit));
  const height = Math.min(tallest, Math.max(LEAST_FRAME_HEIGHT, drawing.height * zoom + 2 * FRAME_PADDING));
  const whole = drawing.width * zoom <= inner(frameWidth) + 0.5 && drawing.height * zoom <= inner(height) + 0.5;
  return { height: Math.round(height), zoom, whole };
}
