import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useCalendar } from '../../api/calendars';
import Card from 'react-bootstrap/Card';
import Container from 'react-bootstrap/Container';
import { handleError, retryUnlessMissing } from '../../api/client';
import { useEvent, useEventMutations } from '../../api/events';
import { charactersResource } from '../../api/characters';
import { useResourceLookup } from '../../api/resource';
import { useItemLookup } from '../../api/items';
import { useTimelineLookup } from '../../api/timelines';
import { ErrorAlert } from '../../components/ErrorAlert';
import { GenericForm } from '../../components/form/GenericForm';
import { LoadingSpinner } from '../../components/LoadingSpinner';
import { TagEditor } from '../../components/tags/TagEditor';
import { EVENT_SAVE_FAILED, eventDefaults, eventFields, eventFormSchema, eventPayload } from './event-form';
import { EditorsOnly } from '../../components/access/IfAllowed';

/**
 * /worlds/:worldId/events/create and /events/:id/edit (SPEC §2, §5 Event): name and date/time required,
 * description, an optional timeline, the three JSON change fields ('Invalid JSON in {label}. Please correct
 * it.', empty → null) each with a helper that appends a change in the versioned format, the branching flag and
 * child timeline. A loaded date loses its trailing Z. On a timeline with its own calendar (issue 12) the date is
 * entered as that calendar's era, year, month, day, hour and minute. A failed
 * save shows the server's message or 'Failed to save event. Please check your input and try again.'
 */
export function EventFormScreen() {
  const { worldId = '', id } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const editing = Boolean(id);
  const event = useEvent(worldId, id);
  const timelines = useTimelineLookup(worldId);
  const characters = useResourceLookup(charactersResource(worldId));
  const items = useItemLookup(worldId);
  const helper = {
    characters: (characters.data?.data ?? []).map((c) => ({ id: c.characterId, name: c.name })),
    items: (items.data?.data ?? []).map((i) => ({ id: i.itemId, name: i.name })),
  };
  const { create, update } = useEventMutations(worldId);
  const [pickedTimeline, setPickedTimeline] = useState<string | null>(null);
  const timelineId = pickedTimeline ?? event.data?.timelineId ?? search.get('timelineId') ?? '';
  const calendarId = timelines.data?.data.find((t) => t.timelineId === timelineId)?.calendarId ?? null;
  const calendar = useCalendar(worldId, calendarId);
  const definition = calendarId ? calendar.data : undefined;
  const list = `/worlds/${worldId}/events`;

  const body = () => {
    if ((editing && event.isPending) || timelines.isPending) return <LoadingSpinner label="Loading event..." />;
    if (editing && event.isError) {
      return (
        <ErrorAlert
          message={handleError(event.error, 'Failed to load page data. Please try again.')}
          onRetry={retryUnlessMissing(event.error, () => void event.refetch())}
        />
      );
    }
    return (
      <>
        {timelines.isError && (
          <ErrorAlert message={handleError(timelines.error, 'Failed to fetch timeline data.')} onRetry={() => void timelines.refetch()} />
        )}
        <GenericForm
          access={{ worldId, entity: event.data }}
          schema={eventFormSchema(definition)}
          fields={eventFields(timelines.data?.data ?? [], event.data, helper, { definition, onPick: setPickedTimeline })}
          defaultValues={eventDefaults(event.data, search.get('timelineId'))}
          submitLabel={editing ? 'Save changes' : 'Create event'}
          failureFallback={EVENT_SAVE_FAILED}
          onCancel={() => void navigate(list)}
          onSubmit={async (values) => {
            const input = eventPayload(values, Boolean(definition));
            if (editing && id) await update.mutateAsync({ id, input });
            else await create.mutateAsync(input);
            void navigate(list);
          }}
        />
      </>
    );
  };

  return (
    <Container className="py-4">
      <Card className="lf-card mx-auto" style={{ maxWidth: 760 }}>
        <Card.Body className="p-4">
          <h1 className="h3 mb-4">{editing ? 'Edit Event' : 'Create Event'}</h1>
          {editing && id && event.isSuccess && (
            <section className="mb-4" aria-label="Tags">
              <TagEditor worldId={worldId} type="event" id={id} />
            </section>
          )}
          <EditorsOnly worldId={worldId} back={list}>
            {body()}
          </EditorsOnly>
        </Card.Body>
      </Card>
    </Container>
  );
}
