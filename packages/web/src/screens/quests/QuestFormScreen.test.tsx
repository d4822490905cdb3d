import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quest } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../test/render';
import { QuestDetailScreen } from './QuestDetailScreen';
import { QuestFormScreen } from './QuestFormScreen';
import { PUBLIC_ACCESS } from '../../test/access-fixtures';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const Q = 'dddddddd-0000-4000-8000-000000000001';
const O = 'ffffffff-0000-4000-8000-000000000001';

function buildQuest(overrides: Partial<Quest> = {}): Quest {
  return {
    ...PUBLIC_ACCESS,
    questId: Q,
    worldId: W,
    name: 'Find the Moonstone',
    description: 'Deep in the caves.',
    descriptionHtml: null,
    status: 'pending',
    isOptional: true,
    difficulty: 7,
    objectives: [],
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const routes = [
  { path: '/worlds/:worldId/quests/create', element: <QuestFormScreen /> },
  { path: '/worlds/:worldId/quests/:id/edit', element: <QuestFormScreen /> },
  { path: '/worlds/:worldId/quests/:questId', element: <QuestDetailScreen /> },
  { path: '/worlds/:worldId/quests', element: <p>Quest list</p> },
];

describe('QuestFormScreen (SPEC §2 quest form, §5 Quest)', () => {
  it("is titled 'Edit Quest', loads the quest, and PUTs every field it shows (difficulty 7 set to 3 stays 3), then shows the list", async () => {
    const user = userEvent.setup();
    signIn();
    const calls: Array<{ method: string; body: unknown }> = [];
    mockFetch((_url, init) => {
      if (init.method === 'PUT') calls.push({ method: 'PUT', body: sentJson(init) });
      return jsonResponse(buildQuest());
    });
    renderRoutes(routes, `/worlds/${W}/quests/${Q}/edit`);
    expect(screen.getByText('Loading quest data...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Edit Quest' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/Name/)).toHaveValue('Find the Moonstone');
    expect(screen.getByLabelText('Optional Quest')).toBeChecked();
    expect(screen.getByLabelText('Description')).toHaveAttribute('data-rows', '5');
    expect(screen.getByLabelText('Difficulty')).toHaveValue('7');
    await user.selectOptions(screen.getByLabelText(/Status/), 'active');
    await user.clear(screen.getByLabelText('Difficulty'));
    await user.type(screen.getByLabelText('Difficulty'), '3');
    await user.click(screen.getByLabelText('Optional Quest'));
    await user.click(screen.getByRole('button', { name: 'Save Quest' }));
    expect(await screen.findByText('Quest list')).toBeInTheDocument();
    expect(calls).toEqual([
      {
        method: 'PUT',
        body: {
          name: 'Find the Moonstone',
          description: 'Deep in the caves.',
          descriptionHtml: '<p>Deep in the caves.</p>',
          status: 'active',
          isOptional: false,
          difficulty: 3,
        },
      },
    ]);
  });

  it("is titled 'Create New Quest', checks difficulty 1 to 10, and POSTs a new quest", async () => {
    const user = userEvent.setup();
    signIn();
    let posted: unknown;
    mockFetch((_url, init) => {
      posted = sentJson(init);
      return jsonResponse(buildQuest(), 201);
    });
    renderRoutes(routes, `/worlds/${W}/quests/create`);
    expect(screen.getByRole('heading', { name: 'Create New Quest' })).toBeInTheDocument();
    expect(screen.getByLabelText('Difficulty')).toHaveAttribute('placeholder', '5');
    await user.type(screen.getByLabelText(/Name/), 'Slay the Wyrm');
    await user.type(screen.getByLabelText('Difficulty'), '11');
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    expect(await screen.findByText('Difficulty must be no more than 10.')).toBeInTheDocument();
    expect(posted).toBeUndefined();
    await user.clear(screen.getByLabelText('Difficulty'));
    await user.type(screen.getByLabelText('Difficulty'), '3');
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    await waitFor(() =>
      expect(posted).toEqual({ name: 'Slay the Wyrm', description: null, status: 'pending', isOptional: false, difficulty: 3 }),
    );
  });

  it("says 'Failed to load quest data for editing.' and 'An unexpected error occurred while saving the quest.' (dismissible)", async () => {
    const user = userEvent.setup();
    signIn();
    mockFetch(() => new Response('', { status: 500 }));
    const first = renderRoutes(routes, `/worlds/${W}/quests/${Q}/edit`);
    expect(await screen.findByText('Failed to load quest data for editing.')).toBeInTheDocument();
    first.unmount();

    renderRoutes(routes, `/worlds/${W}/quests/create`);
    await user.type(screen.getByLabelText(/Name/), 'Slay the Wyrm');
    await user.click(screen.getByRole('button', { name: 'Create Quest' }));
    expect(await screen.findByText('An unexpected error occurred while saving the quest.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Dismiss error' }));
    expect(screen.queryByText('An unexpected error occurred while saving the quest.')).not.toBeInTheDocument();
  });
});

describe('QuestDetailScreen (SPEC §4 accept, abandon, objective progress)', () => {
  it("shows objective progress, sends +1 as an increment, and shows the server's 409 message", async () => {
    const user = userEvent.setup();
    signIn();
    const quest = buildQuest({
      status: 'active',
      objectives: [
        {
          ...PUBLIC_ACCESS,
          objectiveId: O,
          questId: Q,
          description: 'Collect moonstones',
          target: 5,
          progress: 2,
          isOptional: false,
          completed: false,
          createdAt: '',
          updatedAt: '',
        },
      ],
    });
    let progressBody: unknown;
    mockFetch((url, init) => {
      if (url.pathname.endsWith('/progress')) {
        progressBody = sentJson(init);
        // Someone else completed it meanwhile.
        return jsonResponse({ message: 'Progress can only be recorded on an active quest; this one is completed.', code: 'CONFLICT' }, 409);
      }
      if (url.pathname.endsWith('/characters'))
        return jsonResponse({ data: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, limit: 1000, nextCursor: null } });
      return jsonResponse(quest);
    });
    renderRoutes(routes, `/worlds/${W}/quests/${Q}`);
    expect(await screen.findByRole('progressbar', { name: 'Progress of Collect moonstones: 2 of 5' })).toHaveAttribute(
      'aria-valuenow',
      '2',
    );
    await user.click(screen.getByRole('button', { name: 'Increase progress of Collect moonstones' }));
    expect(await screen.findByText('Progress can only be recorded on an active quest; this one is completed.')).toBeInTheDocument();
    expect(progressBody).toEqual({ increment: 1 });
  });

  it('offers Accept on a pending quest, Abandon on an active one, and neither on a completed or failed one', async () => {
    signIn();
    let status: Quest['status'] = 'pending';
    mockFetch((url) => {
      if (url.pathname.endsWith('/characters'))
        return jsonResponse({ data: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, limit: 1000, nextCursor: null } });
      return jsonResponse(buildQuest({ status }));
    });
    const expectButtons = (accept: boolean, abandon: boolean) => {
      expect(Boolean(screen.queryByRole('button', { name: 'Accept quest' }))).toBe(accept);
      expect(Boolean(screen.queryByRole('button', { name: 'Abandon quest' }))).toBe(abandon);
    };
    let view = renderRoutes(routes, `/worlds/${W}/quests/${Q}`);
    await screen.findByRole('heading', { name: 'Find the Moonstone' });
    expectButtons(true, false);
    view.unmount();

    status = 'active';
    view = renderRoutes(routes, `/worlds/${W}/quests/${Q}`);
    await screen.findByRole('heading', { name: 'Find the Moonstone' });
    expectButtons(false, true);
    view.unmount();

    status = 'completed';
    renderRoutes(routes, `/worlds/${W}/quests/${Q}`);
    expect(await screen.findByText(/This quest is completed: it can no longer be accepted or abandoned/)).toBeInTheDocument();
    expectButtons(false, false);
    expect(screen.getByRole('link', { name: 'edit it' })).toHaveAttribute('href', `/worlds/${W}/quests/${Q}/edit`);
  });
});

