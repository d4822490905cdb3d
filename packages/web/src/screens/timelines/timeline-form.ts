/** Field configuration and payload of the timeline form (SPEC §3 Timeline, §5 Timeline). */
import { z } from 'zod';
import { type Calendar, type CalendarDefinition, type Event, type Timeline, TimelineFieldsSchema } from '@loreforge/contract';
import { selectLabel } from '../../api/lookup';
import { calendarDateFieldConfig, checkedAgainstCalendar, notifyingSelectConfig } from '../../components/calendar/calendar-form';
import type { FieldConfig } from '../../components/form/types';
import { toDateTimeLocal } from '../../components/story/date-input';
import { omitEmpty, withFallbackOptions, type SelectOption } from '../../components/story/select-options';

/** The optional id fields, omitted from the payload when empty. */
export const TIMELINE_ID_FIELDS = ['calendarId', 'genesisEvent', 'initialStates', 'parentTimelineId', 'branchingEvent'] as const;

/** What the form saves: the schema's output with empty ids left out. */
export type TimelinePayload = ReturnType<typeof omitEmpty<z.output<typeof TimelineFieldsSchema>, (typeof TIMELINE_ID_FIELDS)[number]>>;

/** The form's initial values: a new timeline has branching enabled; a loaded one its own values, dates without Z. */
export function timelineDefaults(timeline?: Timeline): Record<string, unknown> {
  if (!timeline) return { branchingEnabled: true };
  return {
    name: timeline.name,
    description: timeline.description ?? '',
    calendarId: timeline.calendarId ?? '',
    descriptionHtml: timeline.descriptionHtml ?? '',
    currentDateTime: toDateTimeLocal(timeline.currentDateTime),
    currentDate: timeline.calendarId ? timeline.currentDate : undefined,
    genesisEvent: timeline.genesisEvent ?? '',
    initialStates: timeline.initialStates ?? '',
    branchingEnabled: timeline.branchingEnabled,
    parentTimelineId: timeline.parentTimelineId ?? '',
    branchingEvent: timeline.branchingEvent ?? '',
  };
}

/** The calendar part of the timeline form: the world's calendars, the chosen one's definition, and a pick callback. */
export interface TimelineCalendarChoice {
  calendars: readonly Calendar[];
  /** The chosen calendar's definition; undefined for the Gregorian calendar (or while it loads). */
  definition?: CalendarDefinition | undefined;
  onPick: (calendarId: string) => void;
}

/**
 * The timeline form's fields: events and timelines as selects (names, or the first 8 characters of an id
 * that is not loaded), initial states as a UUID text input, and the calendar (issue 12): with one of the world's
 * calendars chosen, "now" is entered as that calendar's date instead of an ISO date-time.
 * @param events the world's events; @param timelines its timelines; @param current the timeline being edited.
 */
export function timelineFields(
  events: readonly Event[],
  timelines: readonly Timeline[],
  current?: Timeline,
  calendar?: TimelineCalendarChoice,
): FieldConfig[] {
  const timelineNames = new Map(timelines.map((t) => [t.timelineId, selectLabel(t.timelineId, t.name)]));
  const eventOptions: SelectOption[] = events.map((e) => ({
    value: e.eventId,
    label:
      e.timelineId && timelineNames.has(e.timelineId)
        ? `${selectLabel(e.eventId, e.name)} (${timelineNames.get(e.timelineId) ?? ''})`
        : selectLabel(e.eventId, e.name),
  }));
  const parentOptions = timelines
    .filter((t) => t.timelineId !== current?.timelineId)
    .map((t) => ({ value: t.timelineId, label: selectLabel(t.timelineId, t.name) }));
  return [
    { name: 'name', label: 'Name', type: 'text', required: true, placeholder: 'e.g. The Age of Embers' },
    { name: 'description', label: 'Description', type: 'richtext' },
    ...(calendar
      ? [
          notifyingSelectConfig(
            { name: 'calendarId', label: 'Calendar', help: 'None: the Gregorian calendar, with ISO dates.' },
            calendar.calendars.map((c) => ({ value: c.calendarId, label: c.name })),
            calendar.onPick,
          ),
        ]
      : []),
    calendar?.definition
      ? calendarDateFieldConfig('currentDate', 'Current Date', calendar.definition, "The timeline's present moment, in its calendar.")
      : {
          name: 'currentDateTime',
          label: 'Current Date/Time',
          type: 'datetime-local',
          required: true,
          help: "The timeline's present moment.",
        },
    {
      name: 'genesisEvent',
      label: 'Genesis Event',
      type: 'select',
      options: withFallbackOptions(eventOptions, [current?.genesisEvent]),
      help: 'The event this timeline starts with.',
    },
    {
      name: 'initialStates',
      label: 'Initial States',
      type: 'text',
      placeholder: 'A UUID, e.g. 3f2b…',
      help: 'Optional id of the starting state record.',
    },
    { name: 'branchingEnabled', label: 'Branching Enabled', type: 'checkbox' },
    {
      name: 'parentTimelineId',
      label: 'Parent Timeline',
      type: 'select',
      options: withFallbackOptions(parentOptions, [current?.parentTimelineId]),
      help: 'Set when this timeline is a branch of another.',
    },
    {
      name: 'branchingEvent',
      label: 'Branching Event',
      type: 'select',
      options: withFallbackOptions(eventOptions, [current?.branchingEvent]),
      help: 'The event of the parent timeline where this branch diverges.',
    },
  ];
}

/**
 * The form's schema: the contract's, or on a timeline with its own calendar one where "now" is the calendar date,
 * checked against that calendar (the ISO field is not shown then).
 */
export function timelineFormSchema(definition?: CalendarDefinition): z.ZodType<z.output<typeof TimelineFieldsSchema>> {
  if (!definition) return TimelineFieldsSchema;
  const calendarSchema = TimelineFieldsSchema.extend({ currentDateTime: z.unknown().transform(() => null) });
  return checkedAgainstCalendar(calendarSchema, 'currentDate', definition);
}

/**
 * The payload sent on save: the validated values without empty optional ids (SPEC §5), and with only the date
 * field of the timeline's calendar: currentDate on a calendar of its own, currentDateTime on the Gregorian one.
 */
export function timelinePayload(values: z.output<typeof TimelineFieldsSchema>): TimelinePayload {
  const payload = omitEmpty(values, TIMELINE_ID_FIELDS);
  const { currentDate, currentDateTime, ...rest } = payload;
  return (payload.calendarId ? { ...rest, currentDate } : { ...rest, currentDateTime }) as TimelinePayload;
}
