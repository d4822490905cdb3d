import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import type { Character } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../../test/render';
import { CharacterDetailsTab } from './CharacterDetailsTab';
import { splitAttributes } from './split-attributes';
import { PUBLIC_ACCESS } from '../../../test/access-fixtures';

const buildCharacter = (attributes: Record<string, unknown>): Character => ({
  ...PUBLIC_ACCESS,
  assignedTo: null,
  characterId: 'c1',
  worldId: 'w1',
  name: 'Aria',
  description: null,
  attributes,
  currentLocationId: null,
  activeQuests: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('splitAttributes (SPEC §3 Character)', () => {
  it('puts scalar values in core attributes and nested objects in groups', () => {
    const split = splitAttributes({ strength: 12, alive: true, title: null, stats: { hp: 30 }, tags: ['a'] });
    expect(split.core).toEqual([['strength', 12], ['alive', true], ['title', null], ['tags', ['a']]]);
    expect(split.groups).toEqual([{ name: 'stats', entries: [['hp', 30]] }]);
  });
});

describe('CharacterDetailsTab (SPEC §2 character details)', () => {
  it('shows core attributes and each group under its own heading', () => {
    render(<CharacterDetailsTab character={buildCharacter({ strength: 12, stats: { hp: 30, mana: 5 } })} />);
    const core = screen.getByRole('table', { name: 'Core attributes' });
    expect(within(core).getByRole('rowheader', { name: 'strength' })).toBeInTheDocument();
    expect(within(core).queryByText('hp')).toBeNull();
    expect(screen.getByRole('heading', { name: 'stats' })).toBeInTheDocument();
    const group = screen.getByRole('table', { name: 'stats attributes' });
    expect(within(group).getByRole('row', { name: 'mana 5' })).toBeInTheDocument();
    expect(screen.queryByText('No attributes defined.')).toBeNull();
  });

  it('says when there are no attributes', () => {
    render(<CharacterDetailsTab character={buildCharacter({})} />);
    expect(screen.getByText('No attributes defined.')).toBeInTheDocument();
  });

  it('names the current location by its point and map, linking to the map', async () => {
    signIn();
    const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
    const page = { currentPage: 1, totalPages: 1, totalItems: 1, limit: 1000, nextCursor: null };
    mockFetch((url) => {
      if (url.pathname === '/api/worlds/w1/maps') return jsonResponse({ data: [{ mapId: 'm1', worldId: 'w1', name: 'Land of Oz', description: null, image: null, ...stamp }], pagination: page });
      if (url.pathname === '/api/worlds/w1/maps/m1/points') return jsonResponse({ data: [{ pointId: 'p1', mapId: 'm1', name: 'Emerald City', ...stamp }], pagination: page });
      return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes(<CharacterDetailsTab character={{ ...buildCharacter({}), currentLocationId: 'p1' }} />);
    const link = await screen.findByRole('link', { name: 'Emerald City (Land of Oz)' });
    expect(link).toHaveAttribute('href', '/worlds/w1/maps/m1');
  });
});
