import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { HistoryPage, WorldRole } from '@loreforge/contract';
import { defined, jsonResponse, mockFetch, renderRoutes, requestUrl, signIn } from '../../test/render';
import { EntityHistory } from './EntityHistory';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const LION = 'cccccccc-0000-4000-8000-000000000001';
const UPDATED_AT = '2026-11-25T12:05:00.000Z';

const page: HistoryPage = {
  entityType: 'character',
  entityId: LION,
  name: 'Courageous Lion',
  deleted: false,
  restorable: true,
  data: [
    {
      sequence: 12,
      action: 'updated',
      by: 'u1',
      byUsername: 'glinda',
      at: '2026-11-25T12:05:00.000Z',
      changes: [{ field: 'name', oldValue: 'Cowardly Lion', newValue: 'Courageous Lion', plain: true }],
    },
    {
      sequence: 7,
      action: 'created',
      by: 'u1',
      byUsername: 'glinda',
      at: '2026-11-25T12:00:00.000Z',
      changes: [{ field: 'name', oldValue: null, newValue: 'Cowardly Lion', plain: true }],
    },
  ],
  pagination: { currentPage: 1, totalPages: 1, totalItems: 2, limit: 10 },
};

function serve(role: WorldRole) {
  return mockFetch((url, init) => {
    if (url.pathname === `/api/worlds/${W}`) return jsonResponse({ worldId: W, name: 'Oz', role });
    if (url.pathname.endsWith(`/history/character/${LION}`)) return jsonResponse(page);
    if (url.pathname.endsWith(`/history/character/${LION}/7/restore`) && init.method === 'POST')
      return jsonResponse({ characterId: LION, name: 'Cowardly Lion' });
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

describe('EntityHistory', () => {
  it('shows who changed which field from what to what, and lets the owner restore an earlier version with If-Match', async () => {
    const user = userEvent.setup();
    signIn();
    const fetch = serve('owner');
    renderRoutes(<EntityHistory worldId={W} type="character" id={LION} updatedAt={UPDATED_AT} noun="character" />);
    const entries = await screen.findAllByTestId('history-entry');
    expect(entries[0]).toHaveTextContent(/^Changed by glinda on/);
    expect(entries[0]).toHaveTextContent('NameCowardly Lion → changed to Courageous Lion');
    expect(within(defined(entries[0], 'first entry')).queryByRole('button', { name: /Restore/ })).toBeNull();

    await user.click(await within(defined(entries[1], 'second entry')).findByRole('button', { name: /Restore the character as of/ }));
    await user.click(within(defined(entries[1], 'second entry')).getByRole('button', { name: 'Restore this version' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Restored the version of');
    const restore = fetch.mock.calls.find(([input]) => requestUrl(input).endsWith('/7/restore'));
    expect(new Headers(restore?.[1]?.headers).get('If-Match')).toBe(`W/"${UPDATED_AT}"`);
  });

  it('shows a player the history without any Restore button', async () => {
    signIn();
    serve('player');
    renderRoutes(<EntityHistory worldId={W} type="character" id={LION} />);
    expect(await screen.findAllByTestId('history-entry')).toHaveLength(2);
    await screen.findByText(/Created/);
    expect(screen.queryByRole('button', { name: /Restore/ })).toBeNull();
  });
});
