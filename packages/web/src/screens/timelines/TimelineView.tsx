import { memo, useDeferredValue, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore, type CSSProperties } from 'react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import type { Event } from '@loreforge/contract';
import { TimelineEventCard } from './TimelineEventCard';
import { needsMoreEvents, TIMELINE_CARD_HEIGHT, TIMELINE_OVERSCAN, timelineRowPitch, timelineSide } from './timeline-layout';
import './timeline.css';

/** Props of {@link TimelineView}. */
export interface TimelineViewProps {
  worldId: string;
  /** The events loaded so far, in story order. */
  events: readonly Event[];
  /** How many events the timeline has in all (rows not yet loaded show a placeholder). */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpenBranch: (event: Event) => void;
  /** Page scroll offset to start at (returning to a timeline keeps its place); a function is read once, when the list is created. */
  initialOffset?: number | (() => number);
  onScrollOffset?: (offset: number) => void;
  /** The event whose state is shown (the reader's choice, else the timeline's now): its card is marked. */
  selectedEventId?: string | undefined;
  /**
   * The event the reader chose, if any (not the timeline's now): scrolled into view when the choice changes, e.g. on
   * the scrubber or from an issue. The now moves on as pages of events arrive and is never scrolled to.
   */
  chosenEventId?: string | undefined;
  /** Chooses an event (click or keyboard on its card's 'Show state'). */
  onSelect?: (event: Event) => void;
  /** Whether the cards offer Edit (editors and the owner); default true. */
  editable?: boolean;
}

const TWO_SIDED = '(min-width: 576px)';

/** The two-sided media query, or undefined where the browser engine has no matchMedia (jsdom, whatever the DOM types say). */
function twoSidedQuery(): MediaQueryList | undefined {
  return typeof window.matchMedia === 'function' ? window.matchMedia(TWO_SIDED) : undefined;
}

