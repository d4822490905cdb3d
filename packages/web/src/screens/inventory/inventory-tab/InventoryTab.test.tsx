import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Character } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, requestUrl, signIn } from '../../../test/render';
import { InventoryTab } from './InventoryTab';

const WORLD = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const character = { characterId: 'c1', name: 'Aria' } as Character;
const entry = (id: string, itemName: string, equipped: boolean) => ({
  inventoryItemId: id,
  characterId: 'c1',
  itemId: `item-${id}`,
  itemName,
  quantity: 2,
  equipped,
  notes: null,
  attributes: {},
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const page = (data: unknown[]) => ({
  data,
  pagination: { currentPage: 1, totalPages: data.length ? 1 : 0, totalItems: data.length, limit: 10, nextCursor: null },
});

describe('InventoryTab (SPEC §2 Inventory)', () => {
  it('says an empty inventory has no items', async () => {
    signIn();
    mockFetch(() => jsonResponse(page([])));
    renderRoutes(<InventoryTab worldId={WORLD} character={character} />);
    expect(await screen.findByText('No items in inventory.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add item' })).toHaveAttribute('href', `/worlds/${WORLD}/characters/c1/inventory/create`);
  });

  it('narrows the list to equipped items through slotFilter', async () => {
    signIn();
    const fetchMock = mockFetch((url) => {
      const filter = url.searchParams.get('slotFilter');
      const all = [entry('1', 'Sword', true), entry('2', 'Rope', false)];
      return jsonResponse(page(filter === 'equipped' ? all.filter((e) => e.equipped) : all));
    });
    renderRoutes(<InventoryTab worldId={WORLD} character={character} />);
    expect(await screen.findByRole('link', { name: 'Rope' })).toBeInTheDocument();
    await userEvent.setup().selectOptions(screen.getByLabelText('Show'), 'equipped');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Rope' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Sword' })).toBeInTheDocument();
    const urls = fetchMock.mock.calls.map(([input]) => requestUrl(input));
    expect(urls.some((u) => u.includes('slotFilter=equipped'))).toBe(true);
  });

  it('says when the inventory cannot be loaded', async () => {
    signIn();
    mockFetch(() => jsonResponse({ code: 'INTERNAL_ERROR' }, 500));
    renderRoutes(<InventoryTab worldId={WORLD} character={character} />);
    expect(await screen.findByText('Failed to load inventory. Please try again.')).toBeInTheDocument();
  });
});
