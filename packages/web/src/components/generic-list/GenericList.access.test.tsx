import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { World, WorldRole } from '@loreforge/contract';
import type { ListResult } from '../../api/list';
import { buildUser, jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { GenericList, type ListSource } from './GenericList';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const ME = buildUser();

interface Row {
  id: string;
  name: string;
  createdAt: string;
  assignedTo: string | null;
}

/** A world that answers with `role` for the signed-in user. */
function serveWorld(role: WorldRole) {
  mockFetch((url) => {
    if (url.pathname !== `/api/worlds/${W}`) return jsonResponse({ message: 'Not found.', code: 'NOT_FOUND' }, 404);
    const world: World & { role: WorldRole } = {
      worldId: W,
      name: 'The Land of Oz',
      description: null,
      descriptionHtml: null,
      createdBy: '99999999-9999-4999-8999-999999999999',
      counts: { characters: 2, timelines: 0, maps: 0, events: 0, items: 0 },
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      role,
    };
    return jsonResponse(world);
  });
}

function renderCharacters(rows: Row[]) {
  const source: ListSource<Row> = {
    listKey: (params) => ['rows', params],
    list: async (): Promise<ListResult<Row>> => ({
      data: rows,
      pagination: { currentPage: 1, totalPages: 1, totalItems: rows.length, limit: 10, nextCursor: null },
    }),
  };
  const list = (
    <GenericList<Row>
      entityName="character"
      source={source}
      getId={(r) => r.id}
      getName={(r) => r.name}
      getEditPath={(r) => `/worlds/${W}/characters/${r.id}/edit`}
      onDelete={async () => undefined}
      columns={[
        { key: 'name', label: 'Name', sortable: true, kind: 'name' },
        { key: 'createdAt', label: 'Created', sortable: true, kind: 'date' },
      ]}
    />
  );
  return renderRoutes([{ path: '/worlds/:worldId/characters', element: list }], `/worlds/${W}/characters`);
}

const ozma: Row = { id: 'c1', name: 'Ozma', createdAt: '2025-01-02T00:00:00.000Z', assignedTo: null };
const dorothy: Row = { id: 'c2', name: 'Dorothy', createdAt: '2025-01-03T00:00:00.000Z', assignedTo: ME.userId };

describe("GenericList's actions by role (issue 11)", () => {
  it('shows a player no Actions column on a page where they may act on no row', async () => {
    signIn(ME);
    serveWorld('player');
    renderCharacters([ozma]);
    expect(await screen.findByText('Ozma')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument());
    expect(screen.getAllByRole('columnheader')).toHaveLength(2);
  });

  it('shows a player the Actions column with Edit on their assigned character only, and never Delete', async () => {
    signIn(ME);
    serveWorld('player');
    renderCharacters([ozma, dorothy]);
    expect(await screen.findByRole('link', { name: 'Edit Dorothy' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Delete Dorothy' })).not.toBeInTheDocument());
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Ozma' })).not.toBeInTheDocument();
  });

  it('shows an editor Edit and Delete on every row', async () => {
    signIn(ME);
    serveWorld('editor');
    renderCharacters([ozma, dorothy]);
    expect(await screen.findByRole('link', { name: 'Edit Ozma' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Ozma' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
  });
});
