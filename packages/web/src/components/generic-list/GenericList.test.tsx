import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ListParams, ListResult } from '../../api/list';
import { renderRoutes } from '../../test/render';
import { GenericList, type ListSource } from './GenericList';
import { nextSort } from '../../hooks/useListState';

interface Row {
  id: string;
  name: string;
  description: string | null;
  createdAt: string;
}

function makeRows(count: number): Row[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `id-${i + 1}`,
    name: `Row ${i + 1}`,
    description: `Description ${i + 1}`,
    createdAt: `2025-01-${String((i % 28) + 1).padStart(2, '0')}T00:00:00.000Z`,
  }));
}

function fakeSource(rows: Row[]) {
  const calls: ListParams[] = [];
  const source: ListSource<Row> = {
    listKey: (params) => ['rows', params],
    list: async (params): Promise<ListResult<Row>> => {
      calls.push(params);
      const start = (params.page - 1) * params.limit;
      return {
        data: rows.slice(start, start + params.limit),
        pagination: {
          currentPage: params.page,
          totalPages: Math.ceil(rows.length / params.limit),
          totalItems: rows.length,
          limit: params.limit,
          nextCursor: null,
        },
      };
    },
  };
  return { source, calls, last: () => calls[calls.length - 1] };
}

function renderList(source: ListSource<Row>, extra: Partial<Parameters<typeof GenericList<Row>>[0]> = {}) {
  return renderRoutes(
    <GenericList<Row>
      entityName="character"
      source={source}
      getId={(r) => r.id}
      getName={(r) => r.name}
      getDescription={(r) => r.description}
      columns={[
        { key: 'name', label: 'Name', sortable: true, kind: 'name' },
        { key: 'description', label: 'Description', kind: 'description' },
        { key: 'createdAt', label: 'Created', sortable: true, kind: 'date' },
      ]}
      {...extra}
    />,
  );
}

describe('nextSort (SPEC §4 List view)', () => {
  it('flips the direction of the sorted column', () => {
    expect(nextSort({ sortBy: 'name', sortOrder: 'asc' }, 'name')).toEqual({ sortBy: 'name', sortOrder: 'desc' });
    expect(nextSort({ sortBy: 'name', sortOrder: 'desc' }, 'name')).toEqual({ sortBy: 'name', sortOrder: 'asc' });
  });
  it('starts a new column ascending, except createdAt which starts descending', () => {
    expect(nextSort({ sortBy: 'createdAt', sortOrder: 'desc' }, 'name')).toEqual({ sortBy: 'name', sortOrder: 'asc' });
    expect(nextSort({ sortBy: 'name', sortOrder: 'asc' }, 'createdAt')).toEqual({ sortBy: 'createdAt', sortOrder: 'desc' });
  });
});

