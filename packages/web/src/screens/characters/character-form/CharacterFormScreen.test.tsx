import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../../test/render';
import { parseActiveQuests } from './character-form-schema';
import { CharacterFormScreen } from './CharacterFormScreen';

const WORLD = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const Q1 = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const Q2 = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';

function renderCreate() {
  signIn();
  const posts: unknown[] = [];
  mockFetch((url, init) => {
    if (init.method === 'POST') {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      posts.push(body);
      return jsonResponse({ ...body, characterId: 'new-id', worldId: WORLD, createdAt: '', updatedAt: '' }, 201);
    }
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
  it('sends active quests as a list and empty optional fields as null', async () => {
    const { user, posts } = renderCreate();
    await user.type(screen.getByLabelText(/^Name/), 'Aria');
    await user.type(screen.getByLabelText('Active Quests'), ` ${Q1} , , ${Q2} `);
    await user.click(screen.getByRole('button', { name: 'Create character' }));
    expect(await screen.findByText('Character page')).toBeInTheDocument();
    expect(posts).toEqual([
      { name: 'Aria', description: null, attributes: {}, currentLocationId: null, activeQuests: [Q1, Q2] },
    ]);
  });

  it('sends null active quests when the field holds only commas', async () => {
    const { user, posts } = renderCreate();
    await user.type(screen.getByLabelText(/^Name/), 'Aria');
    await user.type(screen.getByLabelText('Active Quests'), ' , ');
    await user.click(screen.getByRole('button', { name: 'Create character' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ activeQuests: null });
  });

  it('refuses attributes that are not valid JSON with the spec message', async () => {
    const { user, posts } = renderCreate();
    await user.type(screen.getByLabelText(/^Name/), 'Aria');
    await user.click(screen.getByRole('button', { name: 'JSON' }));
    fireEvent.change(screen.getByLabelText(/^Attributes/), { target: { value: '{ "strength": ' } });
    await user.click(screen.getByRole('button', { name: 'Create character' }));
    expect(await screen.findByText('Error parsing Attributes JSON. Please ensure it is valid JSON.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('sends attributes added as variables, converted to their types', async () => {
    const { user, posts } = renderCreate();
    await user.type(screen.getByLabelText(/^Name/), 'Aria');
    await user.type(screen.getByLabelText('New variable name'), 'strength');
    await user.type(screen.getByLabelText('Value'), '12');
    await user.click(screen.getByRole('button', { name: 'Add variable' }));
    await user.click(screen.getByRole('button', { name: 'Create character' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ attributes: { strength: 12 } });
  });
});
