import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { WorldChange } from '@loreforge/contract';
import { invalidateForChange, isAffected } from './live';

const change = (overrides: Partial<WorldChange>): WorldChange => ({
  sequence: 7,
  entityType: 'character',
  entityId: 'lion',
  action: 'updated',
  by: 'glinda',
  at: '2026-11-24T12:00:00.000Z',
  ...overrides,
});

describe('which queries a live change refreshes', () => {
  it("refreshes the character's own page, the character lists and the world's counts, but not another world or other collections", () => {
    const renamed = change({});
    expect(isAffected(['worlds', 'oz', 'characters', 'lion'], 'oz', renamed)).toBe(true);
    expect(isAffected(['worlds', 'oz', 'characters', 'list', { page: 1 }], 'oz', renamed)).toBe(true);
    expect(isAffected(['worlds', 'oz'], 'oz', renamed)).toBe(true);
    expect(isAffected(['worlds', 'oz', 'search', 'lion'], 'oz', renamed)).toBe(true);
    expect(isAffected(['worlds', 'oz', 'maps', 'list', {}], 'oz', renamed)).toBe(false);
    expect(isAffected(['worlds', 'kansas', 'characters', 'lion'], 'kansas-not', renamed)).toBe(false);
    expect(isAffected(['worlds', 'kansas', 'characters', 'list'], 'oz', renamed)).toBe(false);
  });

  it('refreshes the recently deleted list when something is deleted or comes back, not on edits', () => {
    const key = ['worlds', 'oz', 'history', 'deleted'];
    expect(isAffected(key, 'oz', change({ action: 'deleted' }))).toBe(true);
    expect(isAffected(key, 'oz', change({ action: 'created' }))).toBe(true);
    expect(isAffected(key, 'oz', change({ action: 'updated' }))).toBe(false);
  });

  it("refreshes a map point's queries under its map, found by the collection name", () => {
    expect(isAffected(['worlds', 'oz', 'maps', 'm1', 'points', 'list', {}], 'oz', change({ entityType: 'mapPoint', entityId: 'p1' }))).toBe(
      true,
    );
    expect(isAffected(['worlds', 'oz', 'quests', 'list', {}], 'oz', change({ entityType: 'mapPoint', entityId: 'p1' }))).toBe(false);
  });

  it('keeps the data of an entity whose edit form is open, so its save still carries the version it loaded', async () => {
    const client = new QueryClient();
    client.setQueryData(['worlds', 'oz', 'characters', 'lion'], { name: 'Cowardly Lion' });
    client.setQueryData(['worlds', 'oz', 'characters', 'list', {}], { rows: [] });
    await invalidateForChange(client, 'oz', change({}), '/worlds/oz/characters/lion/edit');
    expect(client.getQueryState(['worlds', 'oz', 'characters', 'lion'])?.isInvalidated).toBe(true);
    expect(client.getQueryData(['worlds', 'oz', 'characters', 'lion'])).toEqual({ name: 'Cowardly Lion' });
    expect(client.getQueryState(['worlds', 'oz', 'characters', 'list', {}])?.isInvalidated).toBe(true);
  });
});