describe('QuestDetailScreen refreshes what a quest action changed', () => {
  it("marks the character's cached record stale after accepting the quest for them, so their active quests update", async () => {
    const user = userEvent.setup();
    signIn();
    const C = 'cccccccc-0000-4000-8000-000000000001';
    const dorothy = {
      characterId: C,
      worldId: W,
      name: 'Dorothy',
      description: null,
      attributes: {},
      currentLocationId: null,
      activeQuests: [],
      createdAt: '',
      updatedAt: '',
    };
    mockFetch((url) => {
      if (url.pathname.endsWith('/characters')) {
        return jsonResponse({
          data: [dorothy],
          pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 1000, nextCursor: null },
        });
      }
      if (url.pathname.endsWith('/accept')) return jsonResponse(buildQuest({ status: 'active' }));
      return jsonResponse(buildQuest());
    });
    const { client } = renderRoutes(routes, `/worlds/${W}/quests/${Q}`);
    const characterKey = ['worlds', W, 'characters', C];
    client.setQueryData(characterKey, dorothy);
    await screen.findByRole('heading', { name: 'Find the Moonstone' });
    await user.selectOptions(await screen.findByLabelText('For character (optional)'), C);
    await user.click(screen.getByRole('button', { name: 'Accept quest' }));
    await waitFor(() => expect(client.getQueryState(characterKey)?.isInvalidated).toBe(true));
  });
});

describe('a quest that does not exist', () => {
  it("says so without a useless 'Try again', which a failure that may pass still offers", async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'Quest not found.', code: 'NOT_FOUND' }, 404));
    const first = renderRoutes(routes, `/worlds/${W}/quests/${Q}`);
    expect(await screen.findByText('Quest not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    first.unmount();

    const second = renderRoutes(routes, `/worlds/${W}/quests/${Q}/edit`);
    expect(await screen.findByText('Failed to load quest data for editing.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    second.unmount();

    mockFetch(() => new Response('', { status: 503 }));
    renderRoutes(routes, `/worlds/${W}/quests/${Q}`);
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
