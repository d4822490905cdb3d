import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Outlet } from 'react-router';
import { VIEW_AS_HEADER, type World, type WorldMember, type WorldRole } from '@loreforge/contract';
import { worldTabRoutes } from '../../routes/world-routes';
import { WorldScreen } from '../../screens/worlds/WorldScreen';
import { setViewAs } from '../../session/view-as-store';
import { buildUser, jsonResponse, listResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { ViewAsBanner } from './ViewAsBanner';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const ME = buildUser();
const TOTO = '33333333-3333-4333-8333-333333333333';

const member = (userId: string, username: string, role: WorldRole): WorldMember => ({
  userId,
  username,
  role,
  joinedAt: '2025-02-01T10:00:00.000Z',
});

/** A fake server: the world answers with the role of whoever it is read as, and 4 or 3 characters. */
function serve(myRole: WorldRole) {
  const seen: Array<{ path: string; viewAs: string | null }> = [];
  mockFetch((url, init) => {
    const headers = new Headers(init.headers);
    const viewAs = headers.get(VIEW_AS_HEADER);
    seen.push({ path: url.pathname, viewAs });
    if (url.pathname === `/api/worlds/${W}`) {
      const world: World & { role: WorldRole } = {
        worldId: W,
        name: 'The Land of Oz',
        description: null,
        descriptionHtml: null,
        createdBy: ME.userId,
        counts: { characters: viewAs ? 3 : 4, timelines: 0, maps: 0, events: 0, items: 0 },
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
        role: viewAs ? 'player' : myRole,
      };
      return jsonResponse(world);
    }
    if (url.pathname === `/api/worlds/${W}/members`) {
      return listResponse([member(ME.userId, ME.username, myRole), member(TOTO, 'toto', 'player'), member('4444', 'glinda', 'editor')]);
    }
    return jsonResponse({ message: 'Not found.', code: 'NOT_FOUND' }, 404);
  });
  return seen;
}

function Layout() {
  return (
    <>
      <ViewAsBanner />
      <Outlet />
    </>
  );
}

const routes = [{ element: <Layout />, children: [{ path: '/worlds/:worldId', element: <WorldScreen />, children: worldTabRoutes }] }];

afterEach(() => {
  setViewAs(null);
  sessionStorage.clear();
});

describe('the "View as player" switch (issue 11)', () => {
  it('lets an editor view the world as a player: every request carries x-view-as, a banner leads back', async () => {
    const user = userEvent.setup();
    signIn(ME);
    const seen = serve('editor');
    renderRoutes(routes, `/worlds/${W}/details`);

    await user.click(await screen.findByRole('button', { name: 'View as player' }, { timeout: 5000 }));
    const toto = await screen.findByRole('button', { name: 'toto (player)' });
    // Only players and viewers are offered, never editors.
    expect(screen.queryByRole('button', { name: /glinda/ })).not.toBeInTheDocument();
    const before = seen.length;
    await user.click(toto);

    expect(await screen.findByRole('status')).toHaveTextContent('Viewing as toto (player)');
    await waitFor(() => expect(seen.slice(before).some((call) => call.path === `/api/worlds/${W}`)).toBe(true));
    const worldCalls = seen.slice(before).filter((call) => call.path.startsWith(`/api/worlds/${W}`));
    expect(worldCalls.every((call) => call.viewAs === TOTO)).toBe(true);
    // The screens act as the player: no editing of the world, no switch while viewing.
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Edit World' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'View as player' })).not.toBeInTheDocument();

    const beforeBack = seen.length;
    await user.click(screen.getByRole('button', { name: 'Back to my view' }));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Edit World' })).toBeInTheDocument();
    await waitFor(() => expect(seen.slice(beforeBack).some((call) => call.path === `/api/worlds/${W}`)).toBe(true));
    expect(seen.slice(beforeBack).every((call) => call.viewAs === null)).toBe(true);
  }, 20_000);

  it("matches the size of the header's other buttons: full beside Details' heading, small on the other tabs", async () => {
    signIn(ME);
    serve('owner');
    const { unmount } = renderRoutes(routes, `/worlds/${W}/details`);
    expect(await screen.findByRole('button', { name: 'View as player' }, { timeout: 5000 })).not.toHaveClass('btn-sm');
    expect(screen.getByRole('link', { name: 'Edit World' })).not.toHaveClass('btn-sm');
    unmount();

    renderRoutes(routes, `/worlds/${W}/characters`);
    expect(await screen.findByRole('button', { name: 'View as player' }, { timeout: 5000 })).toHaveClass('btn-sm');
    expect(screen.getByRole('link', { name: 'Edit World' })).toHaveClass('btn-sm');
    expect(screen.getByRole('button', { name: 'Delete World' })).toHaveClass('btn-sm');
  });

  it('is not offered to a player', async () => {
    signIn(ME);
    serve('player');
    renderRoutes(routes, `/worlds/${W}/details`);
    expect(await screen.findByRole('heading', { name: 'The Land of Oz' }, { timeout: 5000 })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Edit World' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'View as player' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete World' })).not.toBeInTheDocument();
  });
});
