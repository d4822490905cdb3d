/**
 * Calendars Loreforge ships (issue 12): the Gregorian calendar (built in, the default, agreeing with ISO 8601's
 * proleptic Gregorian dates), the Harptos calendar of the Forgotten Realms, and a thirteen-month lunar calendar.
 */
// Types only: the presets are written out whole (defaults included), so reading a date in the Gregorian calendar
// does not load zod and the calendar's schemas. calendar.presets.test.ts checks each against the schema.
import type { CalendarDefinition, CalendarDefinitionInput } from './calendar.model.js';

/** Names of the presets, as `POST /calendars` takes them in `preset`. */
export const CALENDAR_PRESETS = ['gregorian', 'harptos', 'thirteen-moons'] as const;
export type CalendarPresetName = (typeof CALENDAR_PRESETS)[number];

const month = (name: string, days: number, intercalary = false) => ({ name, days, intercalary });

const GREGORIAN: CalendarDefinition = {
  months: [
    month('January', 31),
    month('February', 28),
    month('March', 31),
    month('April', 30),
    month('May', 31),
    month('June', 30),
    month('July', 31),
    month('August', 31),
    month('September', 30),
    month('October', 31),
    month('November', 30),
    month('December', 31),
  ],
  weekdays: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'],
  // 1 January of year 1 (proleptic Gregorian) was a Monday.
  firstWeekday: 0,
  hoursPerDay: 24,
  minutesPerHour: 60,
  leapRules: [
    {
      name: 'Leap day',
      month: 'February',
      days: 1,
      every: 4,
      offset: 0,
      exceptions: [
        { every: 100, leap: false },
        { every: 400, leap: true },
      ],
    },
  ],
  eras: [
    { name: 'Before Christ', abbreviation: 'BC', startYear: null, counting: 'down', hasYearZero: false },
    { name: 'Anno Domini', abbreviation: 'AD', startYear: 1, counting: 'up', hasYearZero: false },
  ],
  // Mean synodic month; a new moon fell on 6 January 2000 at 18:14 UTC (day 730,124.76 since the epoch).
  moons: [{ name: 'Moon', cycleDays: 29.530588853, offsetDays: 10.480921 }],
  seasons: [
    { name: 'Winter', month: 'December', day: 21 },
    { name: 'Spring', month: 'March', day: 20 },
    { name: 'Summer', month: 'June', day: 21 },
    { name: 'Autumn', month: 'September', day: 22 },
  ],
  dateFormat: '{day} {month} {year} {eraAbbr}',
  intercalaryFormat: null,
};

const HARPTOS: CalendarDefinition = {
  months: [
    month('Hammer', 30),
    month('Midwinter', 1, true),
    month('Alturiak', 30),
    month('Ches', 30),
    month('Tarsakh', 30),
    month('Greengrass', 1, true),
    month('Mirtul', 30),
    month('Kythorn', 30),
    month('Flamerule', 30),
    month('Midsummer', 1, true),
    month('Shieldmeet', 0, true),
    month('Eleasis', 30),
    month('Eleint', 30),
    month('Highharvestide', 1, true),
    month('Marpenoth', 30),
    month('Uktar', 30),
    month('Feast of the Moon', 1, true),
    month('Nightal', 30),
  ],
  weekdays: [
    'First-day',
    'Second-day',
    'Third-day',
    'Fourth-day',
    'Fifth-day',
    'Sixth-day',
    'Seventh-day',
    'Eighth-day',
    'Ninth-day',
    'Tenth-day',
  ],
  firstWeekday: 0,
  hoursPerDay: 24,
  minutesPerHour: 60,
  leapRules: [{ name: 'Shieldmeet', month: 'Shieldmeet', days: 1, every: 4, offset: 0, exceptions: [] }],
  eras: [{ name: 'Dalereckoning', abbreviation: 'DR', startYear: null, counting: 'absolute', hasYearZero: true }],
  // Selûne's cycle of 30 days and 10.5 hours, full on 1 Hammer 1372 DR (day 500,757 since the epoch).
  moons: [{ name: 'Selûne', cycleDays: 30.4375, offsetDays: 14.46875 }],
  seasons: [
    { name: 'Winter', month: 'Nightal', day: 20 },
    { name: 'Spring', month: 'Ches', day: 19 },
    { name: 'Summer', month: 'Kythorn', day: 20 },
    { name: 'Autumn', month: 'Eleint', day: 21 },
  ],
  dateFormat: '{dayOrdinal} of {month}, {year} {eraAbbr}',
  intercalaryFormat: '{month}, {year} {eraAbbr}',
};

