import { useId, useState } from 'react';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import type { Character, Timeline } from '@loreforge/contract';
import { useCalendar } from '../../../api/calendars';
import { handleError } from '../../../api/client';
import { useCharacterHistory, useTimelineState } from '../../../api/timeline-engine';
import { timelineLabel, useTimelineEvents, useTimelineLookup } from '../../../api/timelines';
import { ChangeList } from '../../../components/engine/ChangeList';
import { CharacterStateCard } from '../../../components/engine/CharacterStateCard';
import { dateTimeLocalToIso } from '../../../components/engine/engine-format';
import { ErrorAlert } from '../../../components/ErrorAlert';
import { LoadingSpinner } from '../../../components/LoadingSpinner';
import { CalendarDateInput } from '../../../components/calendar/CalendarDateInput';
import { type CalendarDateValue, initialDateValue, instantOfValue } from '../../../components/calendar/calendar-date';
import { formatMoment } from '../../../lib/format';
import { Moment } from '../../../components/Moment';

/** Props of {@link CharacterHistoryTab}. */
export interface CharacterHistoryTabProps {
  worldId: string;
  character: Character;
}

/**
 * A character's History tab (docs/timeline-engine.md): on a chosen timeline, the events that changed the character
 * with what each changed, and the character's state on that timeline at a chosen event or date-time. Dates read,
 * and are entered, in the timeline's own calendar when it has one (issue 12).
 */
