import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES, type Quest, type World } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, requestUrl, signIn } from '../../test/render';
import { QuestFormScreen } from './QuestFormScreen';
import { QuestListScreen } from './QuestListScreen';
import { NO_WRITABLE_WORLD } from './WorldSelect';
import { PUBLIC_ACCESS } from '../../test/access-fixtures';

const W1 = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const W2 = '3c2f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const Q = 'dddddddd-0000-4000-8000-000000000001';

function buildWorld(worldId: string, name: string): World {
  return {
    worldId,
    name,
    description: null,
    descriptionHtml: null,
    role: 'owner',
    createdBy: '11111111-1111-4111-8111-111111111111',
    counts: { characters: 0, timelines: 0, maps: 0, events: 0, items: 0 },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
  };
}

const quest: Quest = {
  ...PUBLIC_ACCESS,
  questId: Q,
  worldId: W1,
  name: 'Find the Moonstone',
  description: 'Deep in the caves.',
  descriptionHtml: null,
  status: 'active',
  isOptional: false,
  difficulty: 5,
  objectives: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
};

const page = (data: unknown[]) => ({
  data,
  pagination: { currentPage: 1, totalPages: 1, totalItems: data.length, limit: 10, nextCursor: null },
});

/** Answers the worlds list and each world with `worlds`, and any world's quests or quest with the one quest. */
function serve(worlds: World[]) {
  return mockFetch((url) => {
    if (url.pathname === '/api/worlds') return jsonResponse(page(worlds));
    const world = worlds.find((w) => url.pathname === `/api/worlds/${w.worldId}`);
    if (world) return jsonResponse(world);
    if (url.pathname.endsWith('/quests')) return jsonResponse(page([quest]));
    if (url.pathname.endsWith(`/quests/${Q}`)) return jsonResponse(quest);
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

const routes = [
  { path: '/quests', element: <QuestListScreen /> },
  { path: '/quests/create', element: <QuestFormScreen /> },
  { path: '/quests/:id/edit', element: <QuestFormScreen /> },
  { path: '/worlds/:worldId/quests', element: <QuestListScreen /> },
];

describe('QuestListScreen (SPEC §2 quest list paths)', () => {
  it("is headed 'Quests' and lists a world's quests under /worlds/{worldId}/quests", async () => {
    signIn();
    serve([buildWorld(W1, 'Eldoria')]);
    renderRoutes(routes, `/worlds/${W1}/quests`);
    expect(screen.getByRole('heading', { name: 'Quests', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Find the Moonstone' })).toHaveAttribute('href', `/worlds/${W1}/quests/${Q}`);
    expect(screen.queryByLabelText('World')).not.toBeInTheDocument();
  });

  it('opens the only world of the user at /quests without asking which one', async () => {
    signIn();
    serve([buildWorld(W1, 'Eldoria')]);
    const { router } = renderRoutes(routes, '/quests');
    expect(await screen.findByRole('link', { name: 'Find the Moonstone' })).toBeInTheDocument();
    expect(screen.getByLabelText('World')).toHaveValue(W1);
    expect(router.state.location.search).toBe(`?worldId=${W1}`);
  });

  it('asks which world when the user has several, then lists the chosen one', async () => {
    const user = userEvent.setup();
    signIn();
    serve([buildWorld(W1, 'Eldoria'), buildWorld(W2, 'Frostmere')]);
    renderRoutes(routes, '/quests');
    const select = await screen.findByLabelText('World');
    expect(screen.getByText('Choose a world to see its quests.')).toBeInTheDocument();
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a world…', 'Eldoria', 'Frostmere']);
    await user.selectOptions(select, W1);
    expect(await screen.findByRole('link', { name: 'Find the Moonstone' })).toBeInTheDocument();
  });

  it("shows a player at /quests the world's quests without the controls their role may not use", async () => {
    signIn();
    serve([{ ...buildWorld(W1, 'Eldoria'), role: 'player' }]);
    renderRoutes(routes, `/quests?worldId=${W1}`);
    expect(await screen.findByRole('link', { name: 'Find the Moonstone' })).toBeInTheDocument();
    // Until the world's answer names the role nothing is hidden (the server refuses anyway); then the controls go.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Add quest' })).not.toBeInTheDocument());
    expect(screen.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('offers the quest form only the worlds where the user may write quests, choosing the one that is left', async () => {
    signIn();
    serve([{ ...buildWorld(W1, 'Eldoria'), role: 'player' }, buildWorld(W2, 'Frostmere')]);
    const { router } = renderRoutes(routes, '/quests/create');
    expect(await screen.findByLabelText(/Name/)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?worldId=${W2}`);
  });

  it('keeps the chosen world in view on the global quest form, and creates the quest in the world chosen last', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchMock = serve([buildWorld(W1, 'Eldoria'), buildWorld(W2, 'Frostmere')]);
    const { router } = renderRoutes(routes, '/quests/create');
    await user.selectOptions(await screen.findByLabelText('World'), W2);
    await user.type(await screen.findByLabelText(/Name/), 'Cross the ice');
    // The form names the world it writes to, and the person can still change it without losing what they typed.
    expect(screen.getByLabelText('World')).toHaveValue(W2);
    await user.selectOptions(screen.getByLabelText('World'), W1);
    expect(router.state.location.search).toBe(`?worldId=${W1}`);
    expect(screen.getByLabelText(/Name/)).toHaveValue('Cross the ice');
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/worlds/${W1}/quests`));
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([input]) => new URL(requestUrl(input), 'http://localhost').pathname)).toEqual([`/api/worlds/${W1}/quests`]);
  });

  it("tells a player in every world of theirs that quests are their game master's to create", async () => {
    signIn();
    serve([{ ...buildWorld(W1, 'Eldoria'), role: 'player' }]);
    renderRoutes(routes, '/quests/create');
    expect(await screen.findByText(NO_WRITABLE_WORLD)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Name/)).not.toBeInTheDocument();
    // There is nothing to choose, so the page does not ask for a choice.
    expect(screen.queryByText(/Choose one to continue/)).not.toBeInTheDocument();
  });

  it('asks someone with no world yet to create one, not to choose one', async () => {
    signIn();
    serve([]);
    renderRoutes(routes, '/quests');
    expect(await screen.findByText(MESSAGES.noWorlds)).toBeInTheDocument();
    expect(screen.queryByText('Choose a world to see its quests.')).not.toBeInTheDocument();
  });

  it('edits a quest at /quests/{id}/edit in the only world without asking which one', async () => {
    signIn();
    serve([buildWorld(W1, 'Eldoria')]);
    renderRoutes(routes, `/quests/${Q}/edit`);
    expect(await screen.findByLabelText(/Name/)).toHaveValue('Find the Moonstone');
    expect(screen.getByRole('heading', { name: 'Edit Quest' })).toBeInTheDocument();
  });
});
