import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compileCalendar,
  dateFromInstant,
  daysBeforeYear,
  instantOfAbsoluteDate,
  isLeap,
  monthLengths,
  toCalendarDate,
} from './calendar.engine.js';
import { instantFromDate } from './calendar.date.js';
import { CalendarDefinitionSchema, type CalendarDefinition } from './calendar.model.js';
import { calendarPreset } from './calendar.presets.js';
import { instantFromIsoDateTime, isoDateTimeFromInstant } from './calendar.iso.js';

const eraArbitrary = fc
  .array(
    fc.record({ gap: fc.integer({ min: 1, max: 3000 }), counting: fc.constantFrom('up', 'down', 'absolute'), hasYearZero: fc.boolean() }),
    {
      maxLength: 4,
    },
  )
  .chain((eras) =>
    fc.integer({ min: -5000, max: 5000 }).map((first) => {
      let start = first;
      return eras.map((era, index) => {
        start += era.gap;
        const isFirst = index === 0;
        const isLast = index === eras.length - 1;
        // A counting-down era needs an end; a first era may reach back without beginning.
        const counting = isLast && era.counting === 'down' ? 'up' : era.counting;
        const startYear = isFirst && counting !== 'up' && era.gap % 2 === 0 ? null : start;
        return { name: `Era ${index}`, abbreviation: `E${index}`, startYear, counting, hasYearZero: era.hasYearZero };
      });
    }),
  );

/** Arbitrary valid calendars: a few months (some intercalary, some empty), weeks, clocks, leap rules and eras. */
const calendarArbitrary: fc.Arbitrary<CalendarDefinition> = fc
  .record({
    months: fc.array(fc.record({ days: fc.integer({ min: 0, max: 40 }), intercalary: fc.boolean() }), { minLength: 1, maxLength: 6 }),
    weekdays: fc.integer({ min: 1, max: 10 }),
    hoursPerDay: fc.integer({ min: 1, max: 30 }),
    minutesPerHour: fc.integer({ min: 1, max: 70 }),
    leapRules: fc.array(
      fc.record({
        month: fc.nat(),
        days: fc.integer({ min: 1, max: 3 }),
        every: fc.integer({ min: 1, max: 12 }),
        offset: fc.integer({ min: -5, max: 5 }),
        exceptions: fc.array(fc.record({ every: fc.integer({ min: 1, max: 60 }), leap: fc.boolean() }), { maxLength: 2 }),
      }),
      { maxLength: 2 },
    ),
    eras: eraArbitrary,
  })
  .map((raw) => {
    const months = raw.months.map((month, index) => ({ name: `M${index}`, ...month }));
    if (months.every((month) => month.days === 0) && months[0]) months[0].days = 1;
    return CalendarDefinitionSchema.parse({
      months,
      weekdays: Array.from({ length: raw.weekdays }, (_, index) => `W${index}`),
      hoursPerDay: raw.hoursPerDay,
      minutesPerHour: raw.minutesPerHour,
      leapRules: raw.leapRules.map((rule) => ({ ...rule, month: `M${rule.month % months.length}` })),
      eras: raw.eras,
    });
  });

const instantArbitrary = fc.oneof(fc.bigInt({ min: -(10n ** 9n), max: 10n ** 9n }), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }));

