import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { PUBLIC_ACCESS } from '../test/access-fixtures';
import { buildCharacter } from '../test/character-fixtures';
import { jsonResponse, listResponse, mockFetch, renderRoutes, signIn } from '../test/render';
import { worldChildRoutes } from './world-routes';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const C = 'cccccccc-0000-4000-8000-000000000001';
const I = 'dddddddd-0000-4000-8000-000000000001';
const STAMP = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
const character = buildCharacter({ characterId: C, worldId: W });
const item = {
  ...PUBLIC_ACCESS,
  ...STAMP,
  itemId: I,
  worldId: W,
  name: 'Silver Shoes',
  description: null,
  descriptionHtml: null,
  properties: {},
};
const world = {
  ...STAMP,
  worldId: W,
  name: 'Oz',
  role: 'owner',
  description: null,
  descriptionHtml: null,
  createdBy: 'u1',
  counts: { characters: 1, timelines: 0, maps: 0, events: 0, items: 1 },
};

/**
 * The world's entity pages as the app routes them, with the API answering one character, one item and empty lists;
 * the signed-in user has `role` in the world (default owner).
 */
function open(path: string, role = 'owner') {
  signIn();
  mockFetch((url) => {
    if (url.pathname === `/api/worlds/${W}`) return jsonResponse({ ...world, role });
    if (url.pathname === `/api/worlds/${W}/characters/${C}`) return jsonResponse(character);
    if (url.pathname === `/api/worlds/${W}/items/${I}`) return jsonResponse(item);
    return listResponse([]);
  });
  return renderRoutes([{ path: '/worlds/:worldId', children: worldChildRoutes }], path);
}

/** The pages load lazily, as in the app: the first look waits for their modules. */
const LOADED = { timeout: 10_000 };

describe("a character's and an item's pages (SPEC §2)", { timeout: 20_000 }, () => {
  it("shows a tab's page inside the character's page", async () => {
    open(`/worlds/${W}/characters/${C}/inventory`);
    expect(await screen.findByRole('heading', { name: 'Dorothy' }, LOADED)).toBeInTheDocument();
    expect(await screen.findByText('No items in inventory.', {}, LOADED)).toBeInTheDocument();
  });

  it('says an unknown address below a tab has no page, with a way back to that tab', async () => {
    open(`/worlds/${W}/characters/${C}/relationships/r1/nowhere`);
    expect(await screen.findByText(/There is no page at this address/, {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the relationships' })).toHaveAttribute(
      'href',
      `/worlds/${W}/characters/${C}/relationships`,
    );
  });

  it('says an unknown address below the character has no page, keeping the character on screen', async () => {
    open(`/worlds/${W}/characters/${C}/nowhere`);
    expect(await screen.findByText(/This page of the character does not exist/, {}, LOADED)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Dorothy' })).toBeInTheDocument();
  });

  it("asks before deleting an item at its delete address, over the item's details", async () => {
    open(`/worlds/${W}/items/${I}/delete`);
    expect(await screen.findByRole('heading', { name: 'Silver Shoes' }, LOADED)).toBeInTheDocument();
    expect(await screen.findByRole('dialog', {}, LOADED)).toHaveTextContent('Silver Shoes');
  });

  it("gives a player the server's refusal on every page only editors may use, and no form or confirmation", async () => {
    const pages = [
      `characters/create`,
      `characters/${C}/edit`,
      `characters/${C}/inventory/create`,
      `characters/${C}/goals/create`,
      `characters/${C}/relationships/create`,
      `items/create`,
      `items/${I}/edit`,
      `items/${I}/delete`,
      `items/${I}/create`,
      `timelines/create`,
      `events/create`,
      `maps/create`,
      `quests/create`,
      `calendars/create`,
    ];
    for (const page of pages) {
      const { unmount } = open(`/worlds/${W}/${page}`, 'player');
      expect(await screen.findByText(/Your role in this world does not allow this\./, {}, LOADED), page).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: /^(Create|Save|Give|Add to)/ }), page).not.toBeInTheDocument();
      expect(screen.queryByRole('dialog'), page).not.toBeInTheDocument();
      unmount();
    }
  }, 60_000);
});
