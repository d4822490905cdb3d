import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { SORT_ORDERS, type SortOrder } from '@loreforge/contract';
import { DEFAULT_LIST_PARAMS, type ListParams } from '../api/list';

/** The sort part of a list's state. */
export interface SortState {
  sortBy: string;
  sortOrder: SortOrder;
}

/** How a list shows its rows. */
export type ListView = 'list' | 'grid';

/**
 * The sort after a column header is chosen (SPEC §4 "List view"): the sorted column flips direction; a new
 * column starts ascending, except createdAt, which starts descending.
 * @param current the present sort; @param field the chosen column.
 */
export function nextSort(current: SortState, field: string): SortState {
  if (current.sortBy === field) return { sortBy: field, sortOrder: current.sortOrder === 'asc' ? 'desc' : 'asc' };
  return { sortBy: field, sortOrder: field === 'createdAt' ? 'desc' : 'asc' };
}

/** State and actions of a list view. Every change except `setPage` and `setView` returns to page 1. */
export interface ListState {
  params: ListParams;
  view: ListView;
  /** Applies {@link nextSort} for a column and resets to page 1. */
  toggleSort: (field: string) => void;
  /** Sets field and direction directly (the grid's sort menu) and resets to page 1. */
  setSort: (sort: SortState) => void;
  setPage: (page: number) => void;
  /** Sets the search text; replaces the history entry, so Back does not step through every keystroke. */
  setSearch: (search: string) => void;
  /** Keeps only entities carrying this tag ('' for every one) and returns to page 1. */
  setTag: (tag: string) => void;
  setLimit: (limit: number) => void;
  setView: (view: ListView) => void;
}

/** Query-string keys of a list's state: the API's own names, plus `view`. */
const KEYS = ['page', 'limit', 'search', 'tag', 'sortBy', 'sortOrder', 'view'] as const;

function positiveInt(text: string | null): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= 1 ? value : undefined;
}

function readOrder(text: string | null): SortOrder | undefined {
  return SORT_ORDERS.find((order) => order === text);
}

/**
 * Page, size, search, tag, sort and view of a generic list (SPEC §4, §9: page 1, 10 per page, createdAt descending),
 * kept in the query string (`?page=&limit=&search=&tag=&sortBy=&sortOrder=&view=`) so Back, reload and a shared link
 * return to the same place. Values equal to the defaults are left out of the URL; unreadable ones fall back to
 * the defaults; other query keys of the page (e.g. `worldId`) are kept.
 * @param initial overrides of the defaults (e.g. events sorted by dateTime ascending).
 * @param defaultView the view when the URL names none.
 */
export function useListState(initial: Partial<ListParams> = {}, defaultView: ListView = 'list'): ListState {
  const [searchParams, setSearchParams] = useSearchParams();
  // The caller's object is usually a literal: follow its values, not its identity.
  const { page: initialPage, limit: initialLimit, search: initialSearch, sortBy: initialSortBy, sortOrder: initialSortOrder } = initial;
  const defaults = useMemo<ListParams>(
    () => ({
      ...DEFAULT_LIST_PARAMS,
      ...(initialPage !== undefined && { page: initialPage }),
      ...(initialLimit !== undefined && { limit: initialLimit }),
      ...(initialSearch !== undefined && { search: initialSearch }),
      ...(initialSortBy !== undefined && { sortBy: initialSortBy }),
      ...(initialSortOrder !== undefined && { sortOrder: initialSortOrder }),
    }),
    [initialPage, initialLimit, initialSearch, initialSortBy, initialSortOrder],
  );

  const page = positiveInt(searchParams.get('page')) ?? defaults.page;
  const limit = positiveInt(searchParams.get('limit')) ?? defaults.limit;
  const search = searchParams.get('search') ?? defaults.search;
  const tag = searchParams.get('tag') || undefined;
  const sortBy = searchParams.get('sortBy') || defaults.sortBy;
  const sortOrder = readOrder(searchParams.get('sortOrder')) ?? defaults.sortOrder;
  const view: ListView = searchParams.get('view') === 'grid' ? 'grid' : searchParams.get('view') === 'list' ? 'list' : defaultView;
  const params = useMemo<ListParams>(
    () => ({ ...defaults, page, limit, search, sortBy, sortOrder, ...(tag ? { tag } : {}) }),
    [defaults, page, limit, search, sortBy, sortOrder, tag],
  );

  /** Writes the changed keys into the URL, dropping those equal to their defaults. */
  const update = useCallback(
    (change: Partial<ListParams> & { view?: ListView }, replace = false) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          const fallback: Partial<Record<(typeof KEYS)[number], string | number | undefined>> = { ...defaults, view: defaultView };
          for (const key of KEYS) {
            if (!(key in change)) continue;
            const value = change[key];
            if (value === undefined || value === '' || String(value) === String(fallback[key] ?? '')) next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace },
      );
    },
    [setSearchParams, defaults, defaultView],
  );

  const toggleSort = useCallback(
    (field: string) => update({ ...nextSort({ sortBy: sortBy ?? 'createdAt', sortOrder: sortOrder ?? 'desc' }, field), page: 1 }),
    [update, sortBy, sortOrder],
  );
  const setSort = useCallback((sort: SortState) => update({ ...sort, page: 1 }), [update]);
  const setPage = useCallback((next: number) => update({ page: next }), [update]);
  const setSearch = useCallback((text: string) => update({ search: text, page: 1 }, true), [update]);
  const setTag = useCallback((next: string) => update({ tag: next, page: 1 }), [update]);
  const setLimit = useCallback((next: number) => update({ limit: next, page: 1 }), [update]);
  const setView = useCallback((next: ListView) => update({ view: next }), [update]);
  return { params, view, toggleSort, setSort, setPage, setSearch, setTag, setLimit, setView };
}
