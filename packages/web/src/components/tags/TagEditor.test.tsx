import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../test/render';
import { TagEditor, parseTags } from './TagEditor';

describe('TagEditor', () => {
  it('shows the tags, edits them as one comma-separated box and saves the whole set', async () => {
    signIn();
    let stored = ['Villain'];
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/worlds/w1') return jsonResponse({ worldId: 'w1', name: 'Oz', role: 'owner' });
      if (init.method === 'PUT') {
        const body = sentJson(init) as { tags: string[] };
        if (body.tags.some((tag) => tag.length > 40))
          return jsonResponse({ message: 'A tag must be no more than 40 characters.', code: 'VALIDATION_FAILED' }, 400);
        stored = body.tags;
      }
      expect(url.pathname).toBe('/api/worlds/w1/tags/character/c1');
      return jsonResponse({ entityType: 'character', entityId: 'c1', tags: stored });
    });
    renderRoutes(<TagEditor worldId="w1" type="character" id="c1" />);
    expect(await screen.findByRole('link', { name: 'Villain' })).toHaveAttribute('href', '/worlds/w1/characters?tag=Villain');
    fireEvent.click(screen.getByRole('button', { name: 'Edit tags' }));
    const box = screen.getByLabelText('Tags (comma-separated)');
    expect(box).toHaveValue('Villain');
    // The box replaces the button just pressed, so the cursor goes there.
    expect(box).toHaveFocus();
    fireEvent.change(box, { target: { value: `Villain, ${'x'.repeat(41)}` } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tags' }));
    expect(await screen.findByText('A tag must be no more than 40 characters.')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: 'Villain, magic, ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save tags' }));
    expect(await screen.findByText('magic')).toBeInTheDocument();
    expect(stored).toEqual(['Villain', 'magic']);
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(2);
  });

  it('shows a viewer the tags without a way to edit them', async () => {
    signIn();
    mockFetch((url) => {
      if (url.pathname === '/api/worlds/w1') return jsonResponse({ worldId: 'w1', name: 'Oz', role: 'viewer' });
      return jsonResponse({ entityType: 'goal', entityId: 'g1', tags: ['Home'] });
    });
    renderRoutes(<TagEditor worldId="w1" type="goal" id="g1" />);
    expect(await screen.findByText('Home')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Edit tags' })).toBeNull());
  });

  it('parses a comma-separated box, dropping blanks', () => {
    expect(parseTags(' a , ,b,, c ')).toEqual(['a', 'b', 'c']);
  });
});
