import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchHit } from '@loreforge/contract';
import { defined, jsonResponse, mockFetch, renderRoutes, requestUrl, signIn } from '../../test/render';
import { WorldSearchBox } from './WorldSearchBox';
import { highlightSegments } from './HighlightedText';

const WORLD = '22222222-2222-4222-8222-222222222222';

const hit = (fields: Partial<SearchHit> & Pick<SearchHit, 'type' | 'id'>): SearchHit => ({
  parentId: null,
  parentType: null,
  match: 'prefix',
  name: { text: 'Golden Cap', highlights: [{ start: 0, end: 6 }] },
  snippet: null,
  ...fields,
});

const HITS: SearchHit[] = [
  hit({ type: 'item', id: 'cap' }),
  hit({
    type: 'event',
    id: 'ev1',
    match: 'text',
    name: { text: 'The Witch uses the cap', highlights: [] },
    snippet: { text: '…the Winged Monkeys with the Golden Cap <script>alert(1)</script>', highlights: [{ start: 29, end: 35 }] },
  }),
];

function renderBox() {
  signIn();
  const fetchMock = mockFetch((url) =>
    jsonResponse({
      data: url.searchParams.get('q') === 'golden' ? HITS : [],
      pagination: {
        currentPage: 1,
        totalPages: 1,
        totalItems: url.searchParams.get('q') === 'golden' ? 2 : 0,
        totalItemsCapped: false,
        limit: 8,
        nextCursor: null,
      },
    }),
  );
  const utils = renderRoutes([{ path: '/worlds/:worldId/*', element: <WorldSearchBox worldId={WORLD} /> }], `/worlds/${WORLD}/details`);
  return { ...utils, fetchMock };
}

