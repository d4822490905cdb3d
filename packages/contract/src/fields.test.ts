import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, dateTimeField, emailField, optionalDateTimeField } from './fields.js';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  (result.error?.issues ?? []).map((issue) => issue.message);

/** Every string of the given characters up to the given length. */
function allStrings(alphabet: string[], maxLength: number): string[] {
  let layer = [''];
  const out = [''];
  for (let length = 1; length <= maxLength; length += 1) {
    layer = layer.flatMap((prefix) => alphabet.map((char) => prefix + char));
    out.push(...layer);
  }
  return out;
}

describe('emailField', () => {
  const Email = z.object({ email: emailField('Email') });

  it('refuses an over-long email with the length message alone, before any pattern reads it', () => {
    const hostile = `a@${'.'.repeat(200_000)}@`;
    expect(messages(Email.safeParse({ email: hostile }))).toEqual(['Email must be no more than 254 characters.']);
  });

  it('keeps accepting exactly the addresses the earlier pattern accepted', () => {
    const earlier = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    const differences = allStrings(['a', '.', '@', ' '], 8).filter((text) => earlier.test(text) !== EMAIL_PATTERN.test(text));
    expect(differences).toEqual([]);
    expect(messages(Email.safeParse({ email: 'dorothy@kansas.test' }))).toEqual([]);
    expect(messages(Email.safeParse({ email: 'dorothy@kansas' }))).toEqual(['Email must be a valid email address.']);
  });
});

describe('date-time fields', () => {
  const Event = z.object({ dateTime: dateTimeField('Date Time'), endsAt: optionalDateTimeField('Ends At') });
  const outOfRange = 'must fall in the years 1 to 9999 (in UTC), such as 1900-05-02T16:00:00Z.';

  it('refuses a moment that falls after the year 9999 or before the year 1 once in UTC, naming the field', () => {
    expect(messages(Event.safeParse({ dateTime: '9999-12-31T23:30-05:00' }))).toEqual([`Date Time ${outOfRange}`]);
    expect(messages(Event.safeParse({ dateTime: '0000-06-01T12:00:00Z' }))).toEqual([`Date Time ${outOfRange}`]);
    expect(messages(Event.safeParse({ dateTime: '0001-01-01T00:30+01:00' }))).toEqual([`Date Time ${outOfRange}`]);
    expect(messages(Event.safeParse({ dateTime: '1900-05-02T16:00:00Z', endsAt: '9999-12-31T23:59-01:00' }))).toEqual([
      `Ends At ${outOfRange}`,
    ]);
  });

  it('keeps accepting the first and last moments of the range', () => {
    expect(Event.parse({ dateTime: '0001-01-01T00:00:00Z', endsAt: '9999-12-31T23:59:59.999Z' })).toEqual({
      dateTime: '0001-01-01T00:00:00.000Z',
      endsAt: '9999-12-31T23:59:59.999Z',
    });
  });
});
