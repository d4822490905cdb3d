import { useId, useState, type ReactNode } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { Timeline } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { timelineLabel, useTimelineLookup } from '../../api/timelines';
import { Moment } from '../Moment';
import { ErrorAlert } from '../ErrorAlert';
import { LoadingSpinner } from '../LoadingSpinner';

/** Props of {@link AsOfNowPanel}. */
export interface AsOfNowPanelProps {
  worldId: string;
  /** What the panel is about, for its label: 'Dorothy'. */
  subject: string;
  /** The content at the chosen timeline's now. */
  children: (timeline: Timeline) => ReactNode;
}

/**
 * A labelled side panel with an entity's state at a timeline's "now" (docs/timeline-engine.md), shown beside the
 * stored record, which is the state at the start of every timeline. The timeline is chosen in a select (the first
 * root timeline by default); the heading says 'As of {now} on {timeline}'. A world without timelines says so.
 */
export function AsOfNowPanel({ worldId, subject, children }: AsOfNowPanelProps) {
  const id = useId();
  const timelines = useTimelineLookup(worldId);
  const [chosen, setChosen] = useState('');
  const list = timelines.data?.data ?? [];
  const timeline = list.find((t) => t.timelineId === chosen) ?? list.find((t) => !t.parentTimelineId) ?? list[0];

  let body: ReactNode;
  if (timelines.isPending) body = <LoadingSpinner label="Loading timelines..." />;
  else if (timelines.isError) {
    body = <ErrorAlert message={handleError(timelines.error, 'Failed to fetch timeline data.')} onRetry={() => void timelines.refetch()} />;
  } else if (!timeline)
    body = <p className="small text-body-secondary mb-0">This world has no timeline yet: the stored record is all there is.</p>;
  else {
    body = (
      <>
        <Form.Group className="mb-2">
          <Form.Label htmlFor={`${id}-timeline`} className="small mb-0">
            Timeline
          </Form.Label>
          <Form.Select id={`${id}-timeline`} size="sm" value={timeline.timelineId} onChange={(e) => setChosen(e.target.value)}>
            {list.map((t) => (
              <option key={t.timelineId} value={t.timelineId}>
                {timelineLabel(t)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <p className="small mb-2">
          <strong>
            As of <Moment dateTime={timeline.currentDateTime} formatted={timeline.currentDateFormatted} />
          </strong>{' '}
          on {timelineLabel(timeline)}: the timeline&apos;s now, with its events up to then applied.
        </p>
        {children(timeline)}
      </>
    );
  }
  return (
    <Card className="lf-card border-info" as="section" aria-label={`${subject} as of the timeline's now`}>
      <Card.Body className="p-3">
        <h2 className="h6 text-uppercase text-body-secondary mb-2">On the timeline</h2>
        {body}
      </Card.Body>
    </Card>
  );
}
