import { useId } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import Form from 'react-bootstrap/Form';
import { LIMITS } from '@loreforge/contract';
import { handleError } from '../../api/client';
import { ALL_TIMELINES, eventListSource, useEventMutations } from '../../api/events';
import { selectLabel } from '../../api/lookup';
import { useTimelineLookup } from '../../api/timelines';
import { ErrorAlert } from '../../components/ErrorAlert';
import { GenericList } from '../../components/generic-list/GenericList';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { truncate } from '../../lib/format';
import { Moment } from '../../components/Moment';
import { LazyQuickCreateForm } from '../../components/quick-create/LazyQuickCreateForm';

/**
 * Tab /worlds/:worldId/events (SPEC §2, §5 Event: the list is filtered by timeline). A timeline select comes
 * first, defaulting to the first timeline, with 'All timelines' as an explicit choice; the choice is kept in
 * `?timelineId=`. Below it, the GenericList of that timeline's events with quick create (timeline required),
 * edit and delete. Event descriptions are cut at 50 characters (SPEC §9).
 */
export function EventsTab() {
  const { worldId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const selectId = useId();
  const timelines = useTimelineLookup(worldId);
  const { remove } = useEventMutations(worldId);
  const base = `/worlds/${worldId}/events`;

  if (timelines.isPending)
    return (
      <div className="lf-panel">
        <LoadingSpinner label="Loading timelines..." />
      </div>
    );
  const rows = timelines.data?.data ?? [];
  const names = new Map(rows.map((t) => [t.timelineId, selectLabel(t.timelineId, t.name)]));
  const chosen = search.get('timelineId');
  const filter = chosen && (chosen === ALL_TIMELINES || names.has(chosen)) ? chosen : (rows[0]?.timelineId ?? ALL_TIMELINES);

  return (
    <div className="lf-panel">
      {timelines.isError && (
        <ErrorAlert message={handleError(timelines.error, 'Failed to fetch timeline data.')} onRetry={() => void timelines.refetch()} />
      )}
      <Form.Group controlId={selectId} className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <Form.Label className="mb-0 fw-semibold">Timeline</Form.Label>
        <Form.Select
          value={filter}
          onChange={(e) =>
            setSearch(
              (p) => {
                p.set('timelineId', e.target.value);
                return p;
              },
              { replace: true },
            )
          }
          style={{ maxWidth: 360 }}
        >
          {rows.map((t) => (
            <option key={t.timelineId} value={t.timelineId}>
              {names.get(t.timelineId)}
            </option>
          ))}
          <option value={ALL_TIMELINES}>All timelines</option>
        </Form.Select>
        {filter !== ALL_TIMELINES && (
          <Link to={`/worlds/${worldId}/timelines/${filter}`} className="btn btn-sm btn-outline-secondary">
            View timeline
          </Link>
        )}
        {timelines.isSuccess && rows.length === 0 && (
          <span className="small text-body-secondary">No timelines yet: an event needs one in the quick create.</span>
        )}
      </Form.Group>
      <GenericList
        tagWorldId={worldId}
        key={filter}
        entityName="event"
        title="Events"
        source={eventListSource(worldId, filter)}
        getId={(e) => e.eventId}
        getName={(e) => e.name}
        getDescription={(e) => truncate(e.description, LIMITS.truncateEventDescription)}
        getEditPath={(e) => `${base}/${e.eventId}/edit`}
        onDelete={(e) => remove.mutateAsync(e.eventId)}
        createPath={filter === ALL_TIMELINES ? `${base}/create` : `${base}/create?timelineId=${filter}`}
        renderQuickCreate={({ close }) => <LazyQuickCreateForm worldId={worldId} type="events" onCreated={close} onCancel={close} />}
        initialParams={{ sortBy: 'dateTime', sortOrder: 'asc' }}
        columns={[
          { key: 'name', label: 'Name', sortable: true, kind: 'name' },
          {
            key: 'dateTime',
            label: 'Date/Time',
            sortable: true,
            render: (e) => <Moment dateTime={e.dateTime} formatted={e.formattedDate} />,
          },
          {
            key: 'description',
            label: 'Description',
            render: (e) => (
              <span title={e.description ?? undefined}>{truncate(e.description, LIMITS.truncateEventDescription) || '—'}</span>
            ),
          },
          {
            key: 'timelineId',
            label: 'Timeline',
            render: (e) => (e.timelineId ? (names.get(e.timelineId) ?? selectLabel(e.timelineId)) : '—'),
          },
          { key: 'isBranchingEvent', label: 'Branch', render: (e) => (e.isBranchingEvent ? 'Yes' : 'No') },
        ]}
      />
    </div>
  );
}
