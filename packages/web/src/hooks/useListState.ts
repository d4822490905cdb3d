import { useCallback, useState } from 'react';
import type { SortOrder } from '@loreforge/contract';
import { DEFAULT_LIST_PARAMS, type ListParams } from '../api/list';

/** The sort part of a list's state. */
export interface SortState {
  sortBy: string;
  sortOrder: SortOrder;
}

/**
 * The sort after a column header is chosen (SPEC §4 "List view"): the sorted column flips direction; a new
 * column starts ascending, except createdAt, which starts descending.
 * @param current the present sort; @param field the chosen column.
 */
export function nextSort(current: SortState, field: string): SortState {
  if (current.sortBy === field) return { sortBy: field, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy: field, sortOrder: field === 'createdAt' ? 'desc' : 'asc' };
}

/** State and actions of a list view. Every change except `setPage` returns to page 1. */
export interface ListState {
  params: ListParams;
  /** Applies {@link nextSort} for a column and resets to page 1. */
  toggleSort(field: string): void;
  /** Sets field and direction directly (the grid's sort menu) and resets to page 1. */
  setSort(sort: SortState): void;
  setPage(page: number): void;
  setSearch(search: string): void;
  setLimit(limit: number): void;
}

/**
 * Page, size, search and sort of a generic list (SPEC §4, §9: page 1, 10 per page, createdAt descending).
 * @param initial overrides of the defaults.
 */
export function useListState(initial: Partial<ListParams> = {}): ListState {
  const [params, setParams] = useState<ListParams>(() => ({ ...DEFAULT_LIST_PARAMS, ...initial }));
  const toggleSort = useCallback((field: string) => {
    setParams((p) => ({
      ...p,
      ...nextSort({ sortBy: p.sortBy ?? 'createdAt', sortOrder: p.sortOrder ?? 'desc' }, field),
      page: 1,
    }));
  }, []);
  const setSort = useCallback((sort: SortState) => setParams((p) => ({ ...p, ...sort, page: 1 })), []);
  const setPage = useCallback((page: number) => setParams((p) => ({ ...p, page })), []);
  const setSearch = useCallback((search: string) => setParams((p) => ({ ...p, search, page: 1 })), []);
  const setLimit = useCallback((limit: number) => setParams((p) => ({ ...p, limit, page: 1 })), []);
  return { params, toggleSort, setSort, setPage, setSearch, setLimit };
}
