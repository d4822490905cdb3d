import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WorldFormScreen } from '../../screens/worlds/WorldFormScreen';
import { jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../test/render';

const WORLD_ID = '01890000-0000-7000-8000-000000000001';
const STALE_MESSAGE = 'Someone else changed this world since you loaded it. Reload to see their changes, then try again.';

const world = (name: string, updatedAt: string) => ({
  worldId: WORLD_ID,
  name,
  description: 'A land over the rainbow',
  createdBy: 'u1',
  counts: { characters: 0, timelines: 0, maps: 0, events: 0, items: 0 },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('editing an entity someone else changed first', () => {
  it('sends the loaded version, shows the server’s 409 message with Reload, and saves on top of the reloaded version', async () => {
    signIn();
    let stored = world('Oz', '2026-01-01T00:00:00.000Z');
    const ifMatches: string[] = [];
    const fetchMock = mockFetch((url, init) => {
      if (init.method === 'PUT') {
        const ifMatch = (init.headers as Record<string, string>)['If-Match'] ?? '';
        ifMatches.push(ifMatch);
        if (ifMatch !== `W/"${stored.updatedAt}"`) return jsonResponse({ code: 'CONFLICT', message: STALE_MESSAGE }, 409);
        const body = sentJson(init) as { name: string };
        stored = { ...stored, name: body.name, updatedAt: '2026-01-03T00:00:00.000Z' };
        return jsonResponse(stored);
      }
      if (url.pathname === `/api/worlds/${WORLD_ID}`) return jsonResponse(stored);
      return jsonResponse({ data: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, limit: 10, nextCursor: null } });
    });
    const user = userEvent.setup();
    renderRoutes(
      [
        { path: '/worlds/:id/edit', element: <WorldFormScreen /> },
        { path: '*', element: <p>Left the form</p> },
      ],
      `/worlds/${WORLD_ID}/edit`,
    );

    const name = await screen.findByLabelText(/^Name/);
    await waitFor(() => expect(name).toHaveValue('Oz'));
    // Meanwhile someone else renames the world.
    stored = world('Land of Oz', '2026-01-02T00:00:00.000Z');

    await user.clear(name);
    await user.type(name, 'Emerald');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText(STALE_MESSAGE)).toBeInTheDocument();
    expect(ifMatches).toEqual(['W/"2026-01-01T00:00:00.000Z"']);

    await user.click(screen.getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.getByLabelText(/^Name/)).toHaveValue('Land of Oz'));
    expect(screen.queryByText(STALE_MESSAGE)).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText(/^Name/));
    await user.type(screen.getByLabelText(/^Name/), 'Emerald');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(ifMatches).toEqual(['W/"2026-01-01T00:00:00.000Z"', 'W/"2026-01-02T00:00:00.000Z"']));
    expect(stored.name).toBe('Emerald');
    expect(fetchMock).toHaveBeenCalled();
  });
});
