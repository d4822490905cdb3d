import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Quest } from '@loreforge/contract';
import { useQuestActions } from '../../api/quests';
import { jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../test/render';
import { ObjectiveList } from './ObjectiveList';

const WORLD = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const STAMP = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-02T03:04:05.678Z' };
const QUEST: Quest = {
  questId: 'q1',
  worldId: WORLD,
  name: 'Find the Wizard',
  description: null,
  status: 'active',
  isOptional: false,
  difficulty: 5,
  objectives: [
    {
      objectiveId: 'o1',
      questId: 'q1',
      description: 'Follow the yellow brick road',
      target: 1,
      progress: 0,
      isOptional: false,
      completed: false,
      ...STAMP,
    },
  ],
  ...STAMP,
} as Quest;

function Harness({ quest = QUEST }: { quest?: Quest }) {
  const actions = useQuestActions(WORLD, quest.questId);
  return <ObjectiveList quest={quest} actions={actions} onError={() => undefined} />;
}

describe('ObjectiveList', () => {
  it('asks before deleting an objective, then deletes the version that was shown', async () => {
    signIn();
    const deletes: Array<{ path: string; ifMatch: string | null }> = [];
    mockFetch((url, init) => {
      if (init.method === 'DELETE') {
        deletes.push({ path: url.pathname, ifMatch: new Headers(init.headers).get('If-Match') });
        return jsonResponse(null, 204);
      }
      return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete objective Follow the yellow brick road' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
    expect(deletes).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0]).toEqual({ path: `/api/worlds/${WORLD}/quests/q1/objectives/o1`, ifMatch: `W/"${STAMP.updatedAt}"` });
  });

  it('edits an objective in a dialog with the contract checks, sending the version that was shown', async () => {
    signIn();
    const puts: Array<{ body: unknown; ifMatch: string | null }> = [];
    mockFetch((_url, init) => {
      if (init.method === 'PUT') {
        const body = sentJson(init) as Record<string, unknown>;
        puts.push({ body, ifMatch: new Headers(init.headers).get('If-Match') });
        return jsonResponse({ ...QUEST.objectives[0], ...body });
      }
      return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit objective Follow the yellow brick road' }));
    const dialog = await screen.findByRole('dialog');
    const progress = await within(dialog).findByLabelText(/^Progress/);
    await user.clear(progress);
    await user.type(progress, '3');
    await user.click(within(dialog).getByRole('button', { name: 'Save objective' }));
    expect(await within(dialog).findByText('Progress must be no more than the target.')).toBeInTheDocument();
    expect(puts).toHaveLength(0);
    const target = within(dialog).getByLabelText(/^Target/);
    await user.clear(target);
    await user.type(target, '4');
    await user.click(within(dialog).getByRole('button', { name: 'Save objective' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      body: { description: 'Follow the yellow brick road', target: 4, progress: 3, isOptional: false },
      ifMatch: `W/"${STAMP.updatedAt}"`,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('records progress only on an active quest, and says to accept it otherwise', async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404));
    const { unmount } = renderRoutes(<Harness />);
    expect(screen.getByRole('button', { name: 'Increase progress of Follow the yellow brick road' })).toBeEnabled();
    expect(screen.queryByText(/accept the quest/)).not.toBeInTheDocument();
    unmount();

    renderRoutes(<Harness quest={{ ...QUEST, status: 'pending' }} />);
    const increase = screen.getByRole('button', { name: 'Increase progress of Follow the yellow brick road' });
    expect(increase).toBeDisabled();
    expect(increase).toHaveAccessibleDescription(
      'Progress is recorded while the quest is active: accept the quest to move its objectives on.',
    );
  });
});
