/** Timeline and event schemas (SPEC §3 Timeline/Event, §5 Timeline/Event, §7 Timelines and events). */
import { z } from 'zod';
import { AccessFieldsSchema, AccessInputSchema } from './access.js';
import { booleanField, dateTimeField, jsonValueField, optionalText, optionalUuidField, requiredText } from './fields.js';

export const TimelineCreateSchema = AccessInputSchema.extend({
  name: requiredText('Name'),
  description: optionalText('Description'),
  currentDateTime: dateTimeField('Current Date/Time').describe("The timeline's 'now' (ISO 8601, UTC)."),
  genesisEvent: optionalUuidField('Genesis Event').describe('eventId of the event the timeline starts with.'),
  initialStates: optionalUuidField('Initial States'),
  branchingEnabled: booleanField('Branching Enabled').default(true),
  parentTimelineId: optionalUuidField('Parent Timeline').describe('The timeline this one branches from.'),
  branchingEvent: optionalUuidField('Branching Event').describe('eventId in the parent timeline where this branch diverges.'),
});
export type TimelineCreateInput = z.input<typeof TimelineCreateSchema>;
export const TimelineUpdateSchema = TimelineCreateSchema;

export const TimelineSchema = AccessFieldsSchema.extend({
  timelineId: z.string(),
  worldId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  currentDateTime: z.string(),
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

export const EventCreateSchema = AccessInputSchema.extend({
  name: requiredText('Name'),
  description: optionalText('Description'),
  dateTime: dateTimeField('Date/Time'),
  timelineId: optionalUuidField('Timeline'),
  characterAttributeChanges: jsonValueField('Character Attribute Changes'),
  inventoryChanges: jsonValueField('Inventory Changes'),
  relationshipChanges: jsonValueField('Relationship Changes'),
  isBranchingEvent: booleanField('Branching Event').default(false),
  childTimelineId: optionalUuidField('Child Timeline').describe('The timeline that branches off at this event.'),
});
export type EventCreateInput = z.input<typeof EventCreateSchema>;
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
  dateTime: z.string(),
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
