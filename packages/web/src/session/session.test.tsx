import { describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api } from '../api/client';
import { useWorld } from '../api/worlds';
import { Outlet } from 'react-router';
import { Breadcrumbs } from '../components/layout/Breadcrumbs';
import { AppNavbar } from '../components/layout/AppNavbar';
import { RequireAuth } from '../components/RequireAuth';
import { LoginScreen } from '../screens/login/LoginScreen';
import { buildUser, jsonResponse, mockFetch, renderRoutes, signIn } from '../test/render';
import { getToken, restoreUser, TOKEN_KEY, USER_KEY } from './session-store';

describe('session restore (SPEC §4)', () => {
  it('restores the stored user when a token exists', () => {
    const user = signIn(buildUser({ username: 'mira' }));
    expect(restoreUser()).toEqual(user);
  });

  it('only warns and stays signed out when a token has no stored user', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    window.localStorage.setItem(TOKEN_KEY, 't');
    expect(restoreUser()).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(getToken()).toBe('t');
  });

  it('is signed out without a token even if a user record lingers', () => {
    window.localStorage.setItem(USER_KEY, JSON.stringify(buildUser()));
    expect(restoreUser()).toBeNull();
  });

  it('shows the restored user in the navbar on start, by username or else email', () => {
    signIn(buildUser({ username: '', email: 'gm@example.com' }));
    renderRoutes(<AppNavbar />);
    expect(screen.getByText(/Signed in as:/)).toHaveTextContent('Signed in as: gm@example.com');
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeInTheDocument();
  });

  it("links Quests to the current world's quests inside a world, else to the global list", () => {
    signIn();
    const world = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
    const { unmount } = renderRoutes(<AppNavbar />, `/worlds/${world}/characters`);
    expect(screen.getByRole('link', { name: 'Quests' })).toHaveAttribute('href', `/quests?worldId=${world}`);
    unmount();
    renderRoutes(<AppNavbar />, '/about');
    expect(screen.getByRole('link', { name: 'Quests' })).toHaveAttribute('href', '/quests');
  });

  it('shows Login and Register when signed out', () => {
    renderRoutes(<AppNavbar />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('signs out: clears token and user and goes to /login', async () => {
    const user = userEvent.setup();
    signIn();
    const { router } = renderRoutes([
      { path: '/', element: <AppNavbar /> },
      { path: '/login', element: <p>login page</p> },
    ]);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(window.localStorage.getItem(USER_KEY)).toBeNull();
  });
});

function WorldName() {
  const world = useWorld('2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b');
  return <p>{world.data?.name ?? 'loading'}</p>;
}

describe('signing out of a page that loaded data', () => {
  it('sends no request after Sign out, so nothing is refused with 401 on the way to /login', async () => {
    const user = userEvent.setup();
    signIn();
    const seen: Array<{ path: string; auth: string | null }> = [];
    mockFetch((url, init) => {
      const auth = new Headers(init.headers).get('authorization');
      seen.push({ path: url.pathname, auth });
      return auth ? jsonResponse({ worldId: 'w', name: 'Oz' }) : jsonResponse({ message: 'Sign in first.', code: 'UNAUTHORIZED' }, 401);
    });
    // As in the app: navbar and breadcrumbs around the routed screen, and a login screen that loads on demand.
    renderRoutes(
      [
        {
          element: (
            <>
              <AppNavbar />
              <Breadcrumbs />
              <Outlet />
            </>
          ),
          children: [
            {
              path: '/worlds/:worldId',
              element: (
                <RequireAuth>
                  <WorldName />
                </RequireAuth>
              ),
            },
            {
              path: '/login',
              lazy: async () => {
                await new Promise((resolve) => setTimeout(resolve, 100)); // the screen's code downloading
                return { Component: () => <p>login page</p> };
              },
            },
          ],
        },
      ],
      '/worlds/2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b',
    );
    await waitFor(() => expect(screen.getAllByText('Oz')).toHaveLength(2));
    const before = seen.length;
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen.slice(before)).toEqual([]);
  });
});

describe('protected routes and login (SPEC §2, §6, §8)', () => {
  const routes = [
    { path: '/', element: <p>home</p> },
    { path: '/login', element: <LoginScreen /> },
    {
      path: '/worlds/:worldId',
      element: (
        <RequireAuth>
          <p>the world</p>
        </RequireAuth>
      ),
    },
  ];

  it('sends a signed-out visitor to /login and back to where they came from after signing in', async () => {
    const user = userEvent.setup();
    const fetchMock = mockFetch(() => jsonResponse({ token: 'new-token', user: buildUser() }));
    const { router } = renderRoutes(routes, '/worlds/w1?tab=maps');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Email/), 'aria@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('the world')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/worlds/w1?tab=maps');
    expect(getToken()).toBe('new-token');
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auth/login');
  });

  it("returns to the page where the navbar's Login was pressed", async () => {
    const user = userEvent.setup();
    mockFetch(() => jsonResponse({ token: 't', user: buildUser() }));
    const { router } = renderRoutes(
      [
        ...routes,
        {
          path: '/about',
          element: (
            <>
              <AppNavbar />
              <p>about page</p>
            </>
          ),
        },
      ],
      '/about',
    );
    await user.click(screen.getByRole('link', { name: 'Login' }));
    await user.type(await screen.findByLabelText(/^Email/), 'aria@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('about page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/about');
  });

  it("after a 401 offers 'Session expired: sign in again', which returns to the same page", async () => {
    const user = userEvent.setup();
    signIn();
    let first = true;
    mockFetch(() => {
      if (!first) return jsonResponse({ token: 'fresh', user: buildUser() });
      first = false;
      return jsonResponse({ message: 'Your session is invalid or has expired. Please sign in again.', code: 'UNAUTHORIZED' }, 401);
    });
    const { router } = renderRoutes(
      [
        ...routes,
        {
          path: '/worlds/:worldId/maps',
          element: (
            <>
              <AppNavbar />
              <p>the maps</p>
            </>
          ),
        },
      ],
      '/worlds/w1/maps',
    );
    await act(() => api.get('/worlds/w1/maps').catch(() => undefined));
    await user.click(await screen.findByRole('link', { name: 'Session expired: sign in again' }));
    await user.type(await screen.findByLabelText(/^Email/), 'aria@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('the maps')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/worlds/w1/maps');
    expect(getToken()).toBe('fresh');
  });

  it('goes to / after a direct sign-in', async () => {
    const user = userEvent.setup();
    mockFetch(() => jsonResponse({ token: 't', user: buildUser() }));
    renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText(/^Email/), 'aria@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('home')).toBeInTheDocument();
  });

  it("shows the server's message when sign-in fails", async () => {
    const user = userEvent.setup();
    mockFetch(() => jsonResponse({ message: 'Invalid email or password.', code: 'UNAUTHORIZED' }, 401));
    renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText(/^Email/), 'aria@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-pass');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Invalid email or password.')).toBeInTheDocument();
  });

  it("says 'Login failed' when the failure has no message, and flags a reply without token or user", async () => {
    const user = userEvent.setup();
    let reply: Response = new Response('', { status: 502 });
    mockFetch(() => reply);
    renderRoutes(routes, '/login');
    await user.type(await screen.findByLabelText(/^Email/), 'aria@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
    reply = jsonResponse({ token: 'only-token' });
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Login response did not include token or user.')).toBeInTheDocument();
    await waitFor(() => expect(getToken()).toBeNull());
  });
});
