/**
 * The world calendar model (issue 12, docs/calendars.md): months, weekdays, the clock, leap rules, eras, moons
 * and seasons, as zod schemas whose messages name the field the way SPEC §5 words them.
 */
import { z } from 'zod';
import { booleanField, enumField, numberField, optionalText, requiredText } from '../fields.js';
import { leapRulePeriod } from './calendar.leap.js';
import { CALENDAR_LIMITS } from './calendar.limits.js';

/** One month (or intercalary span such as a festival day). `days` may be 0 for a span only leap rules fill. */
export const CalendarMonthSchema = z.object({
  name: requiredText('Month Name', { max: 100 }),
  days: numberField('Days', 0, CALENDAR_LIMITS.monthDaysMax, true).describe('Days in a common year (0 to 10,000).'),
  intercalary: booleanField('Intercalary')
    .default(false)
    .describe('Intercalary days belong to no week: the weekday does not advance over them.'),
});
export type CalendarMonth = z.infer<typeof CalendarMonthSchema>;

/** An exception to a leap rule: years divisible by `every` (counted from the rule's offset) are or are not leap. */
export const LeapExceptionSchema = z.object({
  every: numberField('Every', 1, CALENDAR_LIMITS.leapCycleMax, true).describe('Interval in years.'),
  leap: booleanField('Leap').describe('Whether those years are leap years after all.'),
});
export type LeapException = z.infer<typeof LeapExceptionSchema>;

/**
 * A leap rule: every `every` years (counted from `offset`) the month named `month` gains `days` days, unless an
 * exception with a larger interval that divides the year says otherwise (the largest dividing interval decides).
 */
export const LeapRuleSchema = z.object({
  name: optionalText('Leap Rule Name', 100),
  month: requiredText('Month', { max: 100 }).describe('Name of the month that gains the days.'),
  days: numberField('Days', 1, CALENDAR_LIMITS.monthDaysMax, true).default(1),
  every: numberField('Every', 1, CALENDAR_LIMITS.leapCycleMax, true).describe('Interval in years.'),
  offset: numberField('Offset', -CALENDAR_LIMITS.leapCycleMax, CALENDAR_LIMITS.leapCycleMax, true)
    .default(0)
    .describe('Year from which the interval counts (year 0 when 0).'),
  exceptions: z.array(LeapExceptionSchema).max(10, 'Exceptions must have no more than 10 entries.').default([]),
});
export type LeapRule = z.infer<typeof LeapRuleSchema>;

/** How an era numbers its years. */
export const ERA_COUNTING = ['up', 'down', 'absolute'] as const;
export type EraCounting = (typeof ERA_COUNTING)[number];

/**
 * An era: a named range of years from `startYear` (an absolute year; null for the first era, which reaches back
 * without end) to the next era's start. `up` counts 1, 2, 3… from its start (0, 1, 2… with a year zero);
 * `down` counts towards its end, which it needs (…, 3, 2, 1 as in BC); `absolute` keeps the calendar's year numbers.
 */
export const CalendarEraSchema = z.object({
  name: requiredText('Era Name', { max: 100 }),
  abbreviation: optionalText('Abbreviation', 20),
  startYear: numberField('Start Year', -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, true)
    .nullable()
    .default(null)
    .describe('Absolute year the era begins with; null for a first era without beginning.'),
  counting: enumField('Counting', ERA_COUNTING).default('up'),
  hasYearZero: booleanField('Year Zero').default(false),
});
export type CalendarEra = z.infer<typeof CalendarEraSchema>;

/** A moon: `cycleDays` from new to new, `offsetDays` the day number (since the epoch) of one new moon. */
export const CalendarMoonSchema = z.object({
  name: requiredText('Moon Name', { max: 100 }),
  cycleDays: numberField('Cycle', 0.01, CALENDAR_LIMITS.moonCycleMax).describe('Days from one new moon to the next.'),
  offsetDays: numberField('Offset', -CALENDAR_LIMITS.moonCycleMax, CALENDAR_LIMITS.moonCycleMax)
    .default(0)
    .describe('Days after the epoch on which a new moon falls.'),
});
export type CalendarMoon = z.infer<typeof CalendarMoonSchema>;

