import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildCharacter } from '../../../test/character-fixtures';
import { buildUser, jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../../test/render';
import { parseActiveQuests } from './character-form-schema';
import { CharacterFormScreen } from './CharacterFormScreen';

const WORLD = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const Q1 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const Q2 = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

const STAMP = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
const quest = (questId: string, name: string) => ({
  questId,
  worldId: WORLD,
  name,
  description: null,
  status: 'active',
  isOptional: false,
  difficulty: 5,
  objectives: [],
  ...STAMP,
});
const QUESTS = [quest(Q1, 'Find the Wizard'), quest(Q2, 'Melt the Witch')];
const MAP = { mapId: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd', worldId: WORLD, name: 'Land of Oz', description: null, image: null, ...STAMP };
const POINT = {
  pointId: 'eeeeeeee-eeee-4eee-8eee-eeeeeeeeeeee',
  mapId: MAP.mapId,
  name: 'Emerald City',
  description: null,
  x: 1,
  y: 2,
  type: 'city',
  entityId: null,
  entityType: null,
  ...STAMP,
};
const page = (totalItems: number) => ({ currentPage: 1, totalPages: 1, totalItems, limit: 1000, nextCursor: null });

function renderCreate() {
  signIn();
  const posts: unknown[] = [];
  mockFetch((url, init) => {
    if (init.method === 'POST') {
      const body = sentJson(init) as Record<string, unknown>;
      posts.push(body);
      return jsonResponse({ ...body, characterId: 'new-id', worldId: WORLD, createdAt: '', updatedAt: '' }, 201);
    }
    if (url.pathname === `/api/worlds/${WORLD}`) return jsonResponse({ worldId: WORLD, name: 'Oz' });
    if (url.pathname === `/api/worlds/${WORLD}/quests`) return jsonResponse({ data: QUESTS, pagination: page(QUESTS.length) });
    if (url.pathname === `/api/worlds/${WORLD}/maps`) return jsonResponse({ data: [MAP], pagination: page(1) });
    if (url.pathname === `/api/worlds/${WORLD}/maps/${MAP.mapId}/points`) return jsonResponse({ data: [POINT], pagination: page(1) });
    return jsonResponse({ message: `unexpected ${url.pathname}`, code: 'NOT_FOUND' }, 404);
  });
  const routes = [
    { path: '/worlds/:worldId/characters/create', element: <CharacterFormScreen /> },
    { path: '/worlds/:worldId/characters/:characterId', element: <p>Character page</p> },
  ];
  const utils = renderRoutes(routes, `/worlds/${WORLD}/characters/create`);
  return { ...utils, posts, user: userEvent.setup() };
}

describe('parseActiveQuests (SPEC §5 Character)', () => {
  it('trims ids and drops blanks', () => {
    expect(parseActiveQuests(' q1 , ,q2,, ')).toEqual(['q1', 'q2']);
  });

  it('gives null when nothing is left', () => {
    expect(parseActiveQuests(' , ,')).toBeNull();
    expect(parseActiveQuests('')).toBeNull();
  });
});

describe('CharacterFormScreen (SPEC §5 Character)', () => {
  it('sends the ticked quests and the chosen map point, by id', async () => {
    const { user, posts } = renderCreate();
    await user.type(await screen.findByLabelText(/^Name/), 'Aria');
    await user.click(await screen.findByRole('checkbox', { name: 'Find the Wizard' }));
    await user.click(screen.getByRole('checkbox', { name: 'Melt the Witch' }));
    await user.click(screen.getByRole('checkbox', { name: 'Find the Wizard' }));
    const location = screen.getByLabelText('Current Location');
    await screen.findByRole('option', { name: 'Emerald City' });
    await user.selectOptions(location, 'Emerald City');
    await user.click(screen.getByRole('button', { name: 'Create character' }));
    expect(await screen.findByText('Character page')).toBeInTheDocument();
    expect(posts).toEqual([
      { name: 'Aria', description: null, attributes: {}, currentLocationId: POINT.pointId, activeQuests: [Q2], assignedTo: null },
    ]);
  });

  it('sends null location and active quests when none are chosen', async () => {
    const { user, posts } = renderCreate();
    await user.type(await screen.findByLabelText(/^Name/), 'Aria');
    await screen.findByRole('checkbox', { name: 'Find the Wizard' });
    await user.click(screen.getByRole('button', { name: 'Create character' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ currentLocationId: null, activeQuests: null });
  });

  it('refuses attributes that are not valid JSON with the spec message', async () => {
    const { user, posts } = renderCreate();
    await user.type(await screen.findByLabelText(/^Name/), 'Aria');
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    fireEvent.change(screen.getByLabelText(/^Attributes/), { target: { value: '{ "strength": ' } });
    await user.click(screen.getByRole('button', { name: 'Create character' }));
    expect(await screen.findByText('Error parsing Attributes JSON. Please ensure it is valid JSON.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('sends attributes added as variables, converted to their types', async () => {
    const { user, posts } = renderCreate();
    await user.type(await screen.findByLabelText(/^Name/), 'Aria');
    await user.type(screen.getByLabelText('New variable name'), 'strength');
    await user.type(screen.getByLabelText('Value'), '12');
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    await user.click(screen.getByRole('button', { name: 'Create character' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ attributes: { strength: 12 } });
  });

  it("says 'World not found.' at once under a missing world, with no form to fill in", async () => {
    signIn();
    const posts: unknown[] = [];
    mockFetch((_url, init) => {
      if (init.method === 'POST') posts.push(init.body);
      return jsonResponse({ message: 'World not found.', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes([{ path: '/worlds/:worldId/characters/create', element: <CharacterFormScreen /> }], `/worlds/${WORLD}/characters/create`);
    expect(await screen.findByText('World not found.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create character' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to your worlds' })).toHaveAttribute('href', '/');
    expect(posts).toEqual([]);
  });
});

describe("a player's character form (issue 11)", () => {
  const CHARACTER = 'ffffffff-ffff-4fff-8fff-ffffffffffff';
  const ME = buildUser();

  /** A world where I am a player, and one character assigned to `assignedTo`; records the PUT bodies. */
  function renderEdit(assignedTo: string | null) {
    signIn(ME);
    const puts: Array<Record<string, unknown>> = [];
    const character = buildCharacter({ characterId: CHARACTER, worldId: WORLD, assignedTo });
    mockFetch((url, init) => {
      if (init.method === 'PUT') {
        const body = sentJson(init) as Record<string, unknown>;
        puts.push(body);
        return jsonResponse({ ...character, ...body });
      }
      if (url.pathname === `/api/worlds/${WORLD}`) return jsonResponse({ worldId: WORLD, name: 'Oz', role: 'player' });
      if (url.pathname === `/api/worlds/${WORLD}/characters/${CHARACTER}`) return jsonResponse(character);
      if (url.pathname === `/api/worlds/${WORLD}/quests`) return jsonResponse({ data: QUESTS, pagination: page(QUESTS.length) });
      if (url.pathname === `/api/worlds/${WORLD}/maps`) return jsonResponse({ data: [], pagination: page(0) });
      return jsonResponse({ message: `unexpected ${url.pathname}`, code: 'NOT_FOUND' }, 404);
    });
    const routes = [
      { path: '/worlds/:worldId/characters/:characterId/edit', element: <CharacterFormScreen /> },
      { path: '/worlds/:worldId/characters/:characterId', element: <p>Character page</p> },
    ];
    renderRoutes(routes, `/worlds/${WORLD}/characters/${CHARACTER}/edit`);
    return { puts, user: userEvent.setup() };
  }

  it('lets a player edit the character assigned to them, with no access fields', async () => {
    const { puts, user } = renderEdit(ME.userId);
    const name = await screen.findByLabelText(/^Name/);
    await user.clear(name);
    await user.type(name, 'Dorothy Gale');
    expect(screen.queryByLabelText('Visibility')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save character' }));
    expect(await screen.findByText('Character page')).toBeInTheDocument();
    expect(puts).toHaveLength(1);
    expect(puts[0]).toMatchObject({ name: 'Dorothy Gale' });
    expect(Object.keys(puts[0] ?? {})).not.toContain('visibility');
  });

  it("gives a player who opens another character's edit page the refusal and the way back, not a form", async () => {
    const { puts, user } = renderEdit('22222222-2222-4222-8222-222222222222');
    expect(await screen.findByText(/Your role in this world does not allow this\./)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Name/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go back' }));
    expect(await screen.findByText('Character page')).toBeInTheDocument();
    expect(puts).toEqual([]);
  });
});
