import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import type { TimelineCreateInput } from '@loreforge/contract';
import { useCalendar, useCalendarLookup } from '../../api/calendars';
import { handleError, retryUnlessMissing } from '../../api/client';
import { useEventLookup } from '../../api/events';
import { useTimeline, useTimelineLookup, useTimelineMutations } from '../../api/timelines';
import { ErrorAlert } from '../../components/ErrorAlert';
import { GenericForm } from '../../components/form/GenericForm';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { timelineDefaults, timelineFields, timelineFormSchema, timelinePayload } from './timeline-form';
import { EditorsOnly } from '../../components/access/IfAllowed';

/** Shown when a save fails without a server message (SPEC §8: timeline save failures are logged). */
export const TIMELINE_SAVE_FAILED = 'Failed to save. Please try again.';

/**
 * /worlds/:worldId/timelines/create and /timelines/:timelineId/edit (SPEC §2, §5 Timeline): name, description,
 * current date/time (required), genesis event, initial states, parent timeline and branching event (optional
 * UUIDs, 'Must be a valid UUID.'), branching enabled (default true). Empty ids are left out of the payload.
 * With one of the world's calendars chosen (issue 12), the current date is entered in that calendar.
 * A failed save is logged and shown. Saving returns to the visual timeline.
 */
export function TimelineFormScreen() {
  const { worldId = '', timelineId } = useParams();
  const navigate = useNavigate();
  const editing = Boolean(timelineId);
  const timeline = useTimeline(worldId, timelineId);
  const events = useEventLookup(worldId);
  const timelines = useTimelineLookup(worldId);
  const { create, update } = useTimelineMutations(worldId);
  const calendars = useCalendarLookup(worldId);
  const [pickedCalendar, setPickedCalendar] = useState<string | null>(null);
  const calendarId = pickedCalendar ?? timeline.data?.calendarId ?? '';
  const calendar = useCalendar(worldId, calendarId || null);
  const definition = calendarId ? calendar.data : undefined;
  const back = editing && timelineId ? `/worlds/${worldId}/timelines/${timelineId}` : `/worlds/${worldId}/timelines`;

  const body = () => {
    if ((editing && timeline.isPending) || events.isPending || timelines.isPending || calendars.isPending)
      return <LoadingSpinner label="Loading timeline..." />;
    if (editing && timeline.isError) {
      return (
        <ErrorAlert
          message={handleError(timeline.error, 'Failed to fetch timeline data.')}
          onRetry={retryUnlessMissing(timeline.error, () => void timeline.refetch())}
        />
      );
    }
    return (
      <>
        {(events.isError || timelines.isError) && (
          <ErrorAlert message="Some events or timelines could not be loaded; their ids are shown instead of names." />
        )}
        <GenericForm
          access={{ worldId, entity: timeline.data }}
          schema={timelineFormSchema(definition)}
          fields={timelineFields(events.data?.data ?? [], timelines.data?.data ?? [], timeline.data, {
            calendars: calendars.data?.data ?? [],
            definition,
            onPick: setPickedCalendar,
          })}
          defaultValues={timelineDefaults(timeline.data)}
          submitLabel={editing ? 'Save changes' : 'Create timeline'}
          failureFallback={TIMELINE_SAVE_FAILED}
          onCancel={() => void navigate(back)}
          onSubmit={async (values) => {
            const input: TimelineCreateInput = timelinePayload(values);
            try {
              const saved = editing && timelineId ? await update.mutateAsync({ id: timelineId, input }) : await create.mutateAsync(input);
              void navigate(`/worlds/${worldId}/timelines/${saved.timelineId}`);
            } catch (error) {
              console.error('Saving the timeline failed', error);
              throw error;
            }
          }}
        />
      </>
    );
  };

  return (
    <Container className="py-4">
      <Card className="lf-card mx-auto" style={{ maxWidth: 760 }}>
        <Card.Body className="p-4">
          <h1 className="h3 mb-4">{editing ? 'Edit Timeline' : 'Create Timeline'}</h1>
          <EditorsOnly worldId={worldId} back={back}>
            {body()}
          </EditorsOnly>
        </Card.Body>
      </Card>
    </Container>
  );
}
