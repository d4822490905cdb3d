import { useState } from 'react';
import { Link, useParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Table from 'react-bootstrap/Table';
import type { Calendar } from '@loreforge/contract';
import { useCalendarLookup, useCalendarMutations } from '../../api/calendars';
import { handleError } from '../../api/client';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
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
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 me-auto mb-0 lf-page-title">Calendars</h1>
        {access.isEditor && (
          <Link to={`${base}/create`} className="btn btn-primary">
            New calendar
          </Link>
        )}
      </div>
      <p className="lf-page-title">Timelines keep time in the Gregorian calendar unless you give them one of these.</p>
      {access.isEditor && <ImportCalendarForm worldId={worldId} />}
      <div className="lf-panel">
        {calendars.isPending && <LoadingSpinner label="Loading calendars..." />}
        {calendars.isError && (
          <ErrorAlert message={handleError(calendars.error, 'Failed to load calendars.')} onRetry={() => void calendars.refetch()} />
        )}
        {calendars.isSuccess && calendars.data.data.length === 0 && (
          <p className="mb-0 text-body-secondary">This world has no calendar of its own yet.</p>
        )}
        {calendars.isSuccess && calendars.data.data.length > 0 && (
          <Table responsive size="sm" className="mb-0 align-middle" aria-label="Calendars of this world">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Shape</th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {calendars.data.data.map((calendar) => (
                <tr key={calendar.calendarId}>
                  <td>
                    <Link to={`${base}/${calendar.calendarId}`}>{calendar.name}</Link>
                  </td>
                  <td className="small">{calendarSummary(calendar)}</td>
                  <td className="small">{formatDateTime(calendar.updatedAt)}</td>
                  <td className="text-end text-nowrap">
                    {access.isEditor && (
                      <>
                        <Link
                          to={`${base}/${calendar.calendarId}/edit`}
                          className="btn btn-sm btn-outline-secondary me-1"
                          aria-label={`Edit ${calendar.name}`}
                        >
                          Edit
                        </Link>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          aria-label={`Delete ${calendar.name}`}
                          onClick={() => setDeleting(calendar)}
                        >
                          Delete
                        </Button>
                      </>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
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
