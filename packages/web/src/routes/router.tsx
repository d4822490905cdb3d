/**
 * The route table of SPEC §2. Every screen is a lazy module; protected routes sit under RequireAuth, which
 * sends signed-out visitors to /login and brings them back afterwards.
 */
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppLayout } from '../components/layout/AppLayout';
import { LoadingSpinner } from '../components/LoadingSpinner';
import { RequireAuth } from '../components/RequireAuth';
import { getToken } from '../session/session-store';
import { keyCurrentHistoryEntry } from './history-entry-key';
import { lazyScreen } from './lazy';
import { WorldLive } from '../components/live/WorldLive';
import { RouteError } from './RouteError';
import { worldChildRoutes, worldTabRoutes } from './world-routes';

/** All routes, exported for tests (createMemoryRouter) and for the browser router below. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown only on the very first load, while the first lazy screen downloads.
    hydrateFallbackElement: <LoadingSpinner label="Loading Loreforge..." />,
    children: [
      {
        index: true,
        // Home shows the landing page or the user's worlds, each its own chunk: fetch the one this visitor will see
        // alongside HomeScreen's, not after it, to save a round trip before the first paint.
        lazy: lazyScreen(async () => {
          const [home] = await Promise.all([
            import('../screens/home/HomeScreen'),
            getToken() !== null ? import('../screens/home/WorldsHome') : import('../screens/landing/LandingScreen'),
          ]);
          return home;
        }, 'HomeScreen'),
      },
      { path: 'about', lazy: lazyScreen(() => import('../screens/about/AboutScreen'), 'AboutScreen') },
      { path: 'login', lazy: lazyScreen(() => import('../screens/login/LoginScreen'), 'LoginScreen') },
      { path: 'register', lazy: lazyScreen(() => import('../screens/register/RegisterScreen'), 'RegisterScreen') },
      {
        path: 'request-invite',
        lazy: lazyScreen(() => import('../screens/request-invite/RequestInviteScreen'), 'RequestInviteScreen'),
      },
      {
        element: <RequireAuth />,
        children: [
          { path: 'quests', lazy: lazyScreen(() => import('../screens/quests/QuestListScreen'), 'QuestListScreen') },
          { path: 'quests/create', lazy: lazyScreen(() => import('../screens/quests/QuestScreens'), 'QuestFormScreen') },
          { path: 'quests/:id/edit', lazy: lazyScreen(() => import('../screens/quests/QuestScreens'), 'QuestFormScreen') },
          { path: 'join/:code', lazy: lazyScreen(() => import('../screens/join/JoinScreen'), 'JoinScreen') },
          { path: 'worlds/create', lazy: lazyScreen(() => import('../screens/worlds/WorldFormScreen'), 'WorldFormScreen') },
          { path: 'worlds/:id/edit', lazy: lazyScreen(() => import('../screens/worlds/WorldFormScreen'), 'WorldFormScreen') },
          // Every page of a world shares one live stream and presence (issue 15).
          {
            path: 'worlds/:worldId',
            element: <WorldLive />,
            children: [
              { lazy: lazyScreen(() => import('../screens/worlds/WorldScreen'), 'WorldScreen'), children: worldTabRoutes },
              ...worldChildRoutes,
            ],
          },
        ],
      },
      { path: '*', lazy: lazyScreen(() => import('../screens/not-found/NotFoundScreen'), 'NotFoundScreen') },
    ],
  },
];

/**
 * Creates the browser router for the app, after giving the page's first history entry a key of its own, so
 * `<ScrollRestoration>` restores this page's scroll position and never one saved by an earlier page of the tab
 * (see `history-entry-key.ts`).
 */
export function createAppRouter() {
  keyCurrentHistoryEntry();
  return createBrowserRouter(routes);
}
