import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, emailField } from './fields.js';

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (result.error?.issues ?? []).map((issue) => issue.message);

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
