/**
 * Request and answer schemas of the calendar routes (issue 12): CRUD at /api/worlds/{worldId}/calendars,
 * `POST …/calendars/import` and `GET …/calendars/{calendarId}/convert`.
 */
import { z } from 'zod';
import { enumField, optionalText, requiredText } from '../fields.js';
import { CalendarMomentSchema } from './calendar.answer.js';
import { FantasyCalendarExportSchema } from './calendar.fantasy-calendar.js';
import { CalendarDefinitionObjectSchema, ERA_COUNTING, checkCalendarDefinition } from './calendar.model.js';
import { CALENDAR_PRESETS, calendarPresetInput, type CalendarPresetName } from './calendar.presets.js';

const CalendarWriteObjectSchema = CalendarDefinitionObjectSchema.extend({
  name: requiredText('Name'),
  description: optionalText('Description'),
  preset: enumField('Preset', CALENDAR_PRESETS)
    .optional()
    .describe('Start from this preset: every field the body leaves out is taken from it (name included).'),
});

const isPreset = (value: unknown): value is CalendarPresetName => (CALENDAR_PRESETS as readonly unknown[]).includes(value);

/** Fills the fields a body leaves out from the preset it names; anything else passes through unchanged. */
function fillFromPreset(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return input;
  const preset = (input as { preset?: unknown }).preset;
  if (!isPreset(preset)) return input;
  const { name, description, definition } = calendarPresetInput(preset);
  return { name, description, ...definition, ...input };
}

/** Body of POST and PUT: a name, a description and the definition, optionally starting from a preset. */
export const CalendarCreateSchema = z.preprocess(fillFromPreset, CalendarWriteObjectSchema.superRefine(checkCalendarDefinition));
export type CalendarCreateInput = z.input<typeof CalendarWriteObjectSchema>;
export const CalendarUpdateSchema = CalendarCreateSchema;

/** An event whose date in its calendar changes when a calendar's definition changes (its instant stays). */
export const MovedDateSchema = z.object({
  kind: z.enum(['event', 'timeline']).describe("What moved: an event, or a timeline's 'now'."),
  id: z.string(),
  name: z.string(),
  before: z.string().describe('The date as the old definition wrote it.'),
  after: z.string().describe('The date the same instant reads as now.'),
});
export type MovedDate = z.infer<typeof MovedDateSchema>;

const int = () => z.number().int();

/** A definition as answers carry it (plain types: every default already applied). */
export const CalendarDefinitionAnswerSchema = z.object({
  months: z.array(z.object({ name: z.string(), days: int(), intercalary: z.boolean() })),
  weekdays: z.array(z.string()),
  firstWeekday: int(),
  hoursPerDay: int(),
  minutesPerHour: int(),
  leapRules: z.array(
    z.object({
      name: z.string().nullable(),
      month: z.string(),
      days: int(),
      every: int(),
      offset: int(),
      exceptions: z.array(z.object({ every: int(), leap: z.boolean() })),
    }),
  ),
  eras: z.array(
    z.object({
      name: z.string(),
      abbreviation: z.string().nullable(),
      startYear: int().nullable(),
      counting: z.enum(ERA_COUNTING),
      hasYearZero: z.boolean(),
    }),
  ),
  moons: z.array(z.object({ name: z.string(), cycleDays: z.number(), offsetDays: z.number() })),
  seasons: z.array(z.object({ name: z.string(), month: z.string(), day: int() })),
  dateFormat: z.string().nullable(),
  intercalaryFormat: z.string().nullable(),
});

/** A calendar as the API answers it. */
export const CalendarSchema = CalendarDefinitionAnswerSchema.extend({
  calendarId: z.string(),
  worldId: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  createdBy: z.string().nullable().describe('userId of who created it (null for calendars older than this field).'),
  updatedBy: z.string().nullable().describe('userId of who changed it last.'),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Calendar = z.infer<typeof CalendarSchema>;
export const CALENDAR_SORT_FIELDS = ['createdAt', 'updatedAt', 'name'] as const;

/** Answer of PUT: the calendar, and the dates on its timelines that now read differently. */
export const CalendarUpdateResultSchema = CalendarSchema.extend({
  movedDates: z.array(MovedDateSchema).describe('Events and timeline "now"s whose instant stays but whose date now reads differently.'),
});

/** Answer of the import: the new calendar and notes on what could not be carried over. */
export const CalendarImportResultSchema = CalendarSchema.extend({
  importNotes: z.array(z.string()).describe('What the import approximated or left out (events, periodic seasons).'),
});

/** Body of the import: a Fantasy-Calendar JSON export, as that site downloads it (unread parts are ignored). */
export const CalendarImportBodySchema = FantasyCalendarExportSchema.describe(
  'A Fantasy-Calendar JSON export (name, static_data.year_data, moons, clock, eras, seasons…); other parts are ignored.',
);

/** Query of the convert route: exactly one of `date` and `instant`. */
export const CalendarConvertQuerySchema = z.object({
  date: z
    .string()
    .max(300, 'date must be no more than 300 characters.')
    .optional()
    .describe(
      'A date as YEAR-MONTH-DAY[THH:MM][ ERA]; MONTH is a number or a month name: 1492-Flamerule-30 DR. Without date or instant: the epoch.',
    ),
  instant: z
    .string()
    .max(60, 'instant must be no more than 60 characters.')
    .optional()
    .describe('Whole minutes since the epoch, as digits.'),
});

/** Answer of the convert route (the same moment both ways, with its words, weekday, moons and season). */
export const CalendarConvertResultSchema = CalendarMomentSchema;
