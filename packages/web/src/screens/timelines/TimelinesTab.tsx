import { Link, useParams } from 'react-router';
import { timelinesResource, useTimelineMutations } from '../../api/timelines';
import { GenericList } from '../../components/generic-list/GenericList';
import { LazyQuickCreateForm } from '../../components/quick-create/LazyQuickCreateForm';
import { Moment } from '../../components/Moment';

/**
 * Tab /worlds/:worldId/timelines (SPEC §2): the world's timelines in a GenericList with search, sort, grid or
 * list view, quick create, a link to each visual timeline, edit and delete (asked first, irreversible), and a link
 * to the world's calendars, which timelines keep time in (issue 12); a timeline's current date reads in its calendar.
 */
export function TimelinesTab() {
  const { worldId = '' } = useParams();
  const { remove } = useTimelineMutations(worldId);
  const base = `/worlds/${worldId}/timelines`;
  return (
    <div className="lf-panel">
      <div className="d-flex justify-content-end mb-2">
        <Link to={`/worlds/${worldId}/calendars`} className="btn btn-sm btn-outline-secondary">
          Calendars
        </Link>
      </div>
      <GenericList
        tagWorldId={worldId}
        entityName="timeline"
        title="Timelines"
        source={timelinesResource(worldId)}
        getId={(t) => t.timelineId}
        getName={(t) => t.name}
        getDescription={(t) => t.description}
        getViewPath={(t) => `${base}/${t.timelineId}`}
        getEditPath={(t) => `${base}/${t.timelineId}/edit`}
        onDelete={(t) => remove.mutateAsync(t.timelineId)}
        createPath={`${base}/create`}
        renderQuickCreate={({ close }) => <LazyQuickCreateForm worldId={worldId} type="timelines" onCreated={close} onCancel={close} />}
        columns={[
          { key: 'name', label: 'Name', sortable: true, kind: 'name' },
          { key: 'description', label: 'Description', kind: 'description' },
          {
            key: 'currentDateTime',
            label: 'Current date',
            sortable: true,
            // A timeline with a calendar of the world's own has no ISO 'now': it reads in the calendar's words.
            render: (t) => <Moment dateTime={t.currentDateTime} formatted={t.currentDateFormatted} />,
          },
          { key: 'createdAt', label: 'Created', sortable: true, kind: 'date' },
        ]}
      />
    </div>
  );
}