const key = (date: { absoluteYear: bigint; month: number; day: number; hour: number; minute: number }) => [
  date.absoluteYear,
  BigInt(date.month),
  BigInt(date.day),
  BigInt(date.hour),
  BigInt(date.minute),
];
const compareKeys = (a: bigint[], b: bigint[]): number => {
  for (let index = 0; index < a.length; index += 1) {
    const [x, y] = [a[index] ?? 0n, b[index] ?? 0n];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
};

describe('calendar engine properties', () => {
  it('reads every instant as a date that converts back to the same instant, in any calendar', () => {
    fc.assert(
      fc.property(calendarArbitrary, instantArbitrary, (definition, instant) => {
        const calendar = compileCalendar(definition);
        const date = dateFromInstant(calendar, instant);
        expect(instantOfAbsoluteDate(calendar, date)).toBe(instant);
        // Dates in JSON carry years as numbers, exact up to 2^53: beyond that only the instant is exact.
        if (date.absoluteYear > BigInt(Number.MAX_SAFE_INTEGER) || date.absoluteYear < -BigInt(Number.MAX_SAFE_INTEGER)) return;
        const written = toCalendarDate(date);
        // Written in its era (or as an absolute year) the date converts back exactly.
        expect(instantFromDate(definition, written)).toBe(instant);
        expect(instantFromDate(definition, { ...written, year: Number(date.absoluteYear), era: null })).toBe(instant);
      }),
      { numRuns: 400 },
    );
  });

  it('turns every valid date into an instant that reads back as the same date', () => {
    fc.assert(
      fc.property(
        calendarArbitrary,
        fc.record({ year: fc.integer({ min: -20_000, max: 20_000 }), month: fc.nat(), day: fc.nat(), hour: fc.nat(), minute: fc.nat() }),
        (definition, raw) => {
          const calendar = compileCalendar(definition);
          const year = BigInt(raw.year);
          const lengths = monthLengths(calendar, year);
          const month = (raw.month % lengths.length) + 1;
          fc.pre((lengths[month - 1] ?? 0) > 0);
          const date = {
            year: raw.year,
            month,
            day: (raw.day % (lengths[month - 1] ?? 1)) + 1,
            hour: raw.hour % definition.hoursPerDay,
            minute: raw.minute % definition.minutesPerHour,
          };
          const back = dateFromInstant(calendar, instantFromDate(definition, date));
          expect({ year: Number(back.absoluteYear), month: back.month, day: back.day, hour: back.hour, minute: back.minute }).toEqual(date);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('orders instants exactly as it orders dates', () => {
    fc.assert(
      fc.property(calendarArbitrary, instantArbitrary, instantArbitrary, (definition, a, b) => {
        const calendar = compileCalendar(definition);
        const order = compareKeys(key(dateFromInstant(calendar, a)), key(dateFromInstant(calendar, b)));
        expect(order).toBe(a === b ? 0 : a < b ? -1 : 1);
      }),
      { numRuns: 400 },
    );
  });

  it('makes each year exactly as long as its months, leap days included', () => {
    fc.assert(
      fc.property(calendarArbitrary, fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (definition, year) => {
        const calendar = compileCalendar(definition);
        const length = monthLengths(calendar, year).reduce((sum, days) => sum + days, 0);
        expect(daysBeforeYear(calendar, year + 1n) - daysBeforeYear(calendar, year)).toBe(BigInt(length));
        const common = definition.months.reduce((sum, month) => sum + month.days, 0);
        expect(length > common).toBe(isLeap(calendar, year));
      }),
      { numRuns: 300 },
    );
  });

  it('steps from the last minute of any year to the first minute of the next', () => {
    fc.assert(
      fc.property(calendarArbitrary, fc.bigInt({ min: -(10n ** 6n), max: 10n ** 6n }), (definition, year) => {
        const calendar = compileCalendar(definition);
        const firstOfNext = daysBeforeYear(calendar, year + 1n) * calendar.minutesPerDay;
        const last = dateFromInstant(calendar, firstOfNext - 1n);
        const first = dateFromInstant(calendar, firstOfNext);
        expect(last.absoluteYear).toBe(year);
        expect(last.hour * definition.minutesPerHour + last.minute).toBe(Number(calendar.minutesPerDay) - 1);
        expect([first.absoluteYear, first.month, first.day, first.hour, first.minute]).toEqual([year + 1n, first.month, 1, 0, 0]);
        expect(
          monthLengths(calendar, year + 1n)
            .slice(0, first.month - 1)
            .every((days) => days === 0),
        ).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('counts era years continuously across every era boundary', () => {
    fc.assert(
      fc.property(calendarArbitrary, (definition) => {
        const calendar = compileCalendar(definition);
        definition.eras.forEach((era, index) => {
          if (era.startYear === null) return;
          const start = BigInt(era.startYear);
          const before = dateFromInstant(calendar, daysBeforeYear(calendar, start) * calendar.minutesPerDay - 1n);
          const after = dateFromInstant(calendar, daysBeforeYear(calendar, start) * calendar.minutesPerDay);
          expect(after.era?.name).toBe(era.name);
          const end = BigInt(definition.eras[index + 1]?.startYear ?? 0);
          const firstYear = { absolute: start, up: era.hasYearZero ? 0n : 1n, down: end - start - (era.hasYearZero ? 1n : 0n) };
          expect(after.eraYear).toBe(firstYear[era.counting]);
          expect(before.era?.name ?? null).toBe(index === 0 ? null : definition.eras[index - 1]?.name);
          if (index > 0 && definition.eras[index - 1]?.counting === 'down') {
            expect(before.eraYear).toBe(definition.eras[index - 1]?.hasYearZero ? 0n : 1n);
          }
        });
      }),
      { numRuns: 300 },
    );
  });
});

describe('Gregorian agrees with ISO 8601', () => {
  const gregorian = calendarPreset('gregorian').definition;
  const epochMs = Date.UTC(2000, 0, 1) - 730_119 * 86_400_000;

  it('gives every date of years 1 to 9999 the minutes JavaScript counts since 0001-01-01', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }),
        (when) => {
          const iso = when.toISOString();
          const instant = instantFromIsoDateTime(iso);
          expect(instant).toBe(BigInt(Math.floor((when.getTime() - epochMs) / 60_000)));
          expect(isoDateTimeFromInstant(instant ?? 0n)).toBe(`${iso.slice(0, 16)}:00.000Z`);
          const date = toCalendarDate(dateFromInstant(compileCalendar(gregorian), instant ?? 0n));
          expect(date).toEqual({
            year: when.getUTCFullYear(),
            month: when.getUTCMonth() + 1,
            day: when.getUTCDate(),
            hour: when.getUTCHours(),
            minute: when.getUTCMinutes(),
            era: 'Anno Domini',
          });
        },
      ),
      { numRuns: 2_000 },
    );
  });
});
