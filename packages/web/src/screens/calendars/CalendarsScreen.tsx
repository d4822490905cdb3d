import { useState } from 'react';
import { Link, useParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import type { Calendar } from '@loreforge/contract';
import { useCalendarLookup, useCalendarMutations } from '../../api/calendars';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { QueryTable } from '../../components/data-table/QueryTable';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { formatDateTime } from '../../lib/format';
import { ImportCalendarForm } from './ImportCalendarForm';

/** A calendar's shape in a few words: months, days of a common year, weekdays, moons. */
export function calendarSummary(calendar: Pick<Calendar, 'months' | 'weekdays' | 'moons' | 'eras'>): string {
  const days = calendar.months.reduce((sum, month) => sum + month.days, 0);
  const parts = [`${calendar.months.length} months`, `${days} days`, `${calendar.weekdays.length}-day week`];
  if (calendar.eras.length > 0) parts.push(`${calendar.eras.length} era${calendar.eras.length === 1 ? '' : 's'}`);
  if (calendar.moons.length > 0) parts.push(`${calendar.moons.length} moon${calendar.moons.length === 1 ? '' : 's'}`);
  return parts.join(' · ');
}

/** The calendars table's columns; editors get a last one of actions. */
const CALENDAR_COLUMNS = [{ label: 'Name' }, { label: 'Shape' }, { label: 'Updated' }] as const;

/**
 * /worlds/:worldId/calendars (issue 12): the world's calendars (the built-in Gregorian one needs no row) with their
 * shape, a link to each, and for editors New calendar, import from a Fantasy-Calendar export, Edit and Delete
 * (asked first; a calendar timelines keep time in answers the server's 409 message).
 */
export function CalendarsScreen() {
  const { worldId = '' } = useParams();
  const calendars = useCalendarLookup(worldId);
  const access = useWorldAccess(worldId);
  const { remove } = useCalendarMutations(worldId);
  const [deleting, setDeleting] = useState<Calendar | null>(null);
  const base = `/worlds/${worldId}/calendars`;

  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
        <div className="me-auto min-w-0 lf-page-heading">
          <h1 className="h3 mb-1 lf-page-title">Calendars</h1>
          <p className="mb-0 text-white lf-page-title small">
            Timelines keep time in the Gregorian calendar unless you give them one of these.
          </p>
        </div>
        {access.isEditor && (
          <Link to={`${base}/create`} className="btn btn-primary">
            New calendar
          </Link>
        )}
      </div>
      {access.isEditor && <ImportCalendarForm worldId={worldId} />}
      <div className="lf-panel">
        <QueryTable
          source={{ ...calendars, rows: calendars.data?.data }}
          columns={access.isEditor ? [...CALENDAR_COLUMNS, { label: 'Actions', hidden: true }] : CALENDAR_COLUMNS}
          loadingLabel="Loading calendars..."
          failureMessage="Failed to load calendars."
          emptyText="This world has no calendar of its own yet."
          ariaLabel="Calendars of this world"
          className="mb-0 align-middle"
          renderRow={(calendar) => (
            <tr key={calendar.calendarId}>
              <td>
                <Link to={`${base}/${calendar.calendarId}`}>{calendar.name}</Link>
              </td>
              <td>
                <span className="small">{calendarSummary(calendar)}</span>
              </td>
              <td>
                <span className="small">{formatDateTime(calendar.updatedAt)}</span>
              </td>
              {access.isEditor && (
                <td className="text-end text-nowrap">
                  <div className="d-inline-flex gap-1">
                    <Link
                      to={`${base}/${calendar.calendarId}/edit`}
                      className="btn btn-sm btn-outline-secondary"
                      aria-label={`Edit ${calendar.name}`}
                    >
                      Edit
                    </Link>
                    <Button size="sm" variant="outline-danger" aria-label={`Delete ${calendar.name}`} onClick={() => setDeleting(calendar)}>
                      Delete
                    </Button>
                  </div>
                </td>
              )}
            </tr>
          )}
        />
      </div>
      <ConfirmDeleteModal
        show={deleting !== null}
        entityType="calendar"
        entityName={deleting?.name}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync({ id: deleting.calendarId, version: deleting.updatedAt });
          setDeleting(null);
        }}
      />
    </Container>
  );
}
