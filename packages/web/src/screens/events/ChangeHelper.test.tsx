import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { InventoryChangesDocumentSchema } from '@loreforge/contract';
import { defined, jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../test/render';
import { EventFormScreen } from './EventFormScreen';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const DOROTHY = 'cccccccc-0000-4000-8000-000000000001';
const SHOES = 'dddddddd-0000-4000-8000-000000000001';
const page = (data: unknown[]) => ({
  data,
  pagination: { currentPage: 1, totalPages: 1, totalItems: data.length, limit: 1000, nextCursor: null },
});

describe('the event form change helper', () => {
  it('appends a versioned inventory entry to the JSON, which stays editable, and saves it', async () => {
    const user = userEvent.setup();
    signIn();
    let saved: Record<string, unknown> | undefined;
    mockFetch((url, init) => {
      if (init.method === 'POST') {
        saved = sentJson(init) as Record<string, unknown>;
        return jsonResponse({ ...saved, eventId: 'eeeeeeee-0000-4000-8000-000000000001' }, 201);
      }
      if (url.pathname.endsWith('/characters')) return jsonResponse(page([{ characterId: DOROTHY, name: 'Dorothy' }]));
      if (url.pathname.endsWith('/items')) return jsonResponse(page([{ itemId: SHOES, name: 'The Silver Shoes' }]));
      return jsonResponse(page([]));
    });
    renderRoutes(
      [
        { path: '/worlds/:worldId/events/create', element: <EventFormScreen /> },
        { path: '/worlds/:worldId/events', element: <p>Events list</p> },
      ],
      `/worlds/${W}/events/create`,
    );

    await user.type(await screen.findByLabelText(/^Name/), 'The council');
    await user.type(screen.getByLabelText(/Date\/Time/), '1900-05-15T09:00');
    const inventory = screen.getByLabelText('Inventory Changes');
    const group = defined(inventory.closest<HTMLElement>('.mb-3'), 'inventory field group');
    await user.click(within(group).getByRole('button', { name: 'Add a change with the helper' }));
    await screen.findByRole('option', { name: 'Dorothy' });
    await user.selectOptions(within(group).getByLabelText('Character'), DOROTHY);
    await user.selectOptions(within(group).getByLabelText('Item'), SHOES);
    await user.selectOptions(within(group).getByLabelText('Change'), 'gain');
    await user.type(within(group).getByLabelText('Quantity'), '2');
    await user.click(within(group).getByRole('button', { name: 'Add change' }));

    const written = JSON.parse((inventory as HTMLTextAreaElement).value) as unknown;
    expect(InventoryChangesDocumentSchema.parse(written)).toEqual({
      version: 1,
      changes: [{ characterId: DOROTHY, itemId: SHOES, quantity: 2 }],
    });

    // Then equips them, appended after the first entry.
    await user.selectOptions(within(group).getByLabelText('Change'), 'equip');
    await user.click(within(group).getByRole('button', { name: 'Add change' }));
    expect(JSON.parse((inventory as HTMLTextAreaElement).value)).toEqual({
      version: 1,
      changes: [
        { characterId: DOROTHY, itemId: SHOES, quantity: 2 },
        { characterId: DOROTHY, itemId: SHOES, quantity: 0, equipped: true },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Create event' }));
    await screen.findByText('Events list');
    expect(saved?.inventoryChanges).toEqual({
      version: 1,
      changes: [
        { characterId: DOROTHY, itemId: SHOES, quantity: 2 },
        { characterId: DOROTHY, itemId: SHOES, quantity: 0, equipped: true },
      ],
    });
    expect(saved?.relationshipChanges).toBeNull();
  });
});