/** A season, starting on a day of a month and lasting until the next season starts (wrapping over the year). */
export const CalendarSeasonSchema = z.object({
  name: requiredText('Season Name', { max: 100 }),
  month: requiredText('Month', { max: 100 }),
  day: numberField('Day', 1, CALENDAR_LIMITS.monthDaysMax, true).default(1),
});
export type CalendarSeason = z.infer<typeof CalendarSeasonSchema>;

const list = <T extends z.ZodType>(label: string, item: T, min: number, max: number) =>
  z
    .array(item, { error: () => `${label} must be a list.` })
    .min(min, min === 1 ? `${label} must have at least one entry.` : `${label} must have at least ${min} entries.`)
    .max(max, `${label} must have no more than ${max} entries.`);

/** The definition fields every calendar shares (stored as one JSON document). */
export const CalendarDefinitionObjectSchema = z.object({
  months: list('Months', CalendarMonthSchema, 1, CALENDAR_LIMITS.monthsMax),
  weekdays: list('Weekdays', requiredText('Weekday', { max: 100 }), 1, CALENDAR_LIMITS.weekdaysMax),
  firstWeekday: numberField('First Weekday', 0, CALENDAR_LIMITS.weekdaysMax - 1, true)
    .default(0)
    .describe('Index of the weekday of the first day of year 1 (0 = the first weekday).'),
  hoursPerDay: numberField('Hours per Day', 1, CALENDAR_LIMITS.hoursPerDayMax, true).default(24),
  minutesPerHour: numberField('Minutes per Hour', 1, CALENDAR_LIMITS.minutesPerHourMax, true).default(60),
  leapRules: list('Leap Rules', LeapRuleSchema, 0, CALENDAR_LIMITS.leapRulesMax).default([]),
  eras: list('Eras', CalendarEraSchema, 0, CALENDAR_LIMITS.erasMax).default([]),
  moons: list('Moons', CalendarMoonSchema, 0, CALENDAR_LIMITS.moonsMax).default([]),
  seasons: list('Seasons', CalendarSeasonSchema, 0, CALENDAR_LIMITS.seasonsMax).default([]),
  dateFormat: optionalText('Date Format', 200).describe(
    'How dates read, with {day}, {dayOrdinal}, {month}, {monthNumber}, {year}, {era}, {eraAbbr} and {weekday}.',
  ),
  intercalaryFormat: optionalText('Intercalary Date Format', 200).describe(
    'How a day of a one-day intercalary month reads (festival days), with the same placeholders.',
  ),
});

type DefinitionShape = z.infer<typeof CalendarDefinitionObjectSchema>;

/**
 * Cross-field checks of a definition: names refer to existing months, month names are unique, eras run in order
 * and a counting-down era has an end, the year has days, and each leap rule's period stays bounded.
 * Adds issues whose path names the offending field.
 */
export function checkCalendarDefinition(definition: DefinitionShape, ctx: z.RefinementCtx): void {
  const monthNames = new Set<string>();
  definition.months.forEach((month, index) => {
    if (monthNames.has(month.name)) {
      ctx.addIssue({
        code: 'custom',
        path: ['months', index, 'name'],
        message: `Month "${month.name}" appears twice; month names must be unique.`,
      });
    }
    monthNames.add(month.name);
  });
  if (definition.months.every((month) => month.days === 0)) {
    ctx.addIssue({ code: 'custom', path: ['months'], message: 'A common year must have at least one day.' });
  }
  const unknownMonth = (name: string) => `Month "${name}" does not exist in this calendar.`;
  definition.leapRules.forEach((rule, index) => {
    if (!monthNames.has(rule.month))
      ctx.addIssue({ code: 'custom', path: ['leapRules', index, 'month'], message: unknownMonth(rule.month) });
    if (leapRulePeriod(rule) > CALENDAR_LIMITS.leapCycleMax) {
      ctx.addIssue({
        code: 'custom',
        path: ['leapRules', index, 'exceptions'],
        message: `The leap rule's intervals must repeat within ${CALENDAR_LIMITS.leapCycleMax} years.`,
      });
    }
  });
  definition.seasons.forEach((season, index) => {
    const month = definition.months.find((candidate) => candidate.name === season.month);
    if (!month) ctx.addIssue({ code: 'custom', path: ['seasons', index, 'month'], message: unknownMonth(season.month) });
    else if (season.day > Math.max(month.days, 1)) {
      ctx.addIssue({
        code: 'custom',
        path: ['seasons', index, 'day'],
        message: `Day must be between 1 and ${Math.max(month.days, 1)} in ${month.name}.`,
      });
    }
  });
  if (definition.firstWeekday >= definition.weekdays.length) {
    ctx.addIssue({
      code: 'custom',
      path: ['firstWeekday'],
      message: `First Weekday must be no more than ${definition.weekdays.length - 1}.`,
    });
  }
  checkEras(definition.eras, ctx);
}

