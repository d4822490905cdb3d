import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorldRole } from '@loreforge/contract';
import { ItemFormScreen } from '../../screens/items/ItemScreens';
import { buildUser, jsonResponse, listResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../test/render';

const W = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const TOTO = '33333333-3333-4333-8333-333333333333';

/** A fake server: the world with the caller's role, its members, and item creation recording the body. */
function serve(role: WorldRole) {
  const posts: Array<Record<string, unknown>> = [];
  mockFetch((url, init) => {
    if (url.pathname === `/api/worlds/${W}`) {
      return jsonResponse({
        worldId: W,
        name: 'Oz',
        description: null,
        createdBy: 'someone',
        role,
        counts: { characters: 0, timelines: 0, maps: 0, events: 0, items: 0 },
        createdAt: '2025-01-01T00:00:00.000Z',
        updatedAt: '2025-01-01T00:00:00.000Z',
      });
    }
    if (url.pathname === `/api/worlds/${W}/members`) {
      return listResponse([
        { userId: buildUser().userId, username: 'aria', role, joinedAt: '2025-01-01T00:00:00.000Z' },
        { userId: TOTO, username: 'toto', role: 'player', joinedAt: '2025-01-01T00:00:00.000Z' },
      ]);
    }
    const body = sentJson(init, {}) as Record<string, unknown>;
    if (init.method === 'POST') posts.push(body);
    return jsonResponse({ ...body, itemId: 'i1' }, 201);
  });
  return posts;
}

const routes = [
  { path: '/worlds/:worldId/items/create', element: <ItemFormScreen /> },
  { path: '/worlds/:worldId/items/:itemId', element: <p>Item page</p> },
];

describe('the access fields of entity forms (issue 11)', () => {
  it('lets an editor make an entity a secret revealed to a chosen player, with GM notes', async () => {
    const user = userEvent.setup();
    signIn();
    const posts = serve('editor');
    renderRoutes(routes, `/worlds/${W}/items/create`);
    await user.type(screen.getByLabelText(/^Name/), 'Silver Shoes');
    await user.selectOptions(await screen.findByLabelText('Visibility', {}, { timeout: 5000 }), 'editors');
    await user.click(await screen.findByRole('checkbox', { name: 'toto' }));
    await user.click(screen.getByRole('textbox', { name: 'GM notes' }));
    await user.paste('They carry her home.');
    await user.click(screen.getByRole('button', { name: 'Create item' }));
    expect(await screen.findByText('Item page')).toBeInTheDocument();
    expect(posts).toEqual([
      expect.objectContaining({
        name: 'Silver Shoes',
        visibility: 'editors',
        revealedTo: [TOTO],
        gmNotes: 'They carry her home.',
        gmNotesHtml: '<p>They carry her home.</p>',
      }),
    ]);
  }, 20_000);

  it('sends no access fields when the editor leaves them as they are', async () => {
    const user = userEvent.setup();
    signIn();
    const posts = serve('owner');
    renderRoutes(routes, `/worlds/${W}/items/create`);
    await screen.findByLabelText('Visibility', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText(/^Name/), 'Golden Cap');
    await user.click(screen.getByRole('button', { name: 'Create item' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ name: 'Golden Cap' });
    expect(Object.keys(posts[0] ?? {})).not.toContain('visibility');
    expect(Object.keys(posts[0] ?? {})).not.toContain('gmNotes');
  }, 20_000);

  it("gives a player who opens a create form the server's refusal and the way back, not a form", async () => {
    const user = userEvent.setup();
    signIn();
    const posts = serve('player');
    renderRoutes([...routes, { path: '/worlds/:worldId/items', element: <p>Items list</p> }], `/worlds/${W}/items/create`);
    expect(await screen.findByText(/Your role in this world does not allow this\./)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create item' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByText('Items list')).toBeInTheDocument();
    expect(posts).toEqual([]);
  }, 20_000);
});
