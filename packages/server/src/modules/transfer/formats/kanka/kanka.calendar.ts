/**
 * Kanka calendars to Loreforge calendar definitions (docs/calendars.md). Kanka keeps a calendar's parts as JSON
 * text on the record: `months` (`[{name, length, type}]`, type `intercalary` for days outside the week),
 * `weekdays` (names), `seasons` (`[{name, month, day}]`), `moons` (`[{name, fullmoon, offset}]`), one leap rule
 * (`has_leap_year`, `leap_year_amount` days added to month number `leap_year_month` every `leap_year_offset`
 * years from `leap_year_start`), `start_offset` (weekday of the first day), `suffix` (written after years) and
 * `date` (today, `year-month-day`).
 */
import {
  CALENDAR_LIMITS,
  CalendarDefinitionSchema,
  instantFromDate,
  type CalendarDefinition,
  type CalendarDefinitionInput,
} from '@loreforge/contract';

/** A calendar read from Kanka, or why it cannot be. */
export type KankaCalendarResult =
  | { ok: true; definition: CalendarDefinition; today: { year: number; month: number; day: number } | null; notes: string[] }
  | { ok: false; reason: string };

/** Kanka stores these lists as JSON text; exports of its API give them parsed. Anything else reads as absent. */
function jsonList(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const parsed: unknown = JSON.parse(value);
    if (Array.isArray(parsed)) return parsed;
    if (parsed && typeof parsed === 'object') return Object.values(parsed);
  } catch {
    // Unreadable text is reported by the caller as a calendar that could not be read.
  }
  return [];
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const int = (value: unknown, fallback: number): number => {
  const number = Number(value);
  return Number.isFinite(number) ? Math.trunc(number) : fallback;
};
const label = (value: unknown, fallback: string): string => {
  const text = typeof value === 'string' ? value.trim().slice(0, 100) : '';
  return text === '' ? fallback : text;
};

/** Reads `year-month-day` (year may be negative). */
export function parseKankaDate(value: unknown): { year: number; month: number; day: number } | null {
  if (typeof value !== 'string') return null;
  const match = /^\s*(-?\d{1,12})-(\d{1,4})-(\d{1,6})\s*$/.exec(value);
  if (!match) return null;
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

/**
 * Maps one Kanka calendar record.
 * @param source the calendar module record (fields at its top level).
 * @returns the checked definition, today's date when the calendar has one, and notes about what was left out;
 *   or why no definition could be made (no months, no weekdays, a rule the model refuses).
 */
export function mapKankaCalendar(source: Record<string, unknown>): KankaCalendarResult {
  const notes: string[] = [];
  const usedNames = new Set<string>();
  const months = jsonList(source.months)
    .slice(0, CALENDAR_LIMITS.monthsMax)
    .map((raw, index) => {
      const month = record(raw);
      let name = label(month.name, `Month ${index + 1}`);
      // Month names must be unique in Loreforge; Kanka allows repeats.
      while (usedNames.has(name)) name = `${name} (${index + 1})`;
      usedNames.add(name);
      return {
        name,
        days: Math.min(Math.max(int(month.length, 0), 0), CALENDAR_LIMITS.monthDaysMax),
        intercalary: month.type === 'intercalary',
      };
    });
  const weekdays = jsonList(source.weekdays)
    .slice(0, CALENDAR_LIMITS.weekdaysMax)
    .map((day, index) => label(day, `Day ${index + 1}`));
  if (months.length === 0) return { ok: false, reason: 'the calendar has no months Loreforge can read' };
  if (weekdays.length === 0) return { ok: false, reason: 'the calendar has no weekdays Loreforge can read' };

  const leapRules: NonNullable<CalendarDefinitionInput['leapRules']> = [];
  if (source.has_leap_year === true || Number(source.has_leap_year) === 1) {
    const month = months[int(source.leap_year_month, 1) - 1];
    const every = int(source.leap_year_offset, 0);
    if (month && every >= 1) {
      leapRules.push({
        name: 'Leap year',
        month: month.name,
        days: Math.max(1, int(source.leap_year_amount, 1)),
        every,
        offset: int(source.leap_year_start, 0),
        exceptions: [],
      });
    } else {
      notes.push('its leap year rule names no month or interval and was left out');
    }
  }
  const seasons = jsonList(source.seasons)
    .slice(0, CALENDAR_LIMITS.seasonsMax)
    .flatMap((raw) => {
      const season = record(raw);
      const month = months[int(season.month, 0) - 1];
      if (!month) {
        notes.push(`season "${label(season.name, 'unnamed')}" names no month of the calendar and was left out`);
        return [];
      }
      return [{ name: label(season.name, 'Season'), month: month.name, day: Math.max(1, int(season.day, 1)) }];
    });
  const moons = jsonList(source.moons)
    .slice(0, CALENDAR_LIMITS.moonsMax)
    .flatMap((raw, index) => {
      const moon = record(raw);
      const cycle = Number(moon.fullmoon);
      if (!Number.isFinite(cycle) || cycle <= 0) {
        notes.push(`moon "${label(moon.name, `Moon ${index + 1}`)}" has no cycle length and was left out`);
        return [];
      }
      return [
        {
          name: label(moon.name, `Moon ${index + 1}`),
          cycleDays: Math.min(cycle, CALENDAR_LIMITS.moonCycleMax),
          offsetDays: int(moon.offset, 0),
        },
      ];
    });
  const suffix = typeof source.suffix === 'string' ? source.suffix.trim().slice(0, 20) : '';
  const eras =
    suffix === '' ? [] : [{ name: suffix, abbreviation: suffix, startYear: null, counting: 'absolute' as const, hasYearZero: false }];
  if (Object.keys(record(typeof source.years === 'string' ? safeParse(source.years) : source.years)).length > 0) {
    notes.push('its named years were left out (Loreforge names eras, not single years)');
  }
  if (jsonList(source.epochs).length > 0) notes.push('its epochs were left out; add them as eras of the calendar');
  if (Array.isArray(source.calendarWeather) && source.calendarWeather.length > 0) notes.push('its weather entries were left out');

  const parsed = CalendarDefinitionSchema.safeParse({
    months,
    weekdays,
    firstWeekday: ((int(source.start_offset, 0) % weekdays.length) + weekdays.length) % weekdays.length,
    leapRules,
    eras,
    moons,
    seasons,
  });
  if (!parsed.success) return { ok: false, reason: parsed.error.issues[0]?.message ?? 'its definition is not valid' };
  let today = parseKankaDate(source.date);
  if (today && instantOrNull(parsed.data, today) === null) {
    notes.push(`its current date ${String(source.date)} does not exist in the calendar`);
    today = null;
  }
  return { ok: true, definition: parsed.data, today, notes };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * The instant of a date on a calendar, or null when the calendar has no such date.
 * @returns whole minutes since the calendar's epoch as decimal digits.
 */
export function instantOrNull(definition: CalendarDefinition, date: { year: number; month: number; day: number }): string | null {
  try {
    return instantFromDate(definition, { ...date, hour: 0, minute: 0 }).toString();
  } catch {
    return null;
  }
}
