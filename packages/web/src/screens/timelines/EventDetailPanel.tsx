import { memo } from 'react';
import type { Event } from '@loreforge/contract';
import { AccessDetails } from '../../components/access/AccessDetails';
import { ConnectionsPanel } from '../../components/connections/ConnectionsPanel';
import { MentionedIn } from '../../components/rich-text/MentionedIn';
import { RichText } from '../../components/rich-text/RichText';
import { TagEditor } from '../../components/tags/TagEditor';
import { Moment } from '../../components/Moment';

/** Props of {@link EventDetailPanel}. */
export interface EventDetailPanelProps {
  worldId: string;
  /** The event chosen on the timeline. */
  event: Event;
}

/**
 * The chosen event of a timeline in full (events have no page of their own; issue "Linked lore"): its date, its
 * whole description as rich text, its tags, its sharing details and "Mentioned in", the entities whose text
 * mentions it as the reader may see them (GET …/events/{eventId}/backlinks). Memoised: the timeline screen
 * re-renders as pages of events arrive.
 */
export const EventDetailPanel = memo(function EventDetailPanel({ worldId, event }: EventDetailPanelProps) {
  const headingId = `event-detail-${event.eventId}`;
  return (
    <section className="lf-panel mb-3" aria-labelledby={headingId}>
      <h2 id={headingId} className="h5 mb-1">
        {event.name}
      </h2>
      <Moment dateTime={event.dateTime} formatted={event.formattedDate} className="d-block small text-body-secondary mb-2" />
      <RichText
        worldId={worldId}
        html={event.descriptionHtml}
        empty={<p className="mb-2">{event.description?.trim() ? event.description : 'No description.'}</p>}
      />
      <div className="my-2">
        <TagEditor worldId={worldId} type="event" id={event.eventId} />
      </div>
      <AccessDetails worldId={worldId} entity={event} />
      <ConnectionsPanel worldId={worldId} here={{ type: 'event', id: event.eventId }} hereName={event.name} headingLevel={3} />
      <div className="mt-3">
        <MentionedIn worldId={worldId} type="event" id={event.eventId} headingLevel={3} />
      </div>
    </section>
  );
});