describe('GenericList', () => {
  it('asks for page 1 of 10, newest first, by default', async () => {
    const { source, last } = fakeSource(makeRows(3));
    renderList(source);
    expect(await screen.findByText('Row 1')).toBeInTheDocument();
    expect(last()).toMatchObject({ page: 1, limit: 10, sortBy: 'createdAt', sortOrder: 'desc' });
  });

  it('sorts by a clicked header ascending, flips on the second click, and returns to page 1', async () => {
    const user = userEvent.setup();
    const { source, last } = fakeSource(makeRows(35));
    renderList(source);
    await screen.findByText('Row 1');

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(last()?.page).toBe(3));

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(last()).toMatchObject({ sortBy: 'name', sortOrder: 'asc', page: 1 }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');

    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(last()).toMatchObject({ sortBy: 'name', sortOrder: 'desc', page: 1 }));
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');

    await user.click(screen.getByRole('button', { name: /^Created/ }));
    await waitFor(() => expect(last()).toMatchObject({ sortBy: 'createdAt', sortOrder: 'desc', page: 1 }));
  });

  it('shows the 7-page window with ellipses on long lists', async () => {
    const user = userEvent.setup();
    const { source } = fakeSource(makeRows(200));
    renderList(source);
    await screen.findByText('Row 1');
    await user.click(screen.getByRole('button', { name: 'Page 20' }));
    const pager = await screen.findByRole('navigation', { name: 'characters pages' });
    await waitFor(() => expect(within(pager).getByText('20').closest('[aria-current="page"]')).not.toBeNull());
    expect(within(pager).getByRole('button', { name: 'Page 1' })).toBeInTheDocument();
    expect(within(pager).getByRole('button', { name: 'Page 18' })).toBeInTheDocument();
    expect(within(pager).queryByRole('button', { name: 'Page 17' })).toBeNull();
    expect(within(pager).getAllByText('…')).toHaveLength(1);
  });

  it('cuts names at 50 and descriptions at 100 characters', async () => {
    const long: Row = { id: 'x', name: 'N'.repeat(80), description: 'D'.repeat(150), createdAt: '2025-01-01T00:00:00.000Z' };
    const { source } = fakeSource([long]);
    renderList(source);
    const name = await screen.findByText(/^N+…$/);
    expect(name.textContent).toHaveLength(50);
    expect(screen.getByText(/^D+…$/).textContent).toHaveLength(100);
  });

  it("says 'No characters found.' when the list is empty", async () => {
    const { source } = fakeSource([]);
    renderList(source);
    expect(await screen.findByText('No characters found.')).toBeInTheDocument();
  });

  it('shows the load failure and no rows when loading fails', async () => {
    const source: ListSource<Row> = { listKey: () => ['failing'], list: () => Promise.reject(new Error('')) };
    renderList(source);
    expect(await screen.findByText('Failed to load characters. Please try again.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('switches to a grid of cards', async () => {
    const user = userEvent.setup();
    const { source } = fakeSource(makeRows(2));
    renderList(source);
    await screen.findByText('Row 1');
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Row 1' })).toBeInTheDocument();
  });

  it('searches from page 1 with the typed text', async () => {
    const user = userEvent.setup();
    const { source, last } = fakeSource(makeRows(30));
    renderList(source);
    await screen.findByText('Row 1');
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await user.type(screen.getByLabelText('Search characters'), 'dragon');
    await waitFor(() => expect(last()).toMatchObject({ search: 'dragon', page: 1 }));
  });

  it('asks before deleting, warns it is irreversible, and deletes on confirm', async () => {
    const user = userEvent.setup();
    const { source } = fakeSource(makeRows(1));
    const onDelete = vi.fn(async () => undefined);
    renderList(source, { onDelete });
    await screen.findByText('Row 1');
    await user.click(screen.getByRole('button', { name: 'Delete Row 1' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/irreversible/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledTimes(1));
  });

  it('opens the quick-create popover from the floating add button, at least 400px wide', async () => {
    const user = userEvent.setup();
    const { source } = fakeSource(makeRows(1));
    renderList(source, { renderQuickCreate: () => <p>Quick form here</p> });
    await screen.findByText('Row 1');
    await user.click(screen.getByRole('button', { name: 'Add character' }));
    const content = await screen.findByText('Quick form here');
    expect(content.closest('.popover')).toHaveStyle({ minWidth: '400px' });
  });

  it('keeps page, sort, search and view in the URL, so Back and a reload return to the same place', async () => {
    const user = userEvent.setup();
    const { source, last } = fakeSource(makeRows(35));
    const { router, unmount } = renderList(source);
    await screen.findByText('Row 1');
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    await waitFor(() => expect(last()).toMatchObject({ sortBy: 'name', sortOrder: 'asc', page: 1 }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(last()?.page).toBe(3));
    await user.click(screen.getByRole('button', { name: 'Grid' }));
    expect(new URLSearchParams(router.state.location.search).get('view')).toBe('grid');

    // Back undoes the view, then the page, one step at a time.
    await router.navigate(-1);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await router.navigate(-1);
    await waitFor(() => expect(last()).toMatchObject({ sortBy: 'name', sortOrder: 'asc', page: 1 }));

    // Typing a search writes it to the URL (replacing the entry); a reload of that URL shows the same list.
    await user.type(screen.getByLabelText('Search characters'), 'Row 2');
    await waitFor(() => expect(router.state.location.search).toContain('search=Row+2'));
    const url = `${router.state.location.pathname}${router.state.location.search}&view=grid&page=2`;
    unmount();
    const reloaded = fakeSource(makeRows(35));
    renderRoutes(
      <GenericList<Row>
        entityName="character"
        source={reloaded.source}
        getId={(r) => r.id}
        getName={(r) => r.name}
        columns={[{ key: 'name', label: 'Name', sortable: true, kind: 'name' }]}
      />,
      url,
    );
    await waitFor(() => expect(reloaded.last()).toMatchObject({ search: 'Row 2', sortBy: 'name', sortOrder: 'asc', page: 2 }));
    expect(screen.getByLabelText('Search characters')).toHaveValue('Row 2');
    expect(screen.getByRole('button', { name: 'Grid' })).toHaveAttribute('aria-pressed', 'true');
  });
});
