/**
 * How answers carry a calendar date and a described moment (docs/calendars.md "Reading a date"): the schemas of
 * `currentDate`, `calendarDate` and the convert route's answer. Apart from calendar.describe.ts, which computes
 * them, so reading a date does not load zod.
 */
import { z } from 'zod';
import { MOON_PHASES } from './calendar.describe.js';

/** A calendar date as answers carry it (every part present; era null when no era covers the year). */
export const CalendarDateAnswerSchema = z.object({
  year: z.number(),
  month: z.number(),
  day: z.number(),
  hour: z.number(),
  minute: z.number(),
  era: z.string().nullable(),
});

/** A date as answers carry it: the instant as a decimal string, the date, its words, weekday, moons, season. */
export const CalendarMomentSchema = z.object({
  instant: z.string().describe('Whole minutes since the calendar epoch (first minute of year 1), as decimal digits.'),
  date: CalendarDateAnswerSchema,
  formatted: z.string().describe("The date in the calendar's own words."),
  monthName: z.string(),
  weekday: z.string().nullable().describe('Null on intercalary days, which belong to no week.'),
  season: z.string().nullable(),
  moons: z.array(z.object({ moon: z.string(), phase: z.enum(MOON_PHASES), fraction: z.number() })),
});
export type CalendarMoment = z.infer<typeof CalendarMomentSchema>;
