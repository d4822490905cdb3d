import { useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Col from 'react-bootstrap/Col';
import Container from 'react-bootstrap/Container';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { CALENDAR_PRESETS, type Calendar, type CalendarPresetName, type MovedDate } from '@loreforge/contract';
import { type CalendarUpdateResult, useCalendar, useCalendarMutations } from '../../api/calendars';
import { ApiError, handleError, retryUnlessMissing } from '../../api/client';
import { RoleRefusal } from '../../components/access/IfAllowed';
import { ErrorAlert } from '../../components/ErrorAlert';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { YearPreview } from '../../components/calendar/YearPreview';
import { useWorldAccess } from '../../hooks/useWorldAccess';
import { CalendarEditor } from './CalendarEditor';
import { type CalendarDraft, checkDraft, draftFromCalendar, draftFromPreset, emptyDraft, pathWords } from './calendar-draft';

/** SPEC §8-style message when a calendar save fails without a server message. */
export const CALENDAR_SAVE_FAILED = 'Failed to save the calendar. Please check your input and try again.';

const PRESET_LABELS: Record<CalendarPresetName, string> = {
  gregorian: 'Gregorian',
  harptos: 'Harptos (Forgotten Realms)',
  'thirteen-moons': 'Thirteen Moons (lunar)',
};

/** The year a preview opens at: the start of the latest era with a start, else year 1. */
function openingYear(draft: CalendarDraft): number {
  const start = [...draft.eras].reverse().find((era) => era.startYear !== null && Number.isFinite(era.startYear))?.startYear;
  return start ?? 1;
}

/** The year preview beside the editor: the checked draft laid out for a chosen year, or what stops it. */
function PreviewPanel({ draft }: { draft: CalendarDraft }) {
  const checked = useMemo(() => checkDraft(draft), [draft]);
  const [year, setYear] = useState(() => openingYear(draft));
  return (
    <section aria-label="Year preview" className="lf-panel">
      <div className="d-flex flex-wrap align-items-end gap-2 mb-2">
        <h2 className="h5 me-auto mb-0">Preview</h2>
        <Button size="sm" variant="outline-secondary" onClick={() => setYear((y) => y - 1)}>
          Previous year
        </Button>
        <Form.Group style={{ width: '8rem' }}>
          <Form.Label htmlFor="calendar-preview-year" className="small mb-0">
            Year (absolute)
          </Form.Label>
          <Form.Control
            id="calendar-preview-year"
            size="sm"
            type="number"
            value={year}
            onChange={(e) => setYear(Math.trunc(Number(e.target.value) || 0))}
          />
        </Form.Group>
        <Button size="sm" variant="outline-secondary" onClick={() => setYear((y) => y + 1)}>
          Next year
        </Button>
      </div>
      {checked.ok ? (
        <YearPreview definition={checked.definition} absoluteYear={BigInt(year)} />
      ) : (
        <Alert variant="warning" className="mb-0">
          <p className="mb-1">The preview waits until the calendar is complete:</p>
          <ul className="mb-0 small">
            {checked.issues.map((issue, index) => (
              <li key={index}>
                <strong>{issue.where}:</strong> {issue.message}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </section>
  );
}

/** What a save changed in the story: the dates that now read differently (their instants stay). */
function MovedDates({ moved, worldId, calendarId }: { moved: MovedDate[]; worldId: string; calendarId: string }) {
  return (
    <Alert variant="info">
      <p className="mb-1">Saved. Every event keeps its moment; these dates now read differently:</p>
      <ul className="small mb-2">
        {moved.map((date) => (
          <li key={`${date.kind}-${date.id}`}>
            {date.kind === 'timeline' ? `The now of ${date.name}` : date.name}: {date.before} → {date.after}
          </li>
        ))}
      </ul>
      <Link to={`/worlds/${worldId}/calendars/${calendarId}`}>Back to the calendar</Link>
    </Alert>
  );
}

function EditorForm({ worldId, calendar }: { worldId: string; calendar?: Calendar | undefined }) {
  const navigate = useNavigate();
  const { create, update } = useCalendarMutations(worldId);
  const [draft, setDraft] = useState<CalendarDraft>(() => (calendar ? draftFromCalendar(calendar) : emptyDraft()));
  const [preset, setPreset] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [moved, setMoved] = useState<MovedDate[] | null>(null);
  // A new starting point (a preset) opens the preview at its own year.
  const [start, setStart] = useState(0);
  const saving = create.isPending || update.isPending;

  const save = async () => {
    setError(null);
    const checked = checkDraft(draft);
    if (!checked.ok) {
      setError(checked.issues.map((issue) => `${issue.where}: ${issue.message}`).join(' '));
      return;
    }
    try {
      if (calendar) {
        const saved = (await update.mutateAsync({
          id: calendar.calendarId,
          input: checked.input,
          version: calendar.updatedAt,
        })) as CalendarUpdateResult;
        if (saved.movedDates && saved.movedDates.length > 0) setMoved(saved.movedDates);
        else void navigate(`/worlds/${worldId}/calendars/${saved.calendarId}`);
      } else {
        const saved = await create.mutateAsync(checked.input);
        void navigate(`/worlds/${worldId}/calendars/${saved.calendarId}`);
      }
    } catch (failure) {
      const fields =
        failure instanceof ApiError && failure.fields
          ? Object.entries(failure.fields).map(
              ([path, message]) => `${pathWords(path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)))}: ${message}`,
            )
          : [];
      setError(fields.length > 0 ? fields.join(' ') : handleError(failure, CALENDAR_SAVE_FAILED));
    }
  };

  return (
    <Row className="g-4">
      <Col lg={6}>
        {!calendar && (
          <Form.Group className="mb-3">
            <Form.Label htmlFor="calendar-preset">Start from</Form.Label>
            <div className="d-flex gap-2">
              <Form.Select id="calendar-preset" value={preset} onChange={(e) => setPreset(e.target.value)}>
                <option value="">A blank calendar</option>
                {CALENDAR_PRESETS.map((name) => (
                  <option key={name} value={name}>
                    {PRESET_LABELS[name]}
                  </option>
                ))}
              </Form.Select>
              <Button
                variant="outline-primary"
                onClick={() => {
                  setDraft(preset ? draftFromPreset(preset as CalendarPresetName) : emptyDraft());
                  setStart((n) => n + 1);
                }}
              >
                Use
              </Button>
            </div>
          </Form.Group>
        )}
        {moved && calendar && <MovedDates moved={moved} worldId={worldId} calendarId={calendar.calendarId} />}
        <CalendarEditor draft={draft} onChange={setDraft} />
        <ErrorAlert message={error} onDismiss={() => setError(null)} />
        <div className="d-flex gap-2 justify-content-end">
          <Button
            variant="outline-secondary"
            disabled={saving}
            onClick={() => void navigate(calendar ? `/worlds/${worldId}/calendars/${calendar.calendarId}` : `/worlds/${worldId}/calendars`)}
          >
            Cancel
          </Button>
          <Button variant="primary" disabled={saving} onClick={() => void save()}>
            {saving && <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />}
            {calendar ? 'Save calendar' : 'Create calendar'}
          </Button>
        </div>
      </Col>
      <Col lg={6}>
        <div className="sticky-lg-top" style={{ top: '1rem' }}>
          <PreviewPanel key={start} draft={draft} />
        </div>
      </Col>
    </Row>
  );
}

/**
 * /worlds/:worldId/calendars/create and /calendars/:calendarId/edit (issue 12 "a calendar editor with a live preview
 * of a year"): the editor on one side, from a blank calendar or a preset, and the chosen year laid out on the other,
 * updated on every change. Saving an edit that moves dates under existing events lists them (their moments stay).
 * Problems are shown with the API's messages, naming the row and field. A player or viewer gets the server's
 * refusal and the way back instead of the editor (issue 11).
 */
export function CalendarFormScreen() {
  const { worldId = '', calendarId } = useParams();
  const calendar = useCalendar(worldId, calendarId);
  const access = useWorldAccess(worldId);
  const editing = Boolean(calendarId);
  const body = () => {
    if (editing && calendar.isPending) return <LoadingSpinner label="Loading calendar..." />;
    if (editing && calendar.isError) {
      return (
        <ErrorAlert
          message={handleError(calendar.error, 'Failed to load the calendar.')}
          onRetry={retryUnlessMissing(calendar.error, () => void calendar.refetch())}
        />
      );
    }
    if (!access.isEditor)
      return <RoleRefusal back={calendarId ? `/worlds/${worldId}/calendars/${calendarId}` : `/worlds/${worldId}/calendars`} />;
    return <EditorForm key={calendar.data?.calendarId ?? 'new'} worldId={worldId} calendar={calendar.data} />;
  };
  return (
    <Container fluid="xl" className="py-4">
      <Card className="lf-card">
        <Card.Body className="p-4">
          <h1 className="h3 mb-4">{editing ? 'Edit Calendar' : 'Create Calendar'}</h1>
          {body()}
        </Card.Body>
      </Card>
    </Container>
  );
}
