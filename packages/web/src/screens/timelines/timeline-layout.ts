/** Layout rules of the visual timeline (SPEC §2 "Timeline screen"), kept pure so they are tested directly. */

/**
 * Height of one event row in pixels; fixed, so 10,000 rows can be virtualised without measuring. Tall enough for
 * a card whose buttons ('Show state', 'Open branch', 'Edit') wrap onto a second line on a narrow column.
 */
export const TIMELINE_ROW_HEIGHT = 212;

/**
 * Rows rendered beyond the visible ones, above and below. Few: a fast fling replaces every rendered row each frame,
 * so each extra row is work in every frame, and the next page of events is fetched well ahead anyway.
 */
export const TIMELINE_OVERSCAN = 3;

/** Which side of the central line an event sits on: the first left, then alternating, in story order. */
export function timelineSide(index: number): 'left' | 'right' {
  return index % 2 === 0 ? 'left' : 'right';
}

/**
 * Whether more events should be fetched: the last rendered row is within a screenful of the loaded ones.
 * @param lastRenderedIndex index of the last row the virtualiser renders (-1 when none).
 * @param loaded how many events are loaded; @param margin rows of warning.
 */
export function needsMoreEvents(lastRenderedIndex: number, loaded: number, margin = 20): boolean {
  return lastRenderedIndex >= 0 && lastRenderedIndex >= loaded - margin;
}