describe('the world command palette', () => {
  it('opens on Ctrl-K, shows ranked results as one types, with matches marked and markup shown as text', async () => {
    const { fetchMock } = renderBox();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: 'Search this world' });
    fireEvent.change(input, { target: { value: 'golden' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Golden CapItem',
      'The Witch uses the capEvent…the Winged Monkeys with the Golden Cap <script>alert(1)</script>',
    ]);
    expect(within(defined(options[0], 'first option')).getByText('Golden').tagName).toBe('MARK');
    expect(document.querySelector('.lf-command-palette script')).toBeNull();
    expect(screen.getByText('2 results.')).toBeInTheDocument();
    const url = new URL(requestUrl(fetchMock.mock.calls.at(-1)?.[0]), 'http://localhost');
    expect(url.pathname).toBe(`/api/worlds/${WORLD}/search`);
  });

  it('moves through the results with the arrow keys and opens the chosen one with Enter', async () => {
    const { router } = renderBox();
    fireEvent.click(screen.getByRole('button', { name: /Search this world/ }));
    const input = await screen.findByRole('combobox');
    fireEvent.change(input, { target: { value: 'golden' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(router.state.location.pathname).toBe(`/worlds/${WORLD}/events/ev1/edit`);
  });

  it('puts the cursor in the search box on opening, and clears the query once closed and reopened', async () => {
    renderBox();
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox', { name: 'Search this world' });
    await waitFor(() => expect(input).toHaveFocus());
    fireEvent.change(input, { target: { value: 'golden' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(input, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(screen.queryByRole('combobox')).toBeNull());
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const reopened = await screen.findByRole('combobox', { name: 'Search this world' });
    expect(reopened).toHaveValue('');
    await waitFor(() => expect(reopened).toHaveFocus());
  });

  it('gives focus back to the search button when closed', async () => {
    renderBox();
    const button = screen.getByRole('button', { name: /Search this world/ });
    button.focus();
    fireEvent.click(button);
    const input = await screen.findByRole('combobox');
    await waitFor(() => expect(input).toHaveFocus());
    fireEvent.keyDown(input, { key: 'Escape', code: 'Escape', keyCode: 27 });
    await waitFor(() => expect(button).toHaveFocus());
  });

  it('says which results were found by their tags', async () => {
    signIn();
    mockFetch(() =>
      jsonResponse({
        data: [hit({ type: 'character', id: 'witch', match: 'tag', name: { text: 'Wicked Witch of the West', highlights: [] } })],
        pagination: { currentPage: 1, totalPages: 1, totalItems: 1, totalItemsCapped: false, limit: 8, nextCursor: null },
      }),
    );
    renderRoutes([{ path: '/worlds/:worldId/*', element: <WorldSearchBox worldId={WORLD} /> }], `/worlds/${WORLD}/details`);
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: 'vill' } });
    const [option] = await screen.findAllByRole('option');
    expect(option?.textContent).toBe('Wicked Witch of the WestCharacterTagged vill…');
  });

  it('shows relationships and connections by their ends and type, and opens them where they live', async () => {
    signIn();
    mockFetch(() =>
      jsonResponse({
        data: [
          hit({
            type: 'relationship',
            id: 'r1',
            parentId: 'dorothy',
            parentType: 'character',
            match: 'text',
            name: { text: 'Dorothy → Toto, friend', highlights: [] },
            snippet: { text: 'Together through the cyclone.', highlights: [{ start: 21, end: 28 }] },
          }),
          hit({
            type: 'connection',
            id: 'c1',
            parentId: 'cap',
            parentType: 'item',
            match: 'text',
            name: { text: 'Golden Cap → Dorothy, worn by', highlights: [] },
            snippet: { text: 'She finds it after the cyclone.', highlights: [{ start: 23, end: 30 }] },
          }),
        ],
        pagination: { currentPage: 1, totalPages: 1, totalItems: 2, totalItemsCapped: false, limit: 8, nextCursor: null },
      }),
    );
    const { router } = renderRoutes(
      [{ path: '/worlds/:worldId/*', element: <WorldSearchBox worldId={WORLD} /> }],
      `/worlds/${WORLD}/details`,
    );
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const input = await screen.findByRole('combobox');
    fireEvent.change(input, { target: { value: 'cyclone' } });
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Dorothy → Toto, friendRelationshipTogether through the cyclone.',
      'Golden Cap → Dorothy, worn byConnectionShe finds it after the cyclone.',
    ]);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(router.state.location.pathname).toBe(`/worlds/${WORLD}/characters/dorothy/relationships/r1`);
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const again = await screen.findByRole('combobox');
    fireEvent.change(again, { target: { value: 'cyclone' } });
    await screen.findAllByRole('option');
    fireEvent.keyDown(again, { key: 'ArrowDown' });
    fireEvent.keyDown(again, { key: 'Enter' });
    expect(router.state.location.pathname).toBe(`/worlds/${WORLD}/items/cap`);
  });

  it('says a count that stopped at its cap is a lower bound', async () => {
    signIn();
    mockFetch(() =>
      jsonResponse({
        data: HITS,
        pagination: { currentPage: 1, totalPages: 126, totalItems: 1001, totalItemsCapped: true, limit: 8, nextCursor: null },
      }),
    );
    renderRoutes([{ path: '/worlds/:worldId/*', element: <WorldSearchBox worldId={WORLD} /> }], `/worlds/${WORLD}/details`);
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: 'restless' } });
    expect(await screen.findByText('1,001+ results, best 2 shown.')).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    renderBox();
    fireEvent.keyDown(window, { key: 'K', metaKey: true });
    fireEvent.change(await screen.findByRole('combobox'), { target: { value: 'zzz' } });
    expect(await screen.findByText('Nothing found.')).toBeInTheDocument();
  });
});

describe('highlightSegments', () => {
  it('splits text at its ranges and clips ranges beyond the text', () => {
    expect(
      highlightSegments({
        text: 'Golden Cap',
        highlights: [
          { start: 0, end: 6 },
          { start: 8, end: 99 },
        ],
      }),
    ).toEqual([
      { text: 'Golden', marked: true },
      { text: ' C', marked: false },
      { text: 'ap', marked: true },
    ]);
  });
});
