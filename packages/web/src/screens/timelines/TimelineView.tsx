import { memo, useEffect, useRef } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { Event } from '@loreforge/contract';
import { TimelineEventCard } from './TimelineEventCard';
import { needsMoreEvents, TIMELINE_OVERSCAN, TIMELINE_ROW_HEIGHT, timelineSide } from './timeline-layout';
import './timeline.css';

/** Props of {@link TimelineView}. */
export interface TimelineViewProps {
  worldId: string;
  /** A label for the scrolling region, e.g. the timeline's name. */
  label: string;
  /** The events loaded so far, in story order. */
  events: readonly Event[];
  /** How many events the timeline has in all (rows not yet loaded show a placeholder). */
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore(): void;
  onOpenBranch(event: Event): void;
  /** Scroll offset to start at (returning to a timeline keeps its place). */
  initialOffset?: number;
  onScrollOffset?(offset: number): void;
  /** The event whose state is shown: its card is marked, and scrolled into view when chosen elsewhere. */
  selectedEventId?: string;
  /** Chooses an event (click or keyboard on its card's 'Show state'). */
  onSelect?(event: Event): void;
}

/**
 * The events of one timeline alternating left and right of a central line (SPEC §2 "Timeline screen").
 * Only the rows in view are rendered (fixed-height virtual rows), so 10,000 events scroll smoothly; more
 * events are fetched as the reader nears the end of those loaded.
 */
export const TimelineView = memo(function TimelineView(props: TimelineViewProps) {
  const { worldId, label, events, total, hasMore, loadingMore, onLoadMore, onOpenBranch, initialOffset, onScrollOffset, selectedEventId, onSelect } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = Math.max(total, events.length);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => TIMELINE_ROW_HEIGHT,
    overscan: TIMELINE_OVERSCAN,
    initialOffset,
    onChange: (instance) => onScrollOffset?.(instance.scrollOffset ?? 0),
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;

  const selectedIndex = selectedEventId ? events.findIndex((e) => e.eventId === selectedEventId) : -1;
  useEffect(() => {
    if (selectedIndex < 0) return;
    const visible = virtualizer.getVirtualItems();
    const first = visible[0]?.index ?? 0;
    const last = visible.at(-1)?.index ?? -1;
    // Overscan rows count as visible too; scroll only when the chosen row is well outside.
    if (selectedIndex <= first || selectedIndex >= last) virtualizer.scrollToIndex(selectedIndex, { align: 'center' });
  }, [selectedIndex, virtualizer]);

  useEffect(() => {
    if (hasMore && !loadingMore && needsMoreEvents(lastIndex, events.length)) onLoadMore();
  }, [hasMore, loadingMore, lastIndex, events.length, onLoadMore]);

  return (
    <div ref={scrollRef} className="lf-timeline-scroll" tabIndex={0} role="region" aria-label={`Events of ${label}`}>
      <ol className="lf-timeline-track" style={{ height: virtualizer.getTotalSize() }} aria-label={`${count} events in story order`}>
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
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              {event ? (
                <TimelineEventCard
                  event={event}
                  worldId={worldId}
                  onOpenBranch={onOpenBranch}
                  selected={event.eventId === selectedEventId}
                  onSelect={onSelect}
                />
              ) : (
                <div className="lf-timeline-card lf-timeline-placeholder" aria-label="Loading event" />
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
});