function subscribeTwoSided(onChange: () => void): () => void {
  const query = twoSidedQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/** Whether the viewport is wide enough for cards on both sides of the line (true where matchMedia is missing). */
function useTwoSided(): boolean {
  return useSyncExternalStore(
    subscribeTwoSided,
    () => twoSidedQuery()?.matches ?? true,
    () => true,
  );
}

/**
 * Whether the list is in a fling: scrolling, and moved more than a screen since its last render, so that no row now
 * in view was in view before. Its rows are then drawn as blank cards: a fast fling replaces every row in every frame,
 * and rendering each as a whole card inside the scroll event took longer than a frame. The cards come back when the
 * scroll slows to less than a screen a frame or stops (the virtualiser renders again when it stops), in a deferred
 * render that React splits into short tasks.
 * @param offset the page's scroll offset in px; @param scrolling whether the page is being scrolled.
 * @returns true while the cards should be blank.
 */
function useFling(offset: number, scrolling: boolean): boolean {
  // The offset of the render before, kept as state and adjusted while rendering (React's pattern for information
  // from previous renders), and whether the move from there to here was longer than a screen.
  const [last, setLast] = useState({ offset, jumped: false });
  let jumped = last.jumped;
  if (offset !== last.offset) {
    jumped = Math.abs(offset - last.offset) > window.innerHeight;
    setLast({ offset, jumped });
  }
  const flinging = scrolling && jumped;
  // Blank at once when a fling starts; whole again only in the deferred render after it ends.
  const deferred = useDeferredValue(flinging);
  return flinging || deferred;
}

/**
 * The events of one timeline alternating left and right of a central line (SPEC §2 "Timeline screen"). The list
 * scrolls with the page (no box of its own), each card starting half-way down the one before it on the other side.
 * Only the rows in view are rendered (fixed-height virtual rows), so 10,000 events scroll smoothly; more events are
 * fetched as the reader nears the end of those loaded.
 */
export const TimelineView = memo(function TimelineView(props: TimelineViewProps) {
  const {
    worldId,
    events,
    total,
    hasMore,
    loadingMore,
    onLoadMore,
    onOpenBranch,
    initialOffset,
    onScrollOffset,
    selectedEventId,
    chosenEventId,
    onSelect,
    editable,
  } = props;
  const listRef = useRef<HTMLOListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  const pitch = timelineRowPitch(useTwoSided());
  const count = Math.max(total, events.length);
  // Where the list starts on the page, measured again whenever the page's layout changes: what sits above the
  // list (issues, a comparison, the timeline's header) may change its height without this list rendering again.
  useLayoutEffect(() => {
    const measure = () => {
      const top = (listRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
      setScrollMargin((current) => (Math.abs(top - current) > 1 ? top : current));
    };
    measure();
    if (typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, []);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => pitch,
    overscan: TIMELINE_OVERSCAN,
    scrollMargin,
    ...(initialOffset !== undefined ? { initialOffset } : {}),
    onChange: (instance) => onScrollOffset?.(instance.scrollOffset ?? 0),
  });
  useEffect(() => virtualizer.measure(), [pitch, virtualizer]);
  const items = virtualizer.getVirtualItems();
  const flinging = useFling(virtualizer.scrollOffset ?? 0, virtualizer.isScrolling);
  const lastIndex = items.at(-1)?.index ?? -1;

  const chosenIndex = chosenEventId ? events.findIndex((e) => e.eventId === chosenEventId) : -1;
  // Only the reader's choices are scrolled to. The timeline's now is not: the page opens at its top, with the
  // timeline's name, and the scrubber and state panel already name that event; and while later pages arrive the
  // now moves on to their last event, which would throw a reader who is scrolling somewhere else (and lay the
  // page out in the middle of the scroll). A choice kept from before (back from a branch) is not scrolled to on
  // opening either: the list returns to the place the reader left.
  const opening = useRef(true);
  useEffect(() => {
    if (opening.current) {
      opening.current = false;
      return;
    }
    if (chosenIndex < 0) return;
    const visible = virtualizer.getVirtualItems();
    const first = visible[0]?.index ?? 0;
    const last = visible.at(-1)?.index ?? -1;
    // Overscan rows count as visible too; scroll only when the chosen row is well outside.
    if (chosenIndex <= first || chosenIndex >= last) virtualizer.scrollToIndex(chosenIndex, { align: 'center' });
  }, [chosenIndex, virtualizer]);

  useEffect(() => {
    if (hasMore && !loadingMore && needsMoreEvents(lastIndex, events.length)) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, events.length, onLoadMore]);

  // The last card reaches below its own slot by the rest of its height.
  const height = virtualizer.getTotalSize() + (count > 0 ? TIMELINE_CARD_HEIGHT - pitch : 0);
  const style = { height, '--lf-timeline-card-height': `${TIMELINE_CARD_HEIGHT}px` } as CSSProperties;
  return (
    <ol
      ref={listRef}
      className="lf-timeline-track"
      style={style}
      aria-label={`${count} ${count === 1 ? 'event' : 'events'} in story order`}
    >
      {items.map((item) => {
        const event = events[item.index];
        const side = timelineSide(item.index);
        const branch = Boolean(event?.isBranchingEvent && event.childTimelineId);
        return (
          <li
            key={item.key}
            className={`lf-timeline-row lf-timeline-row--${side}${branch ? ' lf-timeline-row--branch' : ''}`}
            data-side={side}
            aria-setsize={count}
            aria-posinset={item.index + 1}
            style={{ transform: `translateY(${item.start - scrollMargin}px)` }}
          >
            {event && !flinging ? (
              <TimelineEventCard
                event={event}
                worldId={worldId}
                onOpenBranch={onOpenBranch}
                selected={event.eventId === selectedEventId}
                onSelect={onSelect}
                editable={editable}
              />
            ) : (
              <div className="lf-timeline-card lf-timeline-placeholder" aria-label={event ? event.name : 'Loading event'} />
            )}
          </li>
        );
      })}
    </ol>
  );
});
