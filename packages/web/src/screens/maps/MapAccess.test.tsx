import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorldMap, WorldRole } from '@loreforge/contract';
import { PUBLIC_ACCESS } from '../../test/access-fixtures';
import { jsonResponse, listResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { MapScreen } from './MapScreen';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const M = 'cccccccc-0000-4000-8000-000000000001';
const STAMP = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
const map: WorldMap = {
  ...PUBLIC_ACCESS,
  mapId: M,
  worldId: W,
  name: 'Northern Reaches',
  description: null,
  descriptionHtml: null,
  image: null,
  ...STAMP,
};
const page = (data: unknown[]) => ({
  data,
  pagination: { currentPage: 1, totalPages: data.length ? 1 : 0, totalItems: data.length, limit: 1000, nextCursor: null },
});
const harbour = { ...PUBLIC_ACCESS, pointId: 'p1', mapId: M, name: 'Harbour', description: null, x: 10, y: 20, entity: null, ...STAMP };
const routes = [{ path: '/worlds/:worldId/maps/:mapId', element: <MapScreen /> }];

/** A fake server: the world with the caller's role, the map with one point, and a record of the point posted. */
function serve(role: WorldRole) {
  const posts: Array<Record<string, unknown>> = [];
  mockFetch((url, init) => {
    if (init.method === 'POST') {
      const body = JSON.parse(typeof init.body === 'string' ? init.body : '{}') as Record<string, unknown>;
      posts.push(body);
      return jsonResponse({ ...harbour, ...body, pointId: 'p2' }, 201);
    }
    if (url.pathname === `/api/worlds/${W}`) {
      return jsonResponse({
        worldId: W,
        name: 'Oz',
        description: null,
        createdBy: 'someone',
        role,
        counts: { characters: 0, timelines: 0, maps: 1, events: 0, items: 0 },
        ...STAMP,
      });
    }
    if (url.pathname === `/api/worlds/${W}/members`) return listResponse([]);
    if (url.pathname.endsWith('/points')) return jsonResponse(page([harbour]));
    if (url.pathname.endsWith('/areas') || url.pathname.endsWith('/notes')) return jsonResponse(page([]));
    return jsonResponse(map);
  });
  return posts;
}

describe('a map by role (issue 11)', () => {
  it('lets an editor make a new point a secret with GM notes', async () => {
    const user = userEvent.setup();
    signIn();
    const posts = serve('editor');
    renderRoutes(routes, `/worlds/${W}/maps/${M}`);
    await user.click(await screen.findByRole('button', { name: 'Add point' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add point' });
    await user.type(within(dialog).getByLabelText('Name'), 'Hidden cove');
    await user.type(within(dialog).getByLabelText('X'), '5');
    await user.type(within(dialog).getByLabelText('Y'), '6');
    await user.selectOptions(await within(dialog).findByLabelText('Visibility'), 'editors');
    await user.click(within(dialog).getByRole('textbox', { name: 'GM notes' }));
    await user.paste('Smugglers land here.');
    await user.click(within(dialog).getByRole('button', { name: 'Add point' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ name: 'Hidden cove', x: 5, y: 6, visibility: 'editors', gmNotes: 'Smugglers land here.' });
  }, 20_000);

  it('shows a player the map and its points with no control that changes them', async () => {
    signIn();
    serve('player');
    renderRoutes(routes, `/worlds/${W}/maps/${M}`);
    expect(await screen.findByText('Harbour', {}, { timeout: 5000 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'My notes' });
    for (const name of ['Add point', 'Add area', 'Edit point Harbour', 'Delete point Harbour']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Edit map' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Upload map image')).not.toBeInTheDocument();
  }, 20_000);
});
