/** Bounds of a calendar definition (docs/calendars.md), chosen so any definition computes in microseconds. */
export const CALENDAR_LIMITS = {
  monthsMax: 100,
  monthDaysMax: 10_000,
  weekdaysMax: 100,
  hoursPerDayMax: 1_000,
  minutesPerHourMax: 1_000,
  leapRulesMax: 20,
  /** Largest leap interval and largest repeat period of one rule's intervals, in years. */
  leapCycleMax: 100_000,
  erasMax: 100,
  moonsMax: 20,
  moonCycleMax: 100_000,
  seasonsMax: 50,
} as const;

/**
 * Instants the database stores: a 64-bit integer column, kept within ±(2^53 − 1) minutes (about ±17 billion
 * Gregorian years) because SQLite's driver answers integers as JavaScript numbers, exact only that far.
 * The engine itself has no bound (BigInt); a date beyond this range is refused only when it is to be stored.
 */
export const STORED_INSTANT_MAX = BigInt(Number.MAX_SAFE_INTEGER);
export const STORED_INSTANT_MIN = -STORED_INSTANT_MAX;
