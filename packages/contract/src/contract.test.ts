import { describe, expect, it } from 'vitest';
import {
  AttributeChangesDocumentSchema,
  CharacterCreateSchema,
  GoalCreateSchema,
  ItemCreateSchema,
  MapCreateSchema,
  RegisterFormSchema,
  RelationshipCreateSchema,
  TimelineCreateSchema,
  normalizeDateTime,
} from './index.js';

const messages = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('field messages follow SPEC §5', () => {
  it('map names are 3 to 100 characters', () => {
    expect(messages(MapCreateSchema.safeParse({ name: 'ab' }))).toEqual({ name: 'Name must be at least 3 characters.' });
    expect(messages(MapCreateSchema.safeParse({ name: 'x'.repeat(101) }))).toEqual({
      name: 'Name must be no more than 100 characters.',
    });
    expect(messages(MapCreateSchema.safeParse({}))).toEqual({ name: 'Name is required.' });
  });

  it('item properties must be a JSON object', () => {
    expect(messages(ItemCreateSchema.safeParse({ name: 'Cap', properties: '{bad' }))).toEqual({
      properties: 'Properties field contains invalid JSON.',
    });
  });

  it('character attributes must be a JSON object and empty optional fields become null', () => {
    expect(messages(CharacterCreateSchema.safeParse({ name: 'Toto', attributes: [1] }))).toEqual({
      attributes: 'Error parsing Attributes JSON. Please ensure it is valid JSON.',
    });
    const parsed = CharacterCreateSchema.parse({ name: 'Toto', description: '', currentLocationId: '' });
    expect(parsed).toMatchObject({ description: null, currentLocationId: null, attributes: {}, activeQuests: [] });
  });

  it('goals need a title of 3 characters and a known type and status', () => {
    expect(messages(GoalCreateSchema.safeParse({ title: 'Go', description: 'x', goalType: 'Side', status: 'Pending' }))).toEqual({
      title: 'Title must be at least 3 characters.',
      goalType: 'Goal Type must be one of: Primary, Secondary, Personal, PlotDriven.',
    });
  });

  it('relationship scores run from -100 to 100 and the type defaults to Stranger', () => {
    const id = '0191e5a2-1111-7000-8000-000000000001';
    expect(messages(RelationshipCreateSchema.safeParse({ targetCharacterId: id, affinity: -101, trustLevel: 101 }))).toEqual({
      affinity: 'Affinity must be at least -100.',
      trustLevel: 'Trust Level must be no more than 100.',
    });
    expect(RelationshipCreateSchema.parse({ targetCharacterId: id }).relationshipType).toBe('Stranger');
  });

  it('timeline ids must be UUIDs and branching is enabled by default', () => {
    expect(messages(TimelineCreateSchema.safeParse({ name: 'Main', currentDateTime: '1900-05-01T12:00', parentTimelineId: 'x' }))).toEqual({
      parentTimelineId: 'Must be a valid UUID.',
    });
    expect(TimelineCreateSchema.parse({ name: 'Main', currentDateTime: '1900-05-01T12:00' }).branchingEnabled).toBe(true);
  });

  it('registration needs matching passwords', () => {
    const result = RegisterFormSchema.safeParse({
      username: 'dorothy',
      email: 'd@k.test',
      password: 'secret1',
      confirmPassword: 'secret2',
      inviteCode: 'LF-1',
    });
    expect(messages(result)).toEqual({ confirmPassword: 'Passwords do not match' });
  });
});

describe('normalizeDateTime', () => {
  it('reads a date-time without zone as UTC and keeps offsets', () => {
    expect(normalizeDateTime('1900-05-01T12:00')).toBe('1900-05-01T12:00:00.000Z');
    expect(normalizeDateTime('1900-05-01T12:00:00+02:00')).toBe('1900-05-01T10:00:00.000Z');
    expect(normalizeDateTime('2024-02-29T23:30:00-01:00')).toBe('2024-03-01T00:30:00.000Z');
    expect(normalizeDateTime('2025-12-31T23:59:59.999Z')).toBe('2025-12-31T23:59:59.999Z');
  });

  it('rejects impossible dates and other shapes', () => {
    expect(normalizeDateTime('1900-02-30T12:00')).toBeNull();
    expect(normalizeDateTime('2025-02-30T10:00Z')).toBeNull();
    expect(normalizeDateTime('2025-02-29T10:00:00+02:00')).toBeNull();
    expect(normalizeDateTime('2025-04-31T10:00:00.000Z')).toBeNull();
    expect(normalizeDateTime('2025-13-01T10:00Z')).toBeNull();
    expect(normalizeDateTime('2025-01-01T24:00Z')).toBeNull();
    expect(normalizeDateTime('2025-01-01T10:60Z')).toBeNull();
    expect(normalizeDateTime('2025-01-01T10:00+24:00')).toBeNull();
    expect(normalizeDateTime('yesterday')).toBeNull();
    expect(normalizeDateTime('1900-05-01')).toBeNull();
  });
});

describe('event change documents', () => {
  it('accepts a versioned list of attribute changes and names a bad op', () => {
    const id = '0191e5a2-1111-7000-8000-000000000001';
    expect(
      AttributeChangesDocumentSchema.safeParse({ version: 1, changes: [{ op: 'set', characterId: id, path: 'home', value: 'Oz' }] })
        .success,
    ).toBe(true);
    const bad = AttributeChangesDocumentSchema.safeParse({ version: 1, changes: [{ op: 'explode', characterId: id, path: 'x' }] });
    expect(bad.success).toBe(false);
    expect(messages(bad)['changes.0.op']).toBe('op must be one of: set, unset, increment.');
  });
});
