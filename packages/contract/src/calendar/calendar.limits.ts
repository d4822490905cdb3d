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
 * Instants the database stores: a signed 64-bit integer of minutes, about ±17.5 trillion Gregorian years.
 * The engine itself has no bound (BigInt); a date beyond this range is refused only when it is to be stored.
 */
export const STORED_INSTANT_MIN = -(2n ** 63n);
export const STORED_INSTANT_MAX = 2n ** 63n - 1n;