export function CharacterHistoryTab({ worldId, character }: CharacterHistoryTabProps) {
  const id = useId();
  const timelines = useTimelineLookup(worldId);
  const [chosen, setChosen] = useState<string>('');
  const list = timelines.data?.data ?? [];
  const timelineId = chosen || list.find((t) => !t.parentTimelineId)?.timelineId || list[0]?.timelineId;

  if (timelines.isPending) return <LoadingSpinner label="Loading timelines..." />;
  if (timelines.isError)
    return <ErrorAlert message={handleError(timelines.error, 'Failed to fetch timeline data.')} onRetry={() => void timelines.refetch()} />;
  if (!timelineId) return <p className="text-body-secondary mb-0">This world has no timeline yet, so the character has no history.</p>;

  return (
    <div>
      <Form.Group className="mb-3" style={{ maxWidth: 420 }}>
        <Form.Label htmlFor={`${id}-timeline`}>Timeline</Form.Label>
        <Form.Select id={`${id}-timeline`} value={timelineId} onChange={(e) => setChosen(e.target.value)}>
          {list.map((t) => (
            <option key={t.timelineId} value={t.timelineId}>
              {timelineLabel(t)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <CharacterStateAt
        key={timelineId}
        worldId={worldId}
        character={character}
        timelineId={timelineId}
        timeline={list.find((t) => t.timelineId === timelineId)}
      />
      <HistoryList worldId={worldId} character={character} timelineId={timelineId} />
    </div>
  );
}

function HistoryList({ worldId, character, timelineId }: { worldId: string; character: Character; timelineId: string }) {
  const history = useCharacterHistory(worldId, character.characterId, timelineId);
  if (history.isPending) return <LoadingSpinner label="Loading history..." />;
  if (history.isError)
    return <ErrorAlert message={handleError(history.error, 'Failed to load the history.')} onRetry={() => void history.refetch()} />;
  const entries = history.data.data;
  return (
    <section aria-label={`History of ${character.name}`}>
      <h2 className="h5">History</h2>
      {entries.length === 0 && <p className="text-body-secondary mb-0">No event on this timeline changes {character.name}.</p>}
      <ol className="list-unstyled mb-0">
        {entries.map((entry) => (
          <li key={entry.eventId} className="mb-3">
            <Card className="lf-card">
              <Card.Body className="p-3">
                <h3 className="h6 mb-1">{entry.name}</h3>
                <Moment dateTime={entry.dateTime} formatted={entry.formattedDate} className="d-block small text-body-secondary mb-2" />
                <ChangeList changes={entry.changes} label={`What ${entry.name} changed`} hideCharacter />
                {entry.issues.map((issue, index) => (
                  <p key={index} className="small text-danger mb-0 mt-1">
                    {issue.message}
                  </p>
                ))}
              </Card.Body>
            </Card>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** How the moment of "state on timeline … at …" is chosen. */
type MomentMode = 'event' | 'date';

function CharacterStateAt({
  worldId,
  character,
  timelineId,
  timeline,
}: {
  worldId: string;
  character: Character;
  timelineId: string;
  timeline?: Timeline | undefined;
}) {
  const id = useId();
  const events = useTimelineEvents(worldId, timelineId);
  const calendar = useCalendar(worldId, timeline?.calendarId);
  const [mode, setMode] = useState<MomentMode>('event');
  const [eventId, setEventId] = useState('');
  const [date, setDate] = useState('');
  const [calendarDate, setCalendarDate] = useState<CalendarDateValue | null>(timeline?.currentDate ?? null);
  const definition = timeline?.calendarId ? calendar.data : undefined;
  const instant = definition ? instantOfValue(definition, calendarDate ?? initialDateValue(definition)) : null;
  const moment =
    mode === 'event'
      ? { eventId: eventId || undefined }
      : definition
        ? { instant: instant ?? undefined }
        : { at: dateTimeLocalToIso(date) };
  const state = useTimelineState(worldId, timelineId, moment, character.characterId);
  const loaded = events.data?.pages.flatMap((p) => p.data) ?? [];
  const mine = state.data?.characters.find((c) => c.characterId === character.characterId);
  const lastEvent = state.data?.lastEvent ?? null;

  return (
    <section className="mb-4" aria-label="State on timeline">
      <h2 className="h5">State on this timeline at…</h2>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-2">
        <Form.Group>
          <Form.Label htmlFor={`${id}-mode`} className="small mb-0">
            Moment by
          </Form.Label>
          <Form.Select id={`${id}-mode`} size="sm" value={mode} onChange={(e) => setMode(e.target.value === 'date' ? 'date' : 'event')}>
            <option value="event">Event</option>
            <option value="date">Date and time</option>
          </Form.Select>
        </Form.Group>
        {mode === 'event' ? (
          <Form.Group className="flex-grow-1">
            <Form.Label htmlFor={`${id}-event`} className="small mb-0">
              Event
            </Form.Label>
            <Form.Select id={`${id}-event`} size="sm" value={eventId} onChange={(e) => setEventId(e.target.value)}>
              <option value="">The timeline's now</option>
              {loaded.map((e) => (
                <option key={e.eventId} value={e.eventId}>
                  {formatMoment(e.dateTime, e.formattedDate)} · {e.name}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        ) : definition ? (
          <Form.Group>
            <Form.Label htmlFor={`${id}-date`} className="small mb-0">
              Date in {calendar.data?.name}
            </Form.Label>
            <CalendarDateInput id={`${id}-date`} definition={definition} value={calendarDate} onChange={setCalendarDate} />
          </Form.Group>
        ) : (
          <Form.Group>
            <Form.Label htmlFor={`${id}-date`} className="small mb-0">
              Date and time
            </Form.Label>
            <Form.Control
              id={`${id}-date`}
              size="sm"
              type="datetime-local"
              step={1}
              value={date}
              onChange={(e) => setDate(e.target.value)}
            />
          </Form.Group>
        )}
      </div>
      {state.isPending && <LoadingSpinner label="Loading the state..." />}
      {state.isError && (
        <ErrorAlert message={handleError(state.error, 'Failed to load the state at this moment.')} onRetry={() => void state.refetch()} />
      )}
      {state.isSuccess && !mine && <p className="text-body-secondary">{character.name} is not in this timeline's state.</p>}
      {mine && (
        <CharacterStateCard
          state={mine}
          changes={lastEvent?.changes ?? []}
          title={lastEvent ? `${character.name} after ${lastEvent.name}` : `${character.name} at the start`}
        />
      )}
    </section>
  );
}
