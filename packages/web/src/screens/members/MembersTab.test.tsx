import { afterEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { World, WorldMember, WorldRole } from '@loreforge/contract';
import { worldTabRoutes } from '../../routes/world-routes';
import { buildUser, defined, jsonResponse, listResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { WorldScreen } from '../worlds/WorldScreen';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const ME = buildUser();
const TOTO = '33333333-3333-4333-8333-333333333333';
const GLINDA = '44444444-4444-4444-8444-444444444444';

function world(role: WorldRole): World & { role: WorldRole } {
  return {
    worldId: W,
    name: 'The Land of Oz',
    description: null,
    descriptionHtml: null,
    createdBy: ME.userId,
    counts: { characters: 1, timelines: 0, maps: 0, events: 0, items: 0 },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    role,
  };
}

const member = (userId: string, username: string, role: WorldRole): WorldMember => ({
  userId,
  username,
  role,
  joinedAt: '2025-02-01T10:00:00.000Z',
});

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** A fake server for one world: answers the world, its members and invitations, records every write. */
function serve(role: WorldRole) {
  const calls: Call[] = [];
  let members = [member(ME.userId, ME.username, role), member(TOTO, 'toto', 'player'), member(GLINDA, 'glinda', 'editor')];
  if (role !== 'owner') members = [member('55555555-5555-4555-8555-555555555555', 'dorothy', 'owner'), ...members];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = (typeof init.body === 'string' ? JSON.parse(init.body) : undefined) as { user: string; role: WorldRole } | undefined;
    const path = url.pathname;
    if (method !== 'GET') calls.push({ method, path, body });
    if (path === `/api/worlds/${W}`) return jsonResponse(world(role));
    if (path === `/api/worlds/${W}/members` && method === 'GET') return listResponse(members);
    if (path === `/api/worlds/${W}/members` && method === 'POST') {
      const { user, role } = defined(body, 'request body');
      const added = member('66666666-6666-4666-8666-666666666666', user, role);
      members = [...members, added];
      return jsonResponse(added, 201);
    }
    if (path.startsWith(`/api/worlds/${W}/members/`) && method === 'PATCH') {
      const { role } = defined(body, 'request body');
      members = members.map((one) => (path.endsWith(one.userId) ? { ...one, role } : one));
      return jsonResponse(members.find((one) => path.endsWith(one.userId)));
    }
    if (path.startsWith(`/api/worlds/${W}/members/`) && method === 'DELETE') {
      members = members.filter((one) => !path.endsWith(one.userId));
      return new Response(null, { status: 204 });
    }
    if (path === `/api/worlds/${W}/invitations`) return listResponse([]);
    if (path === '/api/worlds')
      return jsonResponse({ data: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, limit: 12, nextCursor: null } });
    return jsonResponse({ message: 'Not found.', code: 'NOT_FOUND' }, 404);
  });
  return calls;
}

const routes = [
  { path: '/', element: <p>Your worlds</p> },
  { path: '/worlds/:worldId', element: <WorldScreen />, children: worldTabRoutes },
];

afterEach(() => sessionStorage.clear());

describe('MembersTab (issue 11)', () => {
  it('lists every member with their role', async () => {
    signIn(ME);
    serve('owner');
    renderRoutes(routes, `/worlds/${W}/members`);
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Member'),
      expect.stringContaining('aria'),
      expect.stringContaining('toto'),
      expect.stringContaining('glinda'),
    ]);
    expect(within(defined(rows[1], 'second row')).getByText('Owner')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Role of toto' })).toHaveValue('player');
  });

  it('lets the owner add a member by username with a role, change a role and remove a member', async () => {
    const user = userEvent.setup();
    signIn(ME);
    const calls = serve('owner');
    renderRoutes(routes, `/worlds/${W}/members`);

    await user.type(await screen.findByLabelText('Username or email'), 'scarecrow@oz.test');
    await user.selectOptions(screen.getByLabelText('Role'), 'viewer');
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('Added scarecrow@oz.test to the world.')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'POST', path: `/api/worlds/${W}/members`, body: { user: 'scarecrow@oz.test', role: 'viewer' } });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Role of toto' }), 'editor');
    expect(await screen.findByText('toto is now editor.')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'PATCH', path: `/api/worlds/${W}/members/${TOTO}`, body: { role: 'editor' } });

    await user.click(screen.getByRole('button', { name: 'Remove glinda' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove glinda?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Removed glinda from the world.')).toBeInTheDocument();
    expect(calls).toContainEqual({ method: 'DELETE', path: `/api/worlds/${W}/members/${GLINDA}`, body: undefined });
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'glinda' })).not.toBeInTheDocument());
  });

  it('shows a player the members without owner controls, and lets them leave', async () => {
    const user = userEvent.setup();
    signIn(ME);
    const calls = serve('player');
    renderRoutes(routes, `/worlds/${W}/members`);
    expect(await screen.findByRole('cell', { name: 'dorothy' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Username or email')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Role of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
    expect(screen.queryByText('Invitation links')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave world' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Leave this world?' })).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByText('Your worlds')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE', path: `/api/worlds/${W}/members/${ME.userId}`, body: undefined }]);
  });

  it("shows the server's message when the account to add does not exist", async () => {
    const user = userEvent.setup();
    signIn(ME);
    serve('owner');
    const fetchMock = globalThis.fetch as unknown as { mockImplementationOnce: (fn: () => Promise<Response>) => void };
    renderRoutes(routes, `/worlds/${W}/members`);
    await user.type(await screen.findByLabelText('Username or email'), 'nobody');
    fetchMock.mockImplementationOnce(async () =>
      jsonResponse({ message: 'No account has that username or email.', code: 'NOT_FOUND' }, 404),
    );
    await user.click(screen.getByRole('button', { name: 'Add member' }));
    expect(await screen.findByText('No account has that username or email.')).toBeInTheDocument();
  });
});
