/**
 * The calendar editor's draft (issue 12 "a calendar editor"): what the editor holds while a person types, how a
 * draft starts (empty, from a preset, from a stored calendar) and how it is checked into a request body and a
 * definition for the live preview. Pure, so tested directly.
 */
import {
  type Calendar,
  type CalendarCreateInput,
  type CalendarDefinition,
  type CalendarPresetName,
  CalendarCreateSchema,
  CalendarDefinitionSchema,
  calendarPresetInput,
} from '@loreforge/contract';

/** A month row of the draft. */
export interface MonthDraft {
  name: string;
  days: number;
  intercalary: boolean;
}
/** An exception of a leap rule. */
export interface LeapExceptionDraft {
  every: number;
  leap: boolean;
}
/** A leap rule row. */
export interface LeapRuleDraft {
  name: string | null;
  month: string;
  days: number;
  every: number;
  offset: number;
  exceptions: LeapExceptionDraft[];
}
/** An era row; `startYear` null only for a first era without beginning. */
export interface EraDraft {
  name: string;
  abbreviation: string | null;
  startYear: number | null;
  counting: 'up' | 'down' | 'absolute';
  hasYearZero: boolean;
}
/** A moon row. */
export interface MoonDraft {
  name: string;
  cycleDays: number;
  offsetDays: number;
}
/** A season row. */
export interface SeasonDraft {
  name: string;
  month: string;
  day: number;
}

/** Everything the editor edits: a calendar body with every list and default written out. */
export interface CalendarDraft {
  name: string;
  description: string | null;
  months: MonthDraft[];
  weekdays: string[];
  firstWeekday: number;
  hoursPerDay: number;
  minutesPerHour: number;
  leapRules: LeapRuleDraft[];
  eras: EraDraft[];
  moons: MoonDraft[];
  seasons: SeasonDraft[];
  dateFormat: string | null;
  intercalaryFormat: string | null;
}

/** A small calendar to start from: twelve 30-day months, a seven-day week, one era, no leap rule. */
export function emptyDraft(): CalendarDraft {
  return {
    name: '',
    description: null,
    months: Array.from({ length: 12 }, (_, index) => ({ name: `Month ${index + 1}`, days: 30, intercalary: false })),
    weekdays: ['Firstday', 'Secondday', 'Thirdday', 'Fourthday', 'Fifthday', 'Sixthday', 'Seventhday'],
    firstWeekday: 0,
    hoursPerDay: 24,
    minutesPerHour: 60,
    leapRules: [],
    eras: [],
    moons: [],
    seasons: [],
    dateFormat: null,
    intercalaryFormat: null,
  };
}

/** The draft of a stored calendar (its answer already carries every default). */
export function draftFromCalendar(calendar: Calendar): CalendarDraft {
  return {
    name: calendar.name,
    description: calendar.description,
    months: calendar.months.map((month) => ({ ...month })),
    weekdays: [...calendar.weekdays],
    firstWeekday: calendar.firstWeekday,
    hoursPerDay: calendar.hoursPerDay,
    minutesPerHour: calendar.minutesPerHour,
    leapRules: calendar.leapRules.map((rule) => ({ ...rule, exceptions: rule.exceptions.map((exception) => ({ ...exception })) })),
    eras: calendar.eras.map((era) => ({ ...era })),
    moons: calendar.moons.map((moon) => ({ ...moon })),
    seasons: calendar.seasons.map((season) => ({ ...season })),
    dateFormat: calendar.dateFormat,
    intercalaryFormat: calendar.intercalaryFormat,
  };
}

/** The draft of a preset (Gregorian, Harptos, Thirteen Moons), every default written out. */
export function draftFromPreset(preset: CalendarPresetName): CalendarDraft {
  const { name, description, definition } = calendarPresetInput(preset);
  const parsed = CalendarDefinitionSchema.parse(definition);
  return {
    name,
    description,
    ...parsed,
    leapRules: parsed.leapRules.map((rule) => ({ ...rule, name: rule.name ?? null })),
    eras: parsed.eras.map((era) => ({ ...era, abbreviation: era.abbreviation ?? null })),
    dateFormat: parsed.dateFormat ?? null,
    intercalaryFormat: parsed.intercalaryFormat ?? null,
  };
}

/** A problem of a draft: where (in words, e.g. "Months, row 3, Name") and the contract's message. */
export interface DraftIssue {
  path: string;
  where: string;
  message: string;
}

const SECTION_WORDS: Record<string, string> = {
  months: 'Months',
  weekdays: 'Weekdays',
  leapRules: 'Leap rules',
  eras: 'Eras',
  moons: 'Moons',
  seasons: 'Seasons',
  exceptions: 'exceptions',
  name: 'Name',
  days: 'Days',
  every: 'Every',
  offset: 'Offset',
  month: 'Month',
  day: 'Day',
  startYear: 'Start year',
  counting: 'Counting',
  abbreviation: 'Abbreviation',
  cycleDays: 'Cycle',
  offsetDays: 'Offset',
  firstWeekday: 'First weekday',
  hoursPerDay: 'Hours per day',
  minutesPerHour: 'Minutes per hour',
  dateFormat: 'Date format',
  description: 'Description',
  intercalaryFormat: 'Festival date format',
};

/** A path such as ['months', 2, 'name'] in words: "Months, row 3, Name". */
export function pathWords(path: readonly PropertyKey[]): string {
  return path.map((part) => (typeof part === 'number' ? `row ${part + 1}` : (SECTION_WORDS[String(part)] ?? String(part)))).join(', ');
}

/** A checked draft: the request body and the definition for the preview, or the problems to show. */
export type CheckedDraft = { ok: true; input: CalendarCreateInput; definition: CalendarDefinition } | { ok: false; issues: DraftIssue[] };

/**
 * Checks a draft with the contract's calendar rules (the same the API applies): names present and unique, leap
 * rules and seasons on existing months, eras in order, numbers in range.
 * @returns the body to send and a definition the engine can lay out, or every problem in words.
 */
export function checkDraft(draft: CalendarDraft): CheckedDraft {
  const parsed = CalendarCreateSchema.safeParse(draft);
  if (!parsed.success) {
    return {
      ok: false,
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), where: pathWords(issue.path), message: issue.message })),
    };
  }
  // The definition schema keeps only the definition's fields (name, description and preset are dropped).
  return { ok: true, input: draft, definition: CalendarDefinitionSchema.parse(parsed.data) };
}

/** The rows of a list with one replaced (the editor never mutates a draft). */
export function replaceAt<T>(rows: readonly T[], index: number, row: T): T[] {
  return rows.map((current, at) => (at === index ? row : current));
}

/** The rows of a list without one. */
export function removeAt<T>(rows: readonly T[], index: number): T[] {
  return rows.filter((_, at) => at !== index);
}

/** The rows of a list with one moved up (-1) or down (1); unchanged at either end. */
export function moveAt<T>(rows: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= rows.length) return [...rows];
  const copy = [...rows];
  [copy[index], copy[target]] = [copy[target] as T, copy[index] as T];
  return copy;
}
