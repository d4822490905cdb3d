import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Item } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../../test/render';
import { GiveInstanceScreen } from './GiveInstanceScreen';

const WORLD = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BORIN = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const item = { itemId: 'i1', name: 'Sword' } as Item;

function setup(postStatus: number) {
  signIn();
  const posts: Array<Record<string, unknown>> = [];
  mockFetch((_url, init) => {
    if (init.method === 'POST') {
      posts.push(sentJson(init) as Record<string, unknown>);
      return postStatus === 201
        ? jsonResponse({ inventoryItemId: 'e1' }, 201)
        : jsonResponse({ message: 'Character not found.', code: 'NOT_FOUND' }, postStatus);
    }
    return jsonResponse({
      data: [{ characterId: BORIN, name: 'Borin' }],
      pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 1000, nextCursor: null },
    });
  });
  renderRoutes(
    [
      { path: '/worlds/:worldId/items/i1/create', element: <GiveInstanceScreen worldId={WORLD} item={item} /> },
      { path: '/worlds/:worldId/items/i1/instances', element: <p>Instances tab</p> },
    ],
    `/worlds/${WORLD}/items/i1/create`,
  );
  return { posts, user: userEvent.setup() };
}

describe('GiveInstanceScreen (SPEC §5 giving an item instance)', () => {
  it('asks for a character', async () => {
    const { user, posts } = setup(201);
    await screen.findByRole('option', { name: 'Borin' });
    await user.click(screen.getByRole('button', { name: 'Give item' }));
    expect(await screen.findByText('Please select a character.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('falls back to a quantity of 1 when the quantity is left empty', async () => {
    const { user, posts } = setup(201);
    await user.selectOptions(await screen.findByLabelText(/^Character/), BORIN);
    await user.clear(screen.getByLabelText(/^Quantity/));
    await user.click(screen.getByRole('button', { name: 'Give item' }));
    expect(await screen.findByText('Instances tab')).toBeInTheDocument();
    expect(posts[0]).toMatchObject({ characterId: BORIN, quantity: 1, equipped: false });
  });

  it('refuses a quantity below 1', async () => {
    const { user, posts } = setup(201);
    await user.selectOptions(await screen.findByLabelText(/^Character/), BORIN);
    await user.clear(screen.getByLabelText(/^Quantity/));
    await user.type(screen.getByLabelText(/^Quantity/), '0');
    await user.click(screen.getByRole('button', { name: 'Give item' }));
    expect(await screen.findByText('Quantity must be at least 1.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('reports a failed save with a browser alert', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const { user } = setup(404);
    await user.selectOptions(await screen.findByLabelText(/^Character/), BORIN);
    await user.click(screen.getByRole('button', { name: 'Give item' }));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Character not found.'));
    expect(screen.queryByText('Instances tab')).toBeNull();
  });
});
