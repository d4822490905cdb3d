import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import { type Calendar, CalendarDefinitionSchema } from '@loreforge/contract';
import { useMembers } from '../../api/access';
import { useCalendar, useCalendarMutations } from '../../api/calendars';
import { handleError, notFoundMessage, retryUnlessMissing } from '../../api/client';
import { ConfirmDeleteModal } from '../../components/ConfirmDeleteModal';
import { DetailList, type DetailRow } from '../../components/entity-view/DetailList';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { YearPreview } from '../../components/calendar/YearPreview';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { formatDateTime } from '../../lib/format';
import { calendarSummary } from './CalendarsScreen';

/** The rows of a calendar's detail list: its parts in words, and who created and last changed it. */
function calendarRows(calendar: Calendar, nameOf: (userId: string | null) => string | null): DetailRow[] {
  const leap = calendar.leapRules.map((rule) => {
    const exceptions = rule.exceptions.map((exception) => `${exception.leap ? 'but every' : 'except every'} ${exception.every}`).join(', ');
    return `${rule.month} +${rule.days} every ${rule.every} years${rule.offset ? ` from year ${rule.offset}` : ''}${exceptions ? ` (${exceptions})` : ''}`;
  });
  return [
    { label: 'Description', value: calendar.description },
    { label: 'Shape', value: calendarSummary(calendar) },
    {
      label: 'Months',
      value: calendar.months.map((month) => `${month.name} (${month.days}${month.intercalary ? ', festival' : ''})`).join(', '),
    },
    { label: 'Weekdays', value: calendar.weekdays.join(', ') },
    { label: 'Clock', value: `${calendar.hoursPerDay} hours of ${calendar.minutesPerHour} minutes` },
    { label: 'Leap rules', value: leap.join('; ') },
    {
      label: 'Eras',
      value: calendar.eras
        .map(
          (era) =>
            `${era.name}${era.abbreviation ? ` (${era.abbreviation})` : ''}${era.startYear === null ? '' : ` from year ${era.startYear}`}`,
        )
        .join(', '),
    },
    { label: 'Moons', value: calendar.moons.map((moon) => `${moon.name} (${moon.cycleDays} days)`).join(', ') },
    { label: 'Seasons', value: calendar.seasons.map((season) => `${season.name} from ${season.day} ${season.month}`).join(', ') },
    { label: 'Created by', value: nameOf(calendar.createdBy ?? null) },
    { label: 'Updated by', value: nameOf(calendar.updatedBy ?? null) },
    { label: 'Updated', value: formatDateTime(calendar.updatedAt) },
  ];
}

/**
 * /worlds/:worldId/calendars/:calendarId (issue 12): a calendar's months, weekdays, clock, leap rules, eras, moons
 * and seasons, who created and last changed it (usernames from the world's members), and a year of it laid out;
 * Edit and Delete for editors.
 */
export function CalendarScreen() {
  const { worldId = '', calendarId = '' } = useParams();
  const navigate = useNavigate();
  const calendar = useCalendar(worldId, calendarId);
  const members = useMembers(worldId);
  const access = useWorldAccess(worldId);
  const { remove } = useCalendarMutations(worldId);
  const [deleting, setDeleting] = useState(false);
  const [year, setYear] = useState<number | null>(null);
  // Parsed once per loaded calendar: the engine caches its arithmetic by the definition's identity.
  const definition = useMemo(() => (calendar.data ? CalendarDefinitionSchema.safeParse(calendar.data) : null), [calendar.data]);

  if (calendar.isPending) return <LoadingSpinner label="Loading calendar..." />;
  if (calendar.isError) {
    const missing = notFoundMessage(calendar.error, 'Calendar not found.');
    return (
      <Container className="py-4">
        <ErrorAlert
          message={missing ?? handleError(calendar.error, 'Failed to load the calendar.')}
          onRetry={retryUnlessMissing(calendar.error, () => void calendar.refetch())}
        />
      </Container>
    );
  }
  const data = calendar.data;
  const nameOf = (userId: string | null) => {
    if (!userId) return null;
    return members.data?.find((member) => member.userId === userId)?.username ?? (members.isPending ? '…' : 'a former member');
  };
  const shownYear = year ?? [...data.eras].reverse().find((era) => era.startYear !== null)?.startYear ?? 1;

  return (
    <Container className="py-4">
      <div className="d-flex flex-wrap align-items-start gap-2 mb-3">
        <div className="me-auto min-w-0 lf-page-heading">
          <p className="mb-1 small text-uppercase fw-semibold lf-page-title">Calendar</p>
          <h1 className="h3 mb-0 lf-page-title text-break">{data.name}</h1>
        </div>
        {access.isEditor && (
          <>
            <Link to={`/worlds/${worldId}/calendars/${data.calendarId}/edit`} className="btn btn-light">
              Edit Calendar
            </Link>
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Delete
            </Button>
          </>
        )}
      </div>
      <div className="lf-panel mb-3">
        <DetailList rows={calendarRows(data, nameOf)} />
      </div>
      {definition?.success && (
        <section className="lf-panel" aria-label="A year of this calendar">
          <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
            <h2 className="h5 me-auto mb-0">A year of {data.name}</h2>
            <Button size="sm" variant="outline-secondary" onClick={() => setYear(shownYear - 1)}>
              Previous year
            </Button>
            <Form.Control
              aria-label="Year (absolute)"
              size="sm"
              type="number"
              style={{ width: '8rem' }}
              value={shownYear}
              onChange={(e) => setYear(Math.trunc(Number(e.target.value) || 0))}
            />
            <Button size="sm" variant="outline-secondary" onClick={() => setYear(shownYear + 1)}>
              Next year
            </Button>
          </div>
          <YearPreview definition={definition.data} absoluteYear={BigInt(shownYear)} />
        </section>
      )}
      <ConfirmDeleteModal
        show={deleting}
        entityType="calendar"
        entityName={data.name}
        onCancel={() => setDeleting(false)}
        onConfirm={async () => {
          await remove.mutateAsync({ id: data.calendarId, version: data.updatedAt });
          void navigate(`/worlds/${worldId}/calendars`, { replace: true });
        }}
      />
    </Container>
  );
}
