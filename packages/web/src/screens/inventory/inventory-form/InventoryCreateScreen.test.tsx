import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Character } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../../test/render';
import { InventoryCreateScreen } from './InventoryCreateScreen';

const W = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const C = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const I = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const dorothy = { characterId: C, worldId: W, name: 'Dorothy' } as Character;

describe('InventoryCreateScreen (SPEC §5 Inventory)', () => {
  it("says 'Quantity is required.' for an emptied quantity and saves nothing, then saves the quantity typed", async () => {
    const user = userEvent.setup();
    signIn();
    const posts: unknown[] = [];
    mockFetch((_url, init) => {
      if (init.method === 'POST') {
        posts.push(sentJson(init));
        return jsonResponse({}, 201);
      }
      return jsonResponse({
        data: [{ itemId: I, name: 'Silver Shoes' }],
        pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 1000, nextCursor: null },
      });
    });
    const base = `/worlds/${W}/characters/${C}/inventory`;
    renderRoutes(
      [
        { path: `${base}/create`, element: <InventoryCreateScreen worldId={W} character={dorothy} /> },
        { path: base, element: <p>Inventory list</p> },
      ],
      `${base}/create`,
    );
    await user.selectOptions(await screen.findByLabelText(/^Item/), I);
    const quantity = screen.getByLabelText(/^Quantity/);
    expect(quantity).toHaveValue('1');
    await user.clear(quantity);
    await user.click(screen.getByRole('button', { name: 'Add to inventory' }));
    expect(await screen.findByText('Quantity is required.')).toBeInTheDocument();
    expect(posts).toEqual([]);

    await user.type(quantity, '2');
    await user.click(screen.getByRole('button', { name: 'Add to inventory' }));
    expect(await screen.findByText('Inventory list')).toBeInTheDocument();
    await waitFor(() => expect(posts).toEqual([expect.objectContaining({ itemId: I, quantity: 2 })]));
  });
});
