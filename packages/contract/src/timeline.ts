/** Timeline and event schemas (SPEC §3 Timeline/Event, §5 Timeline/Event, §7 Timelines and events). */
import { z } from 'zod';
import { AccessFieldsSchema, AccessInputSchema } from './access.js';
import { booleanField, dateTimeField, jsonValueField, optionalText, optionalUuidField, requiredText } from './fields.js';
import { richTextField, richTextOutput } from './rich-text.js';
import { CalendarDateSchema } from './calendar/calendar.model.js';
import { CalendarDateAnswerSchema } from './calendar/calendar.answer.js';
import { mustBeDateTime, required } from './messages.js';

/**
 * A date in the timeline's calendar (issue 12): `{year, month, day, hour, minute, era?}`, an alternative to the
 * ISO `dateTime` field and the only way to date things on a timeline with a calendar of its own.
 */
const calendarDateField = (label: string) =>
  CalendarDateSchema.nullish()
    .transform((value) => value ?? null)
    .describe(
      `${label} in the timeline's calendar: {year, month, day, hour, minute, era?} (era: name or abbreviation; without it year is the absolute year).`,
    );

const isMissingValue = (value: unknown): boolean => value === undefined || value === null || value === '';
/** Stands in for the ISO field when the calendar date is given instead (never a valid date-time itself). */
const GIVEN_AS_CALENDAR_DATE = 'given as calendarDate';

/**
 * Either the ISO field or the calendar date must be there. When only the calendar date is, the ISO field is
 * marked so its own check passes (and reads as null); when neither is, the ISO field says '{label} is required.'
 * next to every other field's message.
 */
const markIsoGivenAsDate =
  (isoKey: string, dateKey: string) =>
  (input: unknown): unknown => {
    if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
    const body = input as Record<string, unknown>;
    if (!isMissingValue(body[isoKey]) || isMissingValue(body[dateKey])) return input;
    return { ...body, [isoKey]: GIVEN_AS_CALENDAR_DATE };
  };

/** A date-time field that is required unless the calendar date stands in for it (then null). */
const isoOrCalendarDate = (label: string) =>
  z.union([dateTimeField(label), z.literal(GIVEN_AS_CALENDAR_DATE).transform(() => null)], {
    error: (issue) => (isMissingValue(issue.input) ? required(label) : mustBeDateTime(label)),
  });

/** The timeline body's fields (forms extend it); requests go through TimelineCreateSchema. */
export const TimelineFieldsSchema = AccessInputSchema.extend({
  name: requiredText('Name'),
  description: optionalText('Description'),
  descriptionHtml: richTextField('Description'),
  calendarId: optionalUuidField('Calendar').describe(
    "calendarId of the world's calendar this timeline keeps time in; absent or null: the built-in Gregorian calendar.",
  ),
  currentDateTime: isoOrCalendarDate('Current Date/Time').describe(
    "The timeline's 'now' (ISO 8601, UTC), on a Gregorian timeline; or give currentDate.",
  ),
  currentDate: calendarDateField("The timeline's 'now'"),
  genesisEvent: optionalUuidField('Genesis Event').describe('eventId of the event the timeline starts with.'),
  initialStates: optionalUuidField('Initial States'),
  branchingEnabled: booleanField('Branching Enabled').default(true),
  parentTimelineId: optionalUuidField('Parent Timeline').describe('The timeline this one branches from.'),
  branchingEvent: optionalUuidField('Branching Event').describe('eventId in the parent timeline where this branch diverges.'),
});
/** A timeline body: currentDateTime (ISO) or currentDate (in the timeline's calendar), one of them required. */
export const TimelineCreateSchema = z.preprocess(markIsoGivenAsDate('currentDateTime', 'currentDate'), TimelineFieldsSchema);
/** What a client sends: currentDateTime may be left out (or null) when currentDate is given. */
export type TimelineCreateInput = Omit<z.input<typeof TimelineFieldsSchema>, 'currentDateTime'> & { currentDateTime?: string | null };
export const TimelineUpdateSchema = TimelineCreateSchema;

