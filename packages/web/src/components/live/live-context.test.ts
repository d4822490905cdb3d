import { describe, expect, it } from 'vitest';
import { focusFromPath } from './live-context';

const w = '0190a0b0-0000-7000-8000-000000000001';
const c = '0190a0b0-0000-7000-8000-000000000002';
const r = '0190a0b0-0000-7000-8000-000000000003';

describe('the entity a page of a world shows, for presence', () => {
  it("names a character's page, its form as editing, and a nested relationship's form", () => {
    expect(focusFromPath(`/worlds/${w}/characters/${c}/details`)).toEqual({ entityType: 'character', entityId: c, editing: false });
    expect(focusFromPath(`/worlds/${w}/characters/${c}/edit`)).toEqual({ entityType: 'character', entityId: c, editing: true });
    expect(focusFromPath(`/worlds/${w}/characters/${c}/relationships/${r}/edit`)).toEqual({
      entityType: 'relationship',
      entityId: r,
      editing: true,
    });
  });

  it('names nothing on lists, tabs and create forms', () => {
    expect(focusFromPath(`/worlds/${w}/characters`)).toBeNull();
    expect(focusFromPath(`/worlds/${w}/details`)).toBeNull();
    expect(focusFromPath(`/worlds/${w}/characters/create`)).toBeNull();
  });
});
