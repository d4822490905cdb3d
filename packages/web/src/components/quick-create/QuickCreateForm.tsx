import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  CharacterCreateSchema,
  EventFieldsSchema,
  ItemCreateSchema,
  MapCreateSchema,
  required,
  TimelineFieldsSchema,
} from '@loreforge/contract';
import { useCalendar } from '../../api/calendars';
import { charactersResource } from '../../api/characters';
import { eventsResource, itemsResource, mapsResource, timelinesResource } from '../../api/registry';
import { useResourceLookup } from '../../api/resource';
import { ErrorAlert } from '../ErrorAlert';
import { calendarDateFieldConfig, checkedAgainstCalendar, notifyingSelectConfig } from '../calendar/calendar-form';
import { GenericForm } from '../form/GenericForm';
import type { FieldConfig } from '../form/types';
import { LoadingSpinner } from '../LoadingSpinner';

const NAME: FieldConfig = { name: 'name', label: 'Name', type: 'text', required: true };
/** The description in the rich text editor (issue "Linked lore"): sent as `description` and `descriptionHtml`. */
const DESCRIPTION: FieldConfig = { name: 'description', label: 'Description', type: 'richtext', rows: 2 };

/** The entity types a world's quick-create makes: the collections of SPEC §1 "quick-create popover". */
export type QuickCreateType = 'characters' | 'timelines' | 'maps' | 'events' | 'items';

/** In the quick-create the event's timeline is required (SPEC §5 Event). */
const EventQuickCreateSchema = EventFieldsSchema.extend({
  timelineId: z.string({ error: () => required('Timeline') }).min(1, required('Timeline')),
});

/** Props of {@link QuickCreateForm}. */
export interface QuickCreateFormProps {
  worldId: string;
  type: QuickCreateType;
  /** Called with the created entity's name after success. */
  onCreated: (name: string) => void;
  onCancel?: (() => void) | undefined;
}

function EventQuickCreate({ worldId, onCreated, onCancel }: Omit<QuickCreateFormProps, 'type'>) {
  const queryClient = useQueryClient();
  // SPEC §9: timelines for the event form are fetched with limit 1000.
  const query = useResourceLookup(timelinesResource(worldId));
  // An event on a timeline with its own calendar is dated in that calendar (issue 12).
  const [timelineId, setTimelineId] = useState('');
  const calendarId = query.data?.data.find((t) => t.timelineId === timelineId)?.calendarId ?? null;
  const calendar = useCalendar(worldId, calendarId);
  const definition = calendarId ? calendar.data : undefined;
  if (query.isPending) return <LoadingSpinner inline label="Loading timelines..." />;
  if (query.isError) return <ErrorAlert message="Failed to fetch timeline data." onRetry={() => void query.refetch()} />;
  if (query.data.data.length === 0) {
    return <p className="mb-0">An event belongs to a timeline. Create a timeline first.</p>;
  }
  const fields: FieldConfig[] = [
    NAME,
    definition
      ? calendarDateFieldConfig('calendarDate', 'Date', definition)
      : { name: 'dateTime', label: 'Date/Time', type: 'datetime-local', required: true },
    notifyingSelectConfig(
      { name: 'timelineId', label: 'Timeline', required: true },
      query.data.data.map((t) => ({ value: t.timelineId, label: t.name || t.timelineId.slice(0, 8) })),
      setTimelineId,
    ),
    DESCRIPTION,
  ];
  const schema = definition
    ? checkedAgainstCalendar(
        EventQuickCreateSchema.extend({ dateTime: z.unknown().transform(() => undefined) }),
        'calendarDate',
        definition,
      )
    : EventQuickCreateSchema;
  return (
    <GenericForm
      compact
      schema={schema}
      fields={fields}
      submitLabel="Create event"
      failureFallback="Failed to save event. Please check your input and try again."
      onCancel={onCancel}
      onSubmit={async (values) => {
        const resource = eventsResource(worldId);
        const { dateTime, calendarDate, ...rest } = values;
        const created = await resource.create(
          definition ? { ...rest, calendarDate } : { ...rest, ...(dateTime !== undefined ? { dateTime } : {}) },
        );
        await queryClient.invalidateQueries({ queryKey: ['worlds', worldId] });
        onCreated(created.name);
      }}
    />
  );
}

/**
 * The quick-create form of one entity type in a world (SPEC §1 "quick-create popover", §5 rules): characters,
 * items and maps take name and description; timelines add their current date/time; events their date/time and
 * a required timeline. On success the world's queries (and so its counts) refresh. Reusable in GenericList's
 * `renderQuickCreate`.
 */
export function QuickCreateForm({ worldId, type, onCreated, onCancel }: QuickCreateFormProps) {
  const queryClient = useQueryClient();
  const done = async (name: string) => {
    await queryClient.invalidateQueries({ queryKey: ['worlds', worldId] });
    onCreated(name);
  };
  switch (type) {
    case 'events':
      return <EventQuickCreate worldId={worldId} onCreated={onCreated} onCancel={onCancel} />;
    case 'characters':
      return (
        <GenericForm
          compact
          schema={CharacterCreateSchema}
          fields={[NAME, DESCRIPTION]}
          submitLabel="Create character"
          onCancel={onCancel}
          onSubmit={async (values) => done((await charactersResource(worldId).create(values)).name)}
        />
      );
    case 'items':
      return (
        <GenericForm
          compact
          schema={ItemCreateSchema}
          fields={[NAME, DESCRIPTION]}
          submitLabel="Create item"
          failureFallback="Failed to save item."
          onCancel={onCancel}
          onSubmit={async (values) => done((await itemsResource(worldId).create(values)).name)}
        />
      );
    case 'maps':
      return (
        <GenericForm
          compact
          schema={MapCreateSchema}
          fields={[NAME, DESCRIPTION]}
          submitLabel="Create map"
          failureFallback="An unexpected error occurred while saving the map."
          onCancel={onCancel}
          onSubmit={async (values) => done((await mapsResource(worldId).create(values)).name)}
        />
      );
    case 'timelines':
      return (
        <GenericForm
          compact
          schema={TimelineFieldsSchema}
          fields={[NAME, { name: 'currentDateTime', label: 'Current Date/Time', type: 'datetime-local', required: true }, DESCRIPTION]}
          defaultValues={{ branchingEnabled: true }}
          submitLabel="Create timeline"
          onCancel={onCancel}
          onSubmit={async (values) => done((await timelinesResource(worldId).create(values)).name)}
        />
      );
  }
}
