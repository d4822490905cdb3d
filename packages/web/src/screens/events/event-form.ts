/** Field configuration and initial values of the event form (SPEC §3 Event, §5 Event). */
import { z } from 'zod';
import { type CalendarDefinition, EventFieldsSchema, invalidJsonIn, jsonValueField, type Event, type Timeline } from '@loreforge/contract';
import { calendarDateFieldConfig, checkedAgainstCalendar, notifyingSelectConfig } from '../../components/calendar/calendar-form';
import { selectLabel } from '../../api/lookup';
import { createElement } from 'react';
import type { FieldConfig } from '../../components/form/types';
import { toJsonValue } from '../../components/form/prepare-values';
import { ChangeJsonField, type HelperOption } from './ChangeJsonField';
import { toDateTimeLocal } from '../../components/story/date-input';
import { withFallbackOptions } from '../../components/story/select-options';

/** SPEC §8: the event form's save failure. */
export const EVENT_SAVE_FAILED = 'Failed to save event. Please check your input and try again.';

/** The three JSON change fields, with the labels the contract's 'Invalid JSON in {label}.' message uses. */
export const CHANGE_FIELDS = [
  {
    name: 'characterAttributeChanges',
    label: 'Character Attribute Changes',
    kind: 'attribute',
    example: '{ "version": 1, "changes": [{ "op": "increment", "characterId": "…", "path": "health", "by": -10 }] }',
  },
  {
    name: 'inventoryChanges',
    label: 'Inventory Changes',
    kind: 'inventory',
    example: '{ "version": 1, "changes": [{ "characterId": "…", "itemId": "…", "quantity": 1 }] }',
  },
  {
    name: 'relationshipChanges',
    label: 'Relationship Changes',
    kind: 'relationship',
    example:
      '{ "version": 1, "changes": [{ "op": "update", "characterId": "…", "targetCharacterId": "…", "delta": { "trustLevel": 5 } }] }',
  },
] as const;

/**
 * A change field as the form validates it: text that did not parse (or a bare number, string or boolean) gets
 * 'Invalid JSON in {label}. Please correct it.' before the contract's own checks run. The contract's union
 * alone answers zod's generic "expected record" for these.
 */
function changeField(label: string) {
  // The field holds JSON text (typed, or written by the change helper): parse it first, '' meaning none.
  return z
    .preprocess(toJsonValue, z.unknown())
    .superRefine((value, ctx) => {
      if (value !== null && value !== undefined && typeof value !== 'object')
        ctx.addIssue({ code: 'custom', message: invalidJsonIn(label) });
    })
    .pipe(jsonValueField(label));
}

/** The event form's schema: the contract's EventFieldsSchema with the SPEC §5 message for unparsable JSON. */
export const EventFormSchema = EventFieldsSchema.extend({
  characterAttributeChanges: changeField('Character Attribute Changes'),
  inventoryChanges: changeField('Inventory Changes'),
  relationshipChanges: changeField('Relationship Changes'),
});

/** The calendar part of the event form: the chosen timeline's calendar definition, and a timeline pick callback. */
export interface EventCalendarChoice {
  /** The calendar of the chosen timeline; undefined for a Gregorian timeline (or none, or while it loads). */
  definition?: CalendarDefinition | undefined;
  onPick: (timelineId: string) => void;
}

/**
 * The event form's schema for the chosen timeline's calendar: the ISO field on a Gregorian timeline, else the
 * calendar date, checked against that calendar (issue 12).
 */
export function eventFormSchema(definition?: CalendarDefinition) {
  if (!definition) return EventFormSchema;
  return checkedAgainstCalendar(EventFormSchema.extend({ dateTime: z.unknown().transform(() => null) }), 'calendarDate', definition);
}

/** The event payload with only the date field of its timeline's calendar (calendarDate there, else dateTime). */
export function eventPayload<T extends { dateTime?: unknown; calendarDate?: unknown }>(values: T, onCalendar: boolean): T {
  const { dateTime, calendarDate, ...rest } = values;
  return (onCalendar ? { ...rest, calendarDate } : { ...rest, dateTime }) as T;
}

/** Shows a loaded JSON value in its text area: pretty-printed, or empty for null. */
export function jsonText(value: unknown): string {
  return value === null || value === undefined ? '' : JSON.stringify(value, null, 2);
}

/**
 * The form's initial values: a new event may start in a timeline (from `?timelineId=`); a loaded one shows
 * its date without the trailing Z and its changes as JSON text.
 */
export function eventDefaults(event?: Event, timelineId?: string | null): Record<string, unknown> {
  if (!event) return { timelineId: timelineId ?? '', isBranchingEvent: false };
  return {
    name: event.name,
    description: event.description ?? '',
    descriptionHtml: event.descriptionHtml ?? '',
    dateTime: toDateTimeLocal(event.dateTime),
    calendarDate: event.dateTime === null ? event.calendarDate : undefined,
    timelineId: event.timelineId ?? '',
    characterAttributeChanges: jsonText(event.characterAttributeChanges),
    inventoryChanges: jsonText(event.inventoryChanges),
    relationshipChanges: jsonText(event.relationshipChanges),
    isBranchingEvent: event.isBranchingEvent,
    childTimelineId: event.childTimelineId ?? '',
  };
}

/**
 * The event form's fields: timeline optional on the full form, JSON text areas for the three changes, and
 * the branching flag with its child timeline.
 * @param timelines the world's timelines; @param event the event being edited; @param helper the characters and
 *   items the change helper offers.
 */
export function eventFields(
  timelines: readonly Timeline[],
  event?: Event,
  helper: { characters: readonly HelperOption[]; items: readonly HelperOption[] } = { characters: [], items: [] },
  calendar?: EventCalendarChoice,
): FieldConfig[] {
  const options = timelines.map((t) => ({ value: t.timelineId, label: selectLabel(t.timelineId, t.name) }));
  const timelineOptions = withFallbackOptions(options, [event?.timelineId]);
  return [
    { name: 'name', label: 'Name', type: 'text', required: true, placeholder: 'e.g. The Fall of the Bridge' },
    calendar?.definition
      ? calendarDateFieldConfig('calendarDate', 'Date', calendar.definition)
      : { name: 'dateTime', label: 'Date/Time', type: 'datetime-local', required: true },
    { name: 'description', label: 'Description', type: 'richtext' },
    calendar
      ? notifyingSelectConfig(
          { name: 'timelineId', label: 'Timeline', help: 'An event on a timeline with its own calendar is dated in that calendar.' },
          timelineOptions,
          calendar.onPick,
        )
      : { name: 'timelineId', label: 'Timeline', type: 'select', options: timelineOptions },
    ...CHANGE_FIELDS.map((field): FieldConfig => ({
      name: field.name,
      label: field.label,
      type: 'custom',
      help: 'JSON in the versioned format (or your own free form, kept but not applied); leave empty for none.',
      render: (props) => createElement(ChangeJsonField, { ...props, kind: field.kind, placeholder: field.example, ...helper }),
    })),
    { name: 'isBranchingEvent', label: 'Branching Event', type: 'checkbox' },
    {
      name: 'childTimelineId',
      label: 'Child Timeline',
      type: 'select',
      options: withFallbackOptions(
        options.filter((o) => o.value !== event?.timelineId),
        [event?.childTimelineId],
      ),
      help: 'The timeline that branches off at this event.',
    },
  ];
}