function checkEras(eras: CalendarEra[], ctx: z.RefinementCtx): void {
  const names = new Set<string>();
  eras.forEach((era, index) => {
    if (names.has(era.name))
      ctx.addIssue({
        code: 'custom',
        path: ['eras', index, 'name'],
        message: `Era "${era.name}" appears twice; era names must be unique.`,
      });
    names.add(era.name);
    if (index > 0 && era.startYear === null) {
      ctx.addIssue({ code: 'custom', path: ['eras', index, 'startYear'], message: 'Start Year is required for every era but the first.' });
    }
    const previous = index > 0 ? eras[index - 1]?.startYear : null;
    if (index > 0 && era.startYear !== null && previous !== null && previous !== undefined && era.startYear <= previous) {
      ctx.addIssue({
        code: 'custom',
        path: ['eras', index, 'startYear'],
        message: 'Eras must be listed in order: each starts after the one before.',
      });
    }
    if (era.counting === 'down' && index === eras.length - 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['eras', index, 'counting'],
        message: 'An era that counts down needs a following era where it ends.',
      });
    }
    if (era.counting === 'up' && era.startYear === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['eras', index, 'counting'],
        message: 'An era without a start year cannot count up; use down or absolute.',
      });
    }
  });
}

/** A calendar definition with every cross-field rule checked (SPEC-style messages naming the field). */
export const CalendarDefinitionSchema = CalendarDefinitionObjectSchema.superRefine(checkCalendarDefinition);
export type CalendarDefinition = z.infer<typeof CalendarDefinitionSchema>;
export type CalendarDefinitionInput = z.input<typeof CalendarDefinitionSchema>;

/**
 * A calendar date as people write it: `year` in `era` (or, without era, the calendar's absolute year, where
 * year 0 precedes year 1), `month` 1-based over all months including intercalary ones, `day` 1-based.
 */
export const CalendarDateSchema = z.object({
  year: numberField('Year', -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, true),
  month: numberField('Month', 1, CALENDAR_LIMITS.monthsMax, true),
  day: numberField('Day', 1, CALENDAR_LIMITS.monthDaysMax * (CALENDAR_LIMITS.leapRulesMax + 1), true),
  hour: numberField('Hour', 0, CALENDAR_LIMITS.hoursPerDayMax, true).default(0),
  minute: numberField('Minute', 0, CALENDAR_LIMITS.minutesPerHourMax, true).default(0),
  era: optionalText('Era', 100).describe('Era name or abbreviation; absent means the absolute year.'),
});
export type CalendarDate = z.infer<typeof CalendarDateSchema>;
export type CalendarDateInput = z.input<typeof CalendarDateSchema>;

const INSTANT_PATTERN = /^-?\d{1,40}$/;

/**
 * An instant in JSON: whole minutes since the calendar's epoch (the first minute of year 1), as a string of
 * decimal digits (so any size survives JSON) or a safe integer number. Parsed to BigInt.
 */
export const InstantSchema = z
  .union([z.string(), z.number()], { error: () => 'Instant must be a whole number of minutes.' })
  .transform((value, ctx) => {
    if (typeof value === 'number' ? Number.isSafeInteger(value) : INSTANT_PATTERN.test(value)) return BigInt(value);
    ctx.addIssue({ code: 'custom', message: 'Instant must be a whole number of minutes.' });
    return z.NEVER;
  });
