import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { NotesPanel } from './NotesPanel';

const W = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const C = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const NOTE = {
  noteId: 'n1',
  worldId: W,
  entityType: 'character',
  entityId: C,
  text: 'She trusts the Scarecrow.',
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T03:04:05.678Z',
};

/** A fake server: the player's notes on Dorothy, recording writes with their If-Match. */
function serve() {
  const writes: Array<{ method: string; path: string; query: string; body: unknown; ifMatch: string | null }> = [];
  mockFetch((url, init) => {
    if (url.pathname === `/api/worlds/${W}`) {
      return jsonResponse({
        worldId: W,
        name: 'Oz',
        description: null,
        createdBy: 'x',
        role: 'player',
        counts: { characters: 1, timelines: 0, maps: 0, events: 0, items: 0 },
        createdAt: NOTE.createdAt,
        updatedAt: NOTE.createdAt,
      });
    }
    if (init.method && init.method !== 'GET') {
      writes.push({
        method: init.method,
        path: url.pathname,
        query: url.search,
        body: JSON.parse(typeof init.body === 'string' ? init.body : '{}'),
        ifMatch: new Headers(init.headers).get('If-Match'),
      });
      return jsonResponse({ ...NOTE, noteId: 'n2', text: 'new' }, init.method === 'POST' ? 201 : 200);
    }
    writes.push({ method: 'GET', path: url.pathname, query: url.search, body: null, ifMatch: null });
    return jsonResponse({ data: [NOTE], pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 1000, nextCursor: null } });
  });
  return writes;
}

describe("NotesPanel (issue 11, a member's own notes)", () => {
  it("lists the member's notes on the entity, adds one, and edits one with the version shown", async () => {
    const user = userEvent.setup();
    signIn();
    const calls = serve();
    renderRoutes(<NotesPanel worldId={W} entityType="character" entityId={C} />);
    expect(await screen.findByText('She trusts the Scarecrow.')).toBeInTheDocument();
    expect(screen.getByText('Only you can read these notes.')).toBeInTheDocument();
    const list = calls.find((call) => call.method === 'GET' && call.path.endsWith('/notes'));
    expect(new URLSearchParams(list?.query)).toEqual(
      new URLSearchParams(`entityType=character&entityId=${C}&limit=1000&sortBy=createdAt&sortOrder=desc`),
    );

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Note is required.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('New note'), 'Toto growls at the curtain');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'POST')).toBe(true));
    expect(calls.find((call) => call.method === 'POST')).toMatchObject({
      path: `/api/worlds/${W}/notes`,
      body: { entityType: 'character', entityId: C, text: 'Toto growls at the curtain' },
    });

    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const box = screen.getByLabelText('Edit note');
    await user.clear(box);
    await user.type(box, 'She trusts the Tin Woodman.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await waitFor(() => expect(calls.some((call) => call.method === 'PUT')).toBe(true));
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      path: `/api/worlds/${W}/notes/n1`,
      body: { text: 'She trusts the Tin Woodman.' },
      ifMatch: `W/"${NOTE.updatedAt}"`,
    });
  }, 20_000);
});
