import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WorldRole } from '@loreforge/contract';
import { PUBLIC_ACCESS } from '../../test/access-fixtures';
import { buildUser, jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { QuestDetailScreen } from './QuestDetailScreen';

const W = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const Q = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const ME = buildUser().userId;
const STAMP = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-02T03:04:05.678Z' };

const character = (characterId: string, name: string, assignedTo: string | null, activeQuests: string[] = []) => ({
  characterId,
  worldId: W,
  name,
  description: null,
  attributes: {},
  currentLocationId: null,
  activeQuests,
  assignedTo,
  ...PUBLIC_ACCESS,
  ...STAMP,
});

/** A fake server: the world with the caller's role, a quest in `status`, Dorothy (mine) and the Scarecrow. */
function serve(role: WorldRole, status: 'pending' | 'active', dorothyQuests: string[] = []) {
  const posts: Array<{ path: string; body: unknown }> = [];
  mockFetch((url, init) => {
    if (init.method === 'POST') {
      posts.push({ path: url.pathname, body: JSON.parse(typeof init.body === 'string' ? init.body : '{}') });
      return jsonResponse({ message: 'stop here', code: 'CONFLICT' }, 409);
    }
    if (url.pathname === `/api/worlds/${W}`) {
      return jsonResponse({
        worldId: W,
        name: 'Oz',
        description: null,
        createdBy: 'someone',
        role,
        counts: { characters: 2, timelines: 0, maps: 0, events: 0, items: 0 },
        ...STAMP,
      });
    }
    if (url.pathname === `/api/worlds/${W}/quests/${Q}`) {
      return jsonResponse({
        questId: Q,
        worldId: W,
        name: 'Reach the Emerald City',
        description: null,
        status,
        isOptional: false,
        difficulty: null,
        objectives: [
          {
            objectiveId: 'o1',
            questId: Q,
            description: 'Walk the road',
            target: 2,
            progress: 0,
            isOptional: false,
            completed: false,
            ...PUBLIC_ACCESS,
            ...STAMP,
          },
        ],
        ...PUBLIC_ACCESS,
        ...STAMP,
      });
    }
    if (url.pathname === `/api/worlds/${W}/characters`) {
      const data = [character('c1', 'Dorothy', ME, dorothyQuests), character('c2', 'Scarecrow', null)];
      return jsonResponse({ data, pagination: { currentPage: 1, totalPages: 1, totalItems: 2, limit: 1000, nextCursor: null } });
    }
    if (url.pathname === `/api/worlds/${W}/notes`) {
      return jsonResponse({ data: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, limit: 1000, nextCursor: null } });
    }
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
  return posts;
}

const routes = [{ path: '/worlds/:worldId/quests/:questId', element: <QuestDetailScreen /> }];
const at = `/worlds/${W}/quests/${Q}`;

describe('the quest page by role (issue 11)', () => {
  it('lets a player accept a pending quest for their own character, with no edit, delete or objective controls', async () => {
    const user = userEvent.setup();
    signIn();
    const posts = serve('player', 'pending');
    renderRoutes(routes, at);
    const accept = await screen.findByRole('button', { name: 'Accept quest' }, { timeout: 5000 });
    const choice = await screen.findByLabelText('For your character');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Dorothy' })).toBeInTheDocument());
    expect(screen.queryByRole('option', { name: 'Scarecrow' })).not.toBeInTheDocument();
    expect(choice).toHaveValue('c1');
    expect(screen.queryByRole('link', { name: 'Edit Quest' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete Quest' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add objective' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Edit objective/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Increase progress/ })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'My notes' })).toBeInTheDocument();
    await user.click(accept);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ path: `/api/worlds/${W}/quests/${Q}/accept`, body: { characterId: 'c1' } });
  }, 20_000);

  it('gives a player progress buttons on a quest their character holds, but no Abandon', async () => {
    const user = userEvent.setup();
    signIn();
    const posts = serve('player', 'active', [Q]);
    renderRoutes(routes, at);
    const increase = await screen.findByRole('button', { name: 'Increase progress of Walk the road' }, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Abandon quest' })).not.toBeInTheDocument();
    await user.click(increase);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toEqual({ path: `/api/worlds/${W}/quests/${Q}/objectives/o1/progress`, body: { increment: 1 } });
  }, 20_000);

  it('shows a viewer the quest with nothing to press, and an editor every control', async () => {
    signIn();
    serve('viewer', 'active', [Q]);
    const { unmount } = renderRoutes(routes, at);
    expect(await screen.findByText('Walk the road', {}, { timeout: 5000 })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'My notes' });
    for (const name of ['Abandon quest', 'Delete Quest', 'Add objective', 'Increase progress of Walk the road']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
    unmount();

    serve('editor', 'active');
    renderRoutes(routes, at);
    expect(await screen.findByRole('button', { name: 'Abandon quest' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete Quest' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Increase progress of Walk the road' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add objective' })).toBeInTheDocument();
  }, 20_000);
});
