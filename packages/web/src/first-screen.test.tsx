import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { createQueryClient } from './api/query-client';
import { AuthProvider } from './session/AuthProvider';
import { jsonResponse, mockFetch, requestUrl, signIn } from './test/render';
import { startFirstScreen } from './first-screen';
import { WorldsHome } from './screens/home/WorldsHome';
import { WorldScreen } from './screens/worlds/WorldScreen';
import { worldTabRoutes } from './routes/world-routes';
import { FIXTURE_WORLD_ID, buildWorld } from './test/world-fixtures';

const W = FIXTURE_WORLD_ID;
const world = buildWorld();
const worldsPage = {
  data: [world],
  pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 12, nextCursor: null },
};

/** Renders routes with the app's own query client, whose data stays fresh as long as the page's first screen loads. */
function renderInApp(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe("a signed-in first page's early requests", () => {
  it('shows the home from the worlds asked for by the entry, without asking for them again', async () => {
    signIn(undefined, 'abc');
    const fetchMock = mockFetch((url) => (url.pathname === '/api/worlds' ? jsonResponse(worldsPage) : jsonResponse({})));
    startFirstScreen('/', 'abc');
    renderInApp([{ path: '/', element: <WorldsHome /> }], '/');
    expect(await screen.findByRole('link', { name: 'Eldoria' })).toBeInTheDocument();
    const worldsCalls = fetchMock.mock.calls.filter(([input]) => requestUrl(input).startsWith('/api/worlds?'));
    expect(worldsCalls).toHaveLength(1);
  });

  it('shows the world page from the world asked for by the entry, without asking for it again', async () => {
    signIn(undefined, 'abc');
    const fetchMock = mockFetch((url) => (url.pathname === `/api/worlds/${W}` ? jsonResponse(world) : jsonResponse({ data: [] })));
    startFirstScreen(`/worlds/${W}`, 'abc');
    renderInApp([{ path: '/worlds/:worldId', element: <WorldScreen />, children: worldTabRoutes }], `/worlds/${W}`);
    expect(await screen.findByRole('heading', { name: 'Eldoria', level: 1 })).toBeInTheDocument();
    const worldCalls = fetchMock.mock.calls.filter(([input]) => requestUrl(input) === `/api/worlds/${W}`);
    expect(worldCalls).toHaveLength(1);
  });

  it('sends nothing for a visitor who is not signed in', () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    startFirstScreen('/', null);
    startFirstScreen(`/worlds/${W}`, null);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
