import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@loreforge/contract';
import { ApiError } from './client';
import { DEFAULT_LIST_PARAMS, toListResult } from './list';

const params = { ...DEFAULT_LIST_PARAMS, page: 2, limit: 2 };

describe('toListResult (SPEC §7 generic list calls)', () => {
  it('pages a bare array locally', () => {
    expect(toListResult(['a', 'b', 'c', 'd', 'e'], params)).toEqual({
      data: ['c', 'd'],
      pagination: { currentPage: 2, totalPages: 3, totalItems: 5, limit: 2, nextCursor: null },
    });
  });

  it('reads data or items with a pagination block', () => {
    const pagination = { currentPage: 2, totalPages: 4, totalItems: 8, limit: 2, nextCursor: null };
    expect(toListResult({ data: ['x'], pagination }, params)).toEqual({ data: ['x'], pagination });
    expect(toListResult({ items: ['y'], pagination }, params).data).toEqual(['y']);
  });

  it('computes totalPages from total and limit when the server gives none', () => {
    expect(toListResult({ timelines: ['t'], total: 7, page: 2, limit: 2 }, params, 'timelines').pagination).toEqual({
      currentPage: 2, totalPages: 4, totalItems: 7, limit: 2, nextCursor: null,
    });
  });

  it("says 'Unexpected data format.' when the body holds no rows, instead of showing an empty list", () => {
    for (const body of [undefined, 'oops', { message: 'ok' }, { data: { not: 'rows' } }]) {
      expect(() => toListResult(body, params)).toThrow(new ApiError(0, 'BAD_RESPONSE', MESSAGES.unexpectedDataFormat));
    }
  });
});
