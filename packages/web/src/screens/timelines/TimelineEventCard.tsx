import { memo } from 'react';
import { Link } from 'react-router';
import { LIMITS, type Event } from '@loreforge/contract';
import { truncate } from '../../lib/format';
import { Moment } from '../../components/Moment';

/** Props of {@link TimelineEventCard}. */
export interface TimelineEventCardProps {
  event: Event;
  worldId: string;
  /** Opens the event's child timeline; the button shows only for a branching event with one. */
  onOpenBranch: (event: Event) => void;
  /** Whether the state panel shows this event. */
  selected?: boolean;
  /** Shows the world's state just after this event; the 'Show state' button appears when given. */
  onSelect?: ((event: Event) => void) | undefined;
  /** Whether the reader may edit events (editors and the owner, issue 11); default true. */
  editable?: boolean | undefined;
}

/**
 * One event on the visual timeline (SPEC §2, §9): its date, name (cut at 50) and description (cut at 50), an
 * edit link (for editors), 'Show state' (the world just after it) and, for a branching event with a child timeline, 'Open branch'.
 * Plain elements with Bootstrap's classes rather than React Bootstrap components: a fling through 10,000 events
 * mounts a few rows per frame, and each component layer costs there.
 */
export const TimelineEventCard = memo(function TimelineEventCard({
  event,
  worldId,
  onOpenBranch,
  selected,
  onSelect,
  editable = true,
}: TimelineEventCardProps) {
  const branch = event.isBranchingEvent && event.childTimelineId;
  return (
    <div className={`card lf-timeline-card${selected ? ' lf-timeline-card--selected' : ''}`} aria-current={selected ? 'true' : undefined}>
      <div className="card-body py-2 px-3">
        <Moment dateTime={event.dateTime} formatted={event.formattedDate} className="d-block small text-body-secondary" />
        {/* Two lines hold a name cut at 50 (SPEC §9); the full name is always one hover away. */}
        <h3 className="h6 mb-1 lf-timeline-title" title={event.name}>
          {truncate(event.name, LIMITS.truncateName)}
        </h3>
        <p
          className="small mb-2 text-body-secondary"
          title={(event.description?.length ?? 0) > LIMITS.truncateEventDescription ? (event.description ?? '') : undefined}
        >
          {truncate(event.description, LIMITS.truncateEventDescription) || 'No description.'}
        </p>
        <div className="d-flex flex-wrap gap-2">
          {onSelect && (
            <button
              type="button"
              className={`btn btn-sm ${selected ? 'btn-primary' : 'btn-outline-secondary'}`}
              onClick={() => onSelect(event)}
              aria-pressed={selected}
              aria-label={`Show state after ${event.name}`}
            >
              Show state
            </button>
          )}
          {branch && (
            <button
              type="button"
              className="btn btn-sm btn-warning"
              onClick={() => onOpenBranch(event)}
              aria-label={`Open branch at ${event.name}`}
            >
              Open branch
            </button>
          )}
          {editable && (
            <Link
              to={`/worlds/${worldId}/events/${event.eventId}/edit`}
              className="btn btn-sm btn-outline-primary"
              aria-label={`Edit event ${event.name}`}
            >
              Edit
            </Link>
          )}
        </div>
      </div>
    </div>
  );
});
