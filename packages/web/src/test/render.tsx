import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import type { User } from '@loreforge/contract';
import { AuthProvider } from '../session/AuthProvider';
import { storeSession } from '../session/session-store';
import { vi } from 'vitest';

/** A user record for tests. */
export function buildUser(overrides: Partial<User> = {}): User {
  return {
    userId: '11111111-1111-4111-8111-111111111111',
    username: 'aria',
    email: 'aria@example.com',
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** Stores a signed-in session as a previous visit would have left it. */
export function signIn(user: User = buildUser(), token = 'test-token'): User {
  storeSession(token, user);
  return user;
}

/** A JSON response as the API would send it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** A one-page list response in the contract's `{ data, pagination }` envelope, as every list call answers. */
export function listResponse(rows: unknown[], status = 200): Response {
  return jsonResponse(
    {
      data: rows,
      pagination: { currentPage: 1, totalPages: rows.length > 0 ? 1 : 0, totalItems: rows.length, limit: 1000, nextCursor: null },
    },
    status,
  );
}

/**
 * The value, or a failed test naming what was missing (an element not found, a call not made), where a list
 * index or a DOM lookup may come back empty.
 */
export function defined<T>(value: T | null | undefined, what = 'value'): T {
  if (value === null || value === undefined) throw new Error(`Expected a ${what}, found none.`);
  return value;
}

/** The address a fetch call asked for: the string itself, a URL's href, or a Request's url. */
export function requestUrl(input: RequestInfo | URL | undefined): string {
  if (input === undefined) throw new Error('Expected a fetch call, found none.');
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/**
 * The JSON body a fetch call sent, parsed. A call without a body (a GET) gives `whenAbsent` when one is given;
 * otherwise, and for a body that is not text, it throws, since the app sends JSON text on every write.
 */
export function sentJson(init: RequestInit | undefined, whenAbsent?: unknown): unknown {
  const body = init?.body;
  if ((body === undefined || body === null) && whenAbsent !== undefined) return whenAbsent;
  if (typeof body !== 'string') throw new Error(`Expected a JSON text body, got ${body === null ? 'null' : typeof body}.`);
  return JSON.parse(body);
}

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces fetch with a handler; returns the mock so tests can read the calls.
 * The URL is resolved against http://localhost so tests can read pathname and searchParams.
 */
export function mockFetch(handler: Handler) {
  const mock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(new URL(requestUrl(input), 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', mock);
  return mock;
}

function Providers({ children, client }: { children: ReactNode; client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <AuthProvider>{children}</AuthProvider>
    </QueryClientProvider>
  );
}

/**
 * Renders routes in a memory router with a fresh query client (no retries) and the auth provider.
 * @param routes the routes (or one element rendered at every path).
 * @param path the starting URL.
 */
export function renderRoutes(routes: RouteObject[] | ReactElement, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const table: RouteObject[] = Array.isArray(routes) ? routes : [{ path: '*', element: routes }];
  const router = createMemoryRouter(table, { initialEntries: [path] });
  const utils = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router, client };
}
