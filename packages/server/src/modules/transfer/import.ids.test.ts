/**
 * The id maps of an import (import.ids.ts): every kept record gets a new id by type, a repeated id is refused, a
 * record left out is no longer found, and old ids inside text become the new ones.
 */
import { describe, expect, it } from 'vitest';
import { IdMap } from './import.ids.js';

const OLD = '0b3c5e1e-2f0d-4c7b-9a8e-1d2f3a4b5c6d';
const OTHER = '1c4d6f2f-3a1e-4d8c-8b9f-2e3a4b5c6d7e';

describe('IdMap', () => {
  it('gives each record a new id under its type only, and refuses the same id twice in a type', () => {
    const ids = new IdMap();
    expect(ids.assign('characters', OLD)).toBe(true);
    expect(ids.assign('characters', OLD)).toBe(false);
    const id = ids.must('characters', OLD);
    expect(id).not.toBe(OLD);
    expect(ids.get('items', OLD)).toBeUndefined();
    expect(ids.holds('characters', OLD)).toBe(true);
    expect(ids.holds('items', OLD)).toBe(false);
  });

  it('keeps an old id that two types share apart for each', () => {
    const ids = new IdMap();
    ids.assign('characters', OLD);
    expect(ids.assign('items', OLD)).toBe(true);
    expect(ids.must('items', OLD)).not.toBe(ids.must('characters', OLD));
  });

  it('keeps ids that are not UUIDs (other tools number their records) apart from UUIDs and from each other', () => {
    const ids = new IdMap();
    expect(ids.assign('characters', '42')).toBe(true);
    expect(ids.assign('characters', OLD)).toBe(true);
    expect(ids.assign('characters', '42')).toBe(false);
    const numbered = ids.must('characters', '42');
    expect(numbered).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(numbered).not.toBe(ids.must('characters', OLD));
    expect(ids.get('characters', '43')).toBeUndefined();
    expect(ids.get('characters', OTHER)).toBeUndefined();
  });

  it('forgets a record left out, so references to it resolve to nothing', () => {
    const ids = new IdMap();
    ids.assign('maps', OLD);
    ids.drop('maps', OLD);
    expect(ids.get('maps', OLD)).toBeUndefined();
    expect(ids.holds('maps', OLD)).toBe(false);
    expect(() => ids.must('maps', OLD)).toThrow(/No new id/);
  });

  it('rewrites old ids in text and JSON, whatever their case, and leaves unknown ids alone', () => {
    const ids = new IdMap();
    ids.assign('characters', OLD.toUpperCase());
    const id = ids.must('characters', OLD.toUpperCase());
    expect(ids.text(`Seeks ${OLD} and ${OTHER}.`)).toBe(`Seeks ${id} and ${OTHER}.`);
    expect(ids.json({ [OLD]: [OLD.toUpperCase(), 3] })).toEqual({ [id]: [id, 3] });
    expect(ids.holds('characters', OLD)).toBe(true);
  });
});
