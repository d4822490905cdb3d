import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { WorldGraph } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { GraphScreen } from './GraphScreen';

/** What the drawing library was given: the jsdom has no canvas, so the library is replaced by a recorder. */
const drawn = vi.hoisted(() => ({
  ids: [] as string[],
  tap: undefined as undefined | ((event: { target: { id: () => string } }) => void),
}));
vi.mock('cytoscape', () => {
  const collection = { remove: () => undefined };
  const instance = {
    on: (_event: string, _selector: string, handler: (event: { target: { id: () => string } }) => void) => {
      drawn.tap = handler;
    },
    batch: (run: () => void) => run(),
    elements: () => collection,
    edges: () => collection,
    add: (elements: Array<{ data: { id: string } }>) => {
      drawn.ids = elements.map((element) => element.data.id);
    },
    layout: () => ({ run: () => undefined }),
    fit: () => undefined,
    destroy: () => undefined,
  };
  return { default: () => instance };
});

const WORLD = '33333333-3333-4333-8333-333333333333';
const GRAPH: WorldGraph = {
  nodes: [
    { id: 'dorothy', type: 'character', name: 'Dorothy' },
    { id: 'em', type: 'character', name: 'Aunt Em' },
    { id: 'scarecrow', type: 'character', name: 'Scarecrow' },
    { id: 'shoes', type: 'item', name: 'Silver Shoes' },
  ],
  edges: [
    { id: 'r1', kind: 'relationship', source: 'dorothy', target: 'em', label: 'Child of', affinity: 90 },
    { id: 'r2', kind: 'relationship', source: 'dorothy', target: 'scarecrow', label: 'friend', affinity: 70 },
    { id: 'h1', kind: 'holds', source: 'dorothy', target: 'shoes', label: 'holds', affinity: null },
  ],
  truncated: false,
};

function renderGraph() {
  signIn();
  mockFetch((url) => {
    if (url.pathname.endsWith('/graph')) return jsonResponse(GRAPH);
    return jsonResponse({ data: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, limit: 1000, nextCursor: null } });
  });
  return renderRoutes([{ path: '/worlds/:worldId/*', element: <GraphScreen /> }], `/worlds/${WORLD}/graph`);
}

describe('the graph screen', () => {
  it("draws the world's entities and links, hides a type when unticked, and opens a node on click", async () => {
    const { router } = renderGraph();
    expect(await screen.findByText(/4 entities, 2 links/)).toBeInTheDocument();
    await waitFor(() => expect(drawn.ids).toEqual(['dorothy', 'em', 'scarecrow', 'shoes', 'relationship:r1', 'relationship:r2']));
    fireEvent.click(screen.getByLabelText('Holdings'));
    expect(await screen.findByText(/4 entities, 3 links/)).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Items'));
    expect(await screen.findByText(/3 entities, 2 links/)).toBeInTheDocument();
    drawn.tap?.({ target: { id: () => 'scarecrow' } });
    expect(router.state.location.pathname).toBe(`/worlds/${WORLD}/characters/scarecrow`);
  });

  it('focuses on a character and shows their family tree by generations', async () => {
    renderGraph();
    fireEvent.change(await screen.findByLabelText('Focus on'), { target: { value: 'em' } });
    expect(await screen.findByText(/2 entities, 1 link\./)).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('Family tree'));
    expect(screen.getByRole('heading', { name: 'Their generation' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 generation down' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dorothy' })).toHaveAttribute('href', `/worlds/${WORLD}/characters/dorothy`);
    expect(screen.queryByRole('link', { name: 'Scarecrow' })).toBeNull();
  });

  it('asks for the relationships as they stand at the event the scrubber picks on a chosen timeline', async () => {
    signIn();
    const TIMELINE = '44444444-4444-4444-8444-444444444444';
    const page = (data: unknown[]) =>
      jsonResponse({ data, pagination: { currentPage: 1, totalPages: 1, totalItems: data.length, limit: 1000, nextCursor: null } });
    const events = [
      { eventId: 'e1', name: 'The cornfield', dateTime: '1900-05-01T12:00:00.000Z', timelineId: TIMELINE },
      { eventId: 'e2', name: 'The yellow brick road', dateTime: '1900-05-03T12:00:00.000Z', timelineId: TIMELINE },
    ];
    const asked: string[] = [];
    mockFetch((url) => {
      if (url.pathname.endsWith('/graph')) {
        asked.push(url.search);
        // Before the road the Scarecrow is a stranger: no relationship yet.
        const edges = url.searchParams.get('eventId') === 'e1' ? GRAPH.edges.filter((edge) => edge.id !== 'r2') : GRAPH.edges;
        return jsonResponse({ ...GRAPH, edges });
      }
      if (url.pathname.endsWith(`/timelines/${TIMELINE}/events`)) return page(events);
      if (url.pathname.endsWith('/timelines')) return page([{ timelineId: TIMELINE, name: 'The book' }]);
      return page([]);
    });
    renderRoutes([{ path: '/worlds/:worldId/*', element: <GraphScreen /> }], `/worlds/${WORLD}/graph`);
    expect(await screen.findByText(/4 entities, 2 links/)).toBeInTheDocument();
    await screen.findByRole('option', { name: 'On The book' });
    fireEvent.change(screen.getByLabelText('Focus on'), { target: { value: 'dorothy' } });
    fireEvent.change(screen.getByLabelText('Timeline'), { target: { value: TIMELINE } });
    expect(await screen.findByText(/2 entities, 1 link\./)).toBeInTheDocument();
    expect(asked.at(-1)).toBe(`?timelineId=${TIMELINE}&eventId=e1`);
    const rows = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent);
    expect(rows()).toEqual(['DorothyChild ofAunt Em90']);
    fireEvent.change(await screen.findByLabelText('Time scrubber'), { target: { value: '1' } });
    expect(await screen.findByText(/3 entities, 2 links/)).toBeInTheDocument();
    expect(asked.at(-1)).toBe(`?timelineId=${TIMELINE}&eventId=e2`);
    expect(rows()).toEqual(['DorothyChild ofAunt Em90', 'DorothyFriendScarecrow70']);
    expect(screen.getByRole('link', { name: 'Family tree of Dorothy' })).toHaveAttribute(
      'href',
      `/worlds/${WORLD}/characters/dorothy/family`,
    );
  });
});