const THIRTEEN_MOONS: CalendarDefinition = {
  months: [
    month('Wolf Moon', 28),
    month('Snow Moon', 28),
    month('Worm Moon', 28),
    month('Seed Moon', 28),
    month('Flower Moon', 28),
    month('Rose Moon', 28),
    month('Thunder Moon', 28),
    month('Grain Moon', 28),
    month('Harvest Moon', 28),
    month("Hunter's Moon", 28),
    month('Frost Moon', 28),
    month('Long Night Moon', 28),
    month('Blue Moon', 28),
    month('Day Out of Time', 1, true),
  ],
  weekdays: ['Moonday', 'Tidesday', 'Wanesday', 'Starsday', 'Fireday', 'Stillday', 'Sunday'],
  firstWeekday: 0,
  hoursPerDay: 24,
  minutesPerHour: 60,
  // Every fourth year the Day Out of Time lasts two days, keeping the year near the sun.
  leapRules: [{ name: 'Second Day Out of Time', month: 'Day Out of Time', days: 1, every: 4, offset: 0, exceptions: [] }],
  eras: [{ name: 'Age of Tides', abbreviation: 'AT', startYear: 1, counting: 'up', hasYearZero: false }],
  // Each month begins at new moon; the intercalary days let the moon drift a day or two each year.
  moons: [{ name: 'Moon', cycleDays: 28, offsetDays: 0 }],
  seasons: [
    { name: 'Spring', month: 'Wolf Moon', day: 1 },
    { name: 'Summer', month: 'Flower Moon', day: 8 },
    { name: 'Autumn', month: 'Harvest Moon', day: 15 },
    { name: 'Winter', month: 'Long Night Moon', day: 1 },
  ],
  dateFormat: '{dayOrdinal} day of the {month}, {year} {eraAbbr}',
  intercalaryFormat: '{month}, {year} {eraAbbr}',
};

const PRESETS: Record<CalendarPresetName, { name: string; description: string; definition: CalendarDefinition }> = {
  gregorian: { name: 'Gregorian', description: 'The Gregorian calendar, as ISO 8601 dates use it.', definition: GREGORIAN },
  harptos: {
    name: 'Calendar of Harptos',
    description: 'The calendar of the Forgotten Realms: twelve months of thirty days, five festival days and Shieldmeet every four years.',
    definition: HARPTOS,
  },
  'thirteen-moons': {
    name: 'Thirteen Moons',
    description: 'A lunar calendar of thirteen 28-day months and a Day Out of Time outside every week.',
    definition: THIRTEEN_MOONS,
  },
};

/**
 * A preset as a definition input, so a create body can start from it and override fields.
 * @param preset one of CALENDAR_PRESETS.
 */
export function calendarPresetInput(preset: CalendarPresetName): {
  name: string;
  description: string;
  definition: CalendarDefinitionInput;
} {
  return PRESETS[preset];
}

/**
 * A preset's name, description and definition, every field set (the same object on every call, so engine caches
 * hold). Treat it as read-only.
 * @param preset one of CALENDAR_PRESETS.
 */
export function calendarPreset(preset: CalendarPresetName): { name: string; description: string; definition: CalendarDefinition } {
  return PRESETS[preset];
}

/** The built-in Gregorian definition: the calendar of every timeline without one of its own. */
export function gregorianCalendar(): CalendarDefinition {
  return calendarPreset('gregorian').definition;
}
