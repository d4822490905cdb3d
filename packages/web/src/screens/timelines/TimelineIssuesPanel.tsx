import { memo, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import type { EngineIssue } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { useTimelineIssues } from '../../api/timeline-engine';
import { ErrorAlert } from '../../components/ErrorAlert';
import { formatDateTime } from '../../lib/format';

/** Props of {@link TimelineIssuesPanel}. */
export interface TimelineIssuesPanelProps {
  worldId: string;
  timelineId: string;
  /** Chooses an issue's event on the timeline (shows its state and scrolls to it). */
  onGoToEvent: (eventId: string) => void;
}

/** Issues listed at first, and added per "Show more": a long-broken timeline must not freeze the page. */
const FIRST_ISSUES = 20;
const MORE_ISSUES = 50;

/**
 * The timeline's consistency issues (GET …/timelines/{t}/issues): each with its message, where in the event it
 * lies, and a button that goes to its event. Shows a quiet line when there are none.
 */
export const TimelineIssuesPanel = memo(function TimelineIssuesPanel({ worldId, timelineId, onGoToEvent }: TimelineIssuesPanelProps) {
  const issues = useTimelineIssues(worldId, timelineId);
  const [shown, setShown] = useState(FIRST_ISSUES);
  if (issues.isPending) return null;
  if (issues.isError)
    return (
      <ErrorAlert message={handleError(issues.error, 'Failed to check the timeline for issues.')} onRetry={() => void issues.refetch()} />
    );
  const list = issues.data.data;
  if (list.length === 0) {
    // On a surface of its own: the page behind is the sky, which no text colour suits at every hour.
    return (
      <p className="mb-3">
        <span className="badge text-bg-light fw-normal">No consistency issues on this timeline.</span>
      </p>
    );
  }
  return (
    <Alert variant="warning" className="mb-3" role="region" aria-label="Consistency issues">
      <h2 className="h6">
        {list.length} consistency {list.length === 1 ? 'issue' : 'issues'}
      </h2>
      <ul className="mb-0 ps-3 small lf-issue-list">
        {list.slice(0, shown).map((issue: EngineIssue, index) => (
          <li key={`${issue.eventId ?? 'none'}-${issue.location ?? ''}-${index}`} className="mb-1">
            <Badge bg="secondary" className="me-1">
              {issue.kind}
            </Badge>
            {issue.message}
            {issue.location && <code className="ms-1">{issue.location}</code>}
            {issue.eventId && (
              <Button variant="link" size="sm" className="p-0 ms-2 align-baseline" onClick={() => onGoToEvent(issue.eventId ?? '')}>
                Go to {issue.eventName ?? 'event'}
                {issue.dateTime ? ` (${formatDateTime(issue.dateTime)})` : ''}
              </Button>
            )}
          </li>
        ))}
      </ul>
      {list.length > shown && (
        <Button variant="outline-dark" size="sm" className="mt-2" onClick={() => setShown((n) => n + MORE_ISSUES)}>
          Show {Math.min(MORE_ISSUES, list.length - shown)} more ({list.length - shown} not shown)
        </Button>
      )}
    </Alert>
  );
});
