import { describe, expect, it } from 'vitest';
import { paginationWindow } from './pagination-window';

describe('paginationWindow (SPEC §2 Generic list, §9)', () => {
  it('shows every page when there are 7 or fewer', () => {
    expect(paginationWindow(1, 1)).toEqual([1]);
    expect(paginationWindow(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('shows nothing when there are no pages', () => {
    expect(paginationWindow(1, 0)).toEqual([]);
  });

  it('shows first, last and 2 either side of the current page with gaps when there are 8 or more', () => {
    expect(paginationWindow(10, 20)).toEqual([1, 'start-gap', 8, 9, 10, 11, 12, 'end-gap', 20]);
  });

  it('puts no gap before the window when it touches the first page', () => {
    expect(paginationWindow(1, 8)).toEqual([1, 2, 3, 'end-gap', 8]);
    expect(paginationWindow(3, 10)).toEqual([1, 2, 3, 4, 5, 'end-gap', 10]);
  });

  it('puts no gap after the window when it touches the last page', () => {
    expect(paginationWindow(8, 8)).toEqual([1, 'start-gap', 6, 7, 8]);
    expect(paginationWindow(18, 20)).toEqual([1, 'start-gap', 16, 17, 18, 19, 20]);
  });

  it('clamps a current page outside the range', () => {
    expect(paginationWindow(99, 9)).toEqual([1, 'start-gap', 7, 8, 9]);
  });
});
