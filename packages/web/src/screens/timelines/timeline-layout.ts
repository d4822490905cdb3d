/** Layout rules of the visual timeline (SPEC §2 "Timeline screen"), kept pure so they are tested directly. */

/**
 * Height of one event card's slot in pixels; fixed, so 10,000 rows can be virtualised without measuring. Tall enough
 * for a title on two lines and a card whose buttons ('Show state', 'Open branch', 'Edit') wrap onto a second line.
 */
export const TIMELINE_CARD_HEIGHT = 212;

/**
 * Distance in pixels from one event to the next. Side by side, cards alternate left and right of the line, so each
 * may start half-way down the one before it (twice as many events in view); in one column (phones) they cannot.
 * @param twoSided whether the cards alternate sides (viewport at least 576 px wide).
 */
export function timelineRowPitch(twoSided: boolean): number {
  return twoSided ? TIMELINE_CARD_HEIGHT / 2 : TIMELINE_CARD_HEIGHT;
}

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
