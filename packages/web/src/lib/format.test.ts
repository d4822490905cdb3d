import { describe, expect, it } from 'vitest';
import { format, parseISO } from 'date-fns';
import { formatDateTime, formatMoment } from './format';

describe('formatDateTime', () => {
  it("writes an ISO date-time as '14 Mar 2025, 09:30' in the local time zone, as date-fns's format does", () => {
    const samples = [
      '2025-03-14T09:30:00.000Z',
      '2026-11-24T21:05:27.123Z',
      '2024-02-29T00:00:00+05:30',
      '1999-12-31T23:59:59-08:00',
      '2025-09-01T12:07:00',
      '2025-01-05',
    ];
    for (const iso of samples) expect(formatDateTime(iso)).toBe(format(parseISO(iso), 'd MMM yyyy, HH:mm'));
    expect(formatDateTime('2025-09-01T12:07:00')).toBe('1 Sep 2025, 12:07');
  });

  it('returns what it cannot read unchanged, and nothing for no date', () => {
    expect(formatDateTime('next Tuesday')).toBe('next Tuesday');
    expect(formatDateTime('2025-13-01T00:00:00Z')).toBe('2025-13-01T00:00:00Z');
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime(undefined)).toBe('');
  });

  it("shows a calendar's own words when the moment has no Gregorian date", () => {
    expect(formatMoment(null, '3rd of Frostfall, 1204 AR')).toBe('3rd of Frostfall, 1204 AR');
    expect(formatMoment('2025-09-01T12:07:00', 'ignored')).toBe('1 Sep 2025, 12:07');
  });
});
