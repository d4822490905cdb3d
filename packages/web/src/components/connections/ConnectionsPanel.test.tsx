import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Connection, WorldRole } from '@loreforge/contract';
import { PUBLIC_ACCESS } from '../../test/access-fixtures';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { ConnectionsPanel } from './ConnectionsPanel';

const W = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const DOROTHY = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';
const SHOES = '55555555-5555-4555-8555-555555555555';
const CAP = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const LINK = '11111111-1111-4111-8111-111111111111';

const wears: Connection = {
  ...PUBLIC_ACCESS,
  connectionId: LINK,
  worldId: W,
  sourceType: 'character',
  sourceId: DOROTHY,
  sourceName: 'Dorothy',
  targetType: 'item',
  targetId: SHOES,
  targetName: 'Silver Shoes',
  connectionType: 'wears',
  description: 'All the way home.',
  descriptionHtml: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
};

interface Call {
  method: string;
  path: string;
  body: Record<string, unknown>;
}

/** A fake server: the world with the caller's role, Dorothy's connections, the world search, and writes recorded. */
function serve(role: WorldRole) {
  const calls: Call[] = [];
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    if (method !== 'GET') calls.push({ method, path: url.pathname, body });
    if (url.pathname === `/api/worlds/${W}`) {
      return jsonResponse({
        worldId: W,
        name: 'Oz',
        description: null,
        createdBy: 'someone',
        role,
        counts: { characters: 1, timelines: 0, maps: 0, events: 0, items: 2 },
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
      });
    }
    if (url.pathname === `/api/worlds/${W}/members`) return jsonResponse([]);
    if (url.pathname === `/api/worlds/${W}/search`) {
      return jsonResponse({
        data: [{ type: 'item', id: CAP, parentId: null, match: 'prefix', name: { text: 'Golden Cap', highlights: [] }, snippet: null }],
        pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 20, nextCursor: null },
      });
    }
    if (url.pathname.startsWith(`/api/worlds/${W}/tags/`)) {
      return jsonResponse({
        entityType: 'connection',
        entityId: url.pathname.split('/').pop(),
        tags: method === 'PUT' ? body.tags : ['journey'],
      });
    }
    if (url.pathname === `/api/worlds/${W}/connections` && method === 'GET') {
      expect(url.searchParams.get('entityId')).toBe(DOROTHY);
      return jsonResponse({ data: [wears], pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 100, nextCursor: null } });
    }
    if (method === 'POST') return jsonResponse({ ...wears, ...body, connectionId: 'new-link' }, 201);
    if (method === 'PUT') return jsonResponse({ ...wears, ...body });
    if (method === 'DELETE') return new Response(null, { status: 204 });
    return jsonResponse({});
  });
  return calls;
}

const routes = [
  {
    path: '/worlds/:worldId/characters/:characterId',
    element: <ConnectionsPanel worldId={W} here={{ type: 'character', id: DOROTHY }} hereName="Dorothy" />,
  },
];

describe('ConnectionsPanel (SPEC §7 Connections)', () => {
  it("lists an entity's connections, and lets an editor add one to an entity found by search, with tags", async () => {
    const user = userEvent.setup();
    signIn();
    const calls = serve('editor');
    renderRoutes(routes, `/worlds/${W}/characters/${DOROTHY}`);
    const row = await screen.findByRole('listitem', { name: 'wears Silver Shoes' });
    expect(within(row).getByRole('link', { name: 'Silver Shoes' })).toHaveAttribute('href', `/worlds/${W}/items/${SHOES}`);
    expect(within(row).getByText('All the way home.')).toBeInTheDocument();
    expect(await within(row).findByText('journey')).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Add connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add connection' });
    await user.click(within(dialog).getByRole('button', { name: 'Add connection' }));
    expect(await within(dialog).findByText('Connected To is required.')).toBeInTheDocument();
    expect(within(dialog).getByText('Connection Type is required.')).toBeInTheDocument();

    await user.type(within(dialog).getByPlaceholderText('Search the world by name…'), 'gold');
    await user.click(await within(dialog).findByRole('button', { name: /Golden Cap/ }));
    await user.selectOptions(within(dialog).getByLabelText(/^Direction/), 'to');
    await user.type(within(dialog).getByLabelText(/^Connection Type/), 'summons');
    await user.type(within(dialog).getByLabelText(/^Tags/), 'magic, Winged Monkeys');
    await user.click(within(dialog).getByRole('button', { name: 'Add connection' }));

    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
        `POST /api/worlds/${W}/connections`,
        `PUT /api/worlds/${W}/tags/connection/new-link`,
      ]),
    );
    expect(calls[0]?.body).toMatchObject({
      sourceType: 'item',
      sourceId: CAP,
      targetType: 'character',
      targetId: DOROTHY,
      connectionType: 'summons',
    });
    expect(Object.keys(calls[0]?.body ?? {})).not.toContain('tags');
    expect(calls[1]?.body).toEqual({ tags: ['magic', 'Winged Monkeys'] });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add connection' })).not.toBeInTheDocument());
  }, 30_000);

  it("lets an editor edit a connection's type and delete it", async () => {
    const user = userEvent.setup();
    signIn();
    const calls = serve('owner');
    renderRoutes(routes, `/worlds/${W}/characters/${DOROTHY}`);
    await user.click(await screen.findByRole('button', { name: 'Edit connection wears Silver Shoes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit connection' });
    expect(within(dialog).getByText('Silver Shoes')).toBeInTheDocument();
    const type = within(dialog).getByLabelText(/^Connection Type/);
    await user.clear(type);
    await user.type(type, 'clicks the heels of');
    await user.click(within(dialog).getByRole('button', { name: 'Save connection' }));
    await waitFor(() =>
      expect(calls[0]).toMatchObject({
        method: 'PUT',
        path: `/api/worlds/${W}/connections/${LINK}`,
        body: { sourceType: 'character', sourceId: DOROTHY, targetType: 'item', targetId: SHOES, connectionType: 'clicks the heels of' },
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Delete connection wears Silver Shoes' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete connection?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls[1]).toMatchObject({ method: 'DELETE', path: `/api/worlds/${W}/connections/${LINK}` }));
  }, 30_000);

  it('shows a player the connections with no control that changes them', async () => {
    signIn();
    serve('player');
    renderRoutes(routes, `/worlds/${W}/characters/${DOROTHY}`);
    const row = await screen.findByRole('listitem', { name: 'wears Silver Shoes' });
    expect(await within(row).findByText('journey')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add connection' })).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument();
  }, 20_000);
});
