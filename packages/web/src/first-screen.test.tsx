import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
import { FIXTURE_TIMELINE_ID, buildEvent, buildTimeline } from './test/timeline-fixtures';
import { TimelineScreen } from './screens/timelines/TimelineScreen';

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

  describe('on a timeline', () => {
    const T = FIXTURE_TIMELINE_ID;
    const timeline = buildTimeline({ branchingEnabled: false });
    const event = buildEvent();
    const timelinePath = `/api/worlds/${W}/timelines/${T}`;

    beforeEach(() => {
      // jsdom has no layout: give the timeline's scrolling region a height so its rows render.
      vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    });
    afterEach(() => vi.restoreAllMocks());

    it('shows the events from the timeline and its first page asked for by the entry, each asked for once', async () => {
      signIn(undefined, 'abc');
      const fetchMock = mockFetch((url) => {
        if (url.pathname === `/api/worlds/${W}`) return jsonResponse(world);
        if (url.pathname === timelinePath) return jsonResponse(timeline);
        if (url.pathname === `${timelinePath}/events`)
          return jsonResponse({
            data: [event],
            pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 500, nextCursor: null },
          });
        if (url.pathname.endsWith('/state'))
          return jsonResponse({ timelineId: T, at: null, eventCount: 0, lastEvent: null, characters: [] });
        if (url.pathname.endsWith('/issues')) return jsonResponse({ timelineId: T, data: [] });
        return jsonResponse({ data: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, limit: 100, nextCursor: null } });
      });
      startFirstScreen(`/worlds/${W}/timelines/${T}`, 'abc');
      const early = fetchMock.mock.calls.map(([input]) => requestUrl(input));
      expect(early).toEqual([`/api/worlds/${W}`, timelinePath, `${timelinePath}/events?page=1&limit=500`]);
      renderInApp([{ path: '/worlds/:worldId/timelines/:timelineId', element: <TimelineScreen /> }], `/worlds/${W}/timelines/${T}`);
      expect(await screen.findByRole('list', { name: '1 event in story order' })).toHaveTextContent('The Sundering');
      const calls = fetchMock.mock.calls.map(([input]) => requestUrl(input));
      expect(calls.filter((url) => url === timelinePath)).toHaveLength(1);
      expect(calls.filter((url) => url.startsWith(`${timelinePath}/events?`))).toHaveLength(1);
    });

    it('asks for nothing on the new-timeline form', () => {
      signIn(undefined, 'abc');
      const fetchMock = mockFetch(() => jsonResponse({}));
      startFirstScreen(`/worlds/${W}/timelines/create`, 'abc');
      expect(fetchMock).not.toHaveBeenCalled();
    });
  });

  it('sends nothing for a visitor who is not signed in', () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    startFirstScreen('/', null);
    startFirstScreen(`/worlds/${W}`, null);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
