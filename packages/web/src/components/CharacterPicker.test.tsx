import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../test/render';
import { CharacterPicker } from './CharacterPicker';

const character = (id: string, name: string) => ({ characterId: id, name });
const list = (data: unknown[]) => ({
  data,
  pagination: { currentPage: 1, totalPages: 1, totalItems: data.length, limit: 1000, nextCursor: null },
});

describe('CharacterPicker (SPEC §2 Character picker)', () => {
  it('lists the world characters without the excluded one', async () => {
    signIn();
    mockFetch(() => jsonResponse(list([character('a', 'Aria'), character('b', 'Borin')])));
    renderRoutes(<CharacterPicker worldId="w" excludeId="a" value="" onChange={() => undefined} id="pick" />);
    expect(screen.getByText('Loading characters...')).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'Borin' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Aria' })).toBeNull();
  });

  it('says when no other characters remain', async () => {
    signIn();
    mockFetch(() => jsonResponse(list([character('a', 'Aria')])));
    renderRoutes(<CharacterPicker worldId="w" excludeId="a" value="" onChange={() => undefined} />);
    expect(await screen.findByText('No other characters available in this world.')).toBeInTheDocument();
  });

  it('says when the characters could not be loaded', async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'boom', code: 'INTERNAL_ERROR' }, 500));
    renderRoutes(<CharacterPicker worldId="w" value="" onChange={() => undefined} />);
    expect(await screen.findByText('Failed to load characters')).toBeInTheDocument();
  });
});
