import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { DeletedEntityList, WorldRole } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { RecentlyDeleted } from './RecentlyDeleted';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const TOTO = 'cccccccc-0000-4000-8000-000000000002';
const GOAL = 'cccccccc-0000-4000-8000-000000000003';

const list: DeletedEntityList = {
  data: [
    {
      entityType: 'character',
      entityId: TOTO,
      name: 'Toto',
      sequence: 41,
      deletedAt: '2026-11-25T12:05:00.000Z',
      deletedBy: 'u1',
      deletedByUsername: 'glinda',
    },
    {
      entityType: 'goal',
      entityId: GOAL,
      name: 'Go home',
      sequence: 40,
      deletedAt: '2026-11-25T12:04:00.000Z',
      deletedBy: 'u1',
      deletedByUsername: 'glinda',
    },
  ],
};

function serve(role: WorldRole) {
  let restored = false;
  return mockFetch((url, init) => {
    if (url.pathname === `/api/worlds/${W}`) return jsonResponse({ worldId: W, name: 'Oz', role });
    if (url.pathname.endsWith('/history/deleted')) return jsonResponse(restored ? { data: list.data.slice(1) } : list);
    if (url.pathname.endsWith(`/history/character/${TOTO}/41/restore`) && init.method === 'POST') {
      restored = true;
      return jsonResponse({ characterId: TOTO, name: 'Toto' });
    }
    if (url.pathname.endsWith(`/history/goal/${GOAL}/40/restore`) && init.method === 'POST') {
      return jsonResponse(
        { code: 'CONFLICT', message: 'This goal belongs to the character "Dorothy", which was deleted: restore the character first.' },
        409,
      );
    }
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

describe('RecentlyDeleted', () => {
  it('lets an editor restore a deleted character, then links to it and drops it from the list', async () => {
    const user = userEvent.setup();
    signIn();
    serve('editor');
    renderRoutes(<RecentlyDeleted worldId={W} />);
    expect(await screen.findByRole('heading', { name: 'Recently deleted' })).toBeInTheDocument();
    expect(await screen.findByText(/character, deleted by glinda/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Restore Toto' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Restored character "Toto".');
    expect(screen.getByRole('link', { name: 'Open it' })).toHaveAttribute('href', `/worlds/${W}/characters/${TOTO}`);
    expect(await screen.findByRole('button', { name: 'Restore Go home' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore Toto' })).toBeNull();
  });

  it("shows the server's words when what it belongs to is deleted too", async () => {
    const user = userEvent.setup();
    signIn();
    serve('owner');
    renderRoutes(<RecentlyDeleted worldId={W} />);
    await user.click(await screen.findByRole('button', { name: 'Restore Go home' }));
    expect(await screen.findByText(/restore the character first/)).toBeInTheDocument();
  });

  it('shows a player nothing and does not ask the server for the list', async () => {
    signIn();
    const fetch = serve('player');
    renderRoutes(<RecentlyDeleted worldId={W} />);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByText('Recently deleted')).toBeNull();
    const urls = fetch.mock.calls.map(([input]) => (typeof input === 'string' ? input : input instanceof URL ? input.href : input.url));
    expect(urls.some((url) => url.includes('/history/deleted'))).toBe(false);
  });
});
