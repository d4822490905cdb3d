import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@loreforge/contract';
import { ApiError } from './client';
import { toListResult } from './list';

const pagination = { currentPage: 2, totalPages: 4, totalItems: 8, limit: 2, nextCursor: null };

describe('toListResult (SPEC §7 generic list calls)', () => {
  it("reads the contract's { data, pagination } envelope as sent", () => {
    expect(toListResult({ data: ['x'], pagination })).toEqual({ data: ['x'], pagination });
    expect(toListResult({ data: [], pagination: { ...pagination, nextCursor: 'abc' } }).pagination.nextCursor).toBe('abc');
  });

  it("says 'Unexpected data format.' for any other shape, instead of guessing or showing an empty list", () => {
    const bodies = [
      undefined,
      'oops',
      { message: 'ok' },
      { data: { not: 'rows' }, pagination },
      ['a', 'b'],
      { items: ['y'], pagination },
      { timelines: ['t'], total: 7, page: 2, limit: 2 },
      { data: ['x'] },
      { data: ['x'], pagination: { currentPage: 1 } },
      { data: ['x'], pagination: { ...pagination, totalItems: '8' } },
      { data: ['x'], pagination: { ...pagination, currentPage: 1.5 } },
      { data: ['x'], pagination: { ...pagination, nextCursor: 5 } },
    ];
    for (const body of bodies) {
      expect(() => toListResult(body)).toThrow(new ApiError(0, 'BAD_RESPONSE', MESSAGES.unexpectedDataFormat));
    }
  });
});