export const TimelineSchema = AccessFieldsSchema.extend({
  timelineId: z.string(),
  worldId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  descriptionHtml: richTextOutput(),
  calendarId: z
    .string()
    .nullable()
    .optional()
    .describe('Null: the built-in Gregorian calendar. Always answered; optional for clients written before calendars.'),
  currentDateTime: z.string().nullable().describe("ISO 8601 'now' on a Gregorian timeline; null on a timeline with its own calendar."),
  currentInstant: z.string().optional().describe("The 'now' as whole minutes since the calendar's epoch (decimal digits)."),
  currentDate: CalendarDateAnswerSchema.optional(),
  currentDateFormatted: z.string().optional().describe("The 'now' in the calendar's own words."),
  genesisEvent: z.string().nullable(),
  initialStates: z.string().nullable(),
  branchingEnabled: z.boolean(),
  parentTimelineId: z.string().nullable(),
  branchingEvent: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Timeline = z.infer<typeof TimelineSchema>;
export const TIMELINE_SORT_FIELDS = ['createdAt', 'updatedAt', 'name', 'currentDateTime'] as const;

/** The event body's fields (forms extend it); requests go through EventCreateSchema. */
export const EventFieldsSchema = AccessInputSchema.extend({
  name: requiredText('Name'),
  description: optionalText('Description'),
  descriptionHtml: richTextField('Description'),
  dateTime: isoOrCalendarDate('Date/Time').describe('ISO 8601 on a Gregorian timeline (or without timeline); or give calendarDate.'),
  calendarDate: calendarDateField('The date'),
  timelineId: optionalUuidField('Timeline'),
  characterAttributeChanges: jsonValueField('Character Attribute Changes'),
  inventoryChanges: jsonValueField('Inventory Changes'),
  relationshipChanges: jsonValueField('Relationship Changes'),
  isBranchingEvent: booleanField('Branching Event').default(false),
  childTimelineId: optionalUuidField('Child Timeline').describe('The timeline that branches off at this event.'),
});
/** An event body: dateTime (ISO) or calendarDate (in its timeline's calendar), one of them required. */
export const EventCreateSchema = z.preprocess(markIsoGivenAsDate('dateTime', 'calendarDate'), EventFieldsSchema);
/** What a client sends: dateTime may be left out (or null) when calendarDate is given. */
export type EventCreateInput = Omit<z.input<typeof EventFieldsSchema>, 'dateTime'> & { dateTime?: string | null };
export const EventUpdateSchema = EventCreateSchema;

/** A change field as stored and answered: the JSON object or array the event was saved with, or null. */
const storedChanges = z
  .union([z.record(z.string(), z.unknown()), z.array(z.unknown())])
  .nullable()
  .describe('The changes as saved: usually `{ "version": 1, "changes": [...] }`, or null.');

export const EventSchema = AccessFieldsSchema.extend({
  eventId: z.string(),
  worldId: z.string(),
  timelineId: z.string().nullable(),
  name: z.string(),
  description: z.string().nullable(),
  descriptionHtml: richTextOutput(),
  dateTime: z.string().nullable().describe('ISO 8601 on a Gregorian timeline; null on a timeline with its own calendar.'),
  instant: z.string().optional().describe("Whole minutes since the calendar's epoch (decimal digits); orders events."),
  calendarDate: CalendarDateAnswerSchema.optional(),
  formattedDate: z.string().optional().describe("The date in the calendar's own words."),
  characterAttributeChanges: storedChanges,
  inventoryChanges: storedChanges,
  relationshipChanges: storedChanges,
  isBranchingEvent: z.boolean(),
  childTimelineId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Event = z.infer<typeof EventSchema>;
export const EVENT_SORT_FIELDS = ['createdAt', 'updatedAt', 'name', 'dateTime'] as const;
