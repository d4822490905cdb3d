import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Event, Timeline, TimelineState } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, requestUrl, signIn } from '../../test/render';
import { TimelineScreen } from './TimelineScreen';
import { buildEvent, buildTimeline } from '../../test/timeline-fixtures';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const MAIN = 'aaaaaaaa-0000-4000-8000-000000000001';
const DOROTHY = 'cccccccc-0000-4000-8000-000000000001';
const WITCH = 'cccccccc-0000-4000-8000-000000000002';
const SHOES = 'dddddddd-0000-4000-8000-000000000001';
const eventId = (i: number) => `eeeeeeee-0000-4000-8000-${String(i).padStart(12, '0')}`;

const timeline: Timeline = buildTimeline({ timelineId: MAIN, worldId: W, name: 'The book', currentDateTime: '1900-06-30T00:00:00.000Z' });
const names = ['The cyclone', 'The house falls', 'The council'];
const events: Event[] = names.map((name, i) =>
  buildEvent({ eventId: eventId(i + 1), worldId: W, timelineId: MAIN, name, dateTime: `1900-05-1${i + 4}T09:00:00.000Z` }),
);

/** The state after the council: the shoes pass from the Witch to Dorothy. */
function councilState(): TimelineState {
  return {
    timelineId: MAIN,
    at: null,
    instant: null,
    formattedDate: null,
    eventCount: 3,
    lastEvent: {
      eventId: eventId(3),
      name: 'The council',
      dateTime: '1900-05-16T09:00:00.000Z',
      instant: null,
      formattedDate: null,
      timelineId: MAIN,
      changes: [
        {
          kind: 'inventory',
          characterId: WITCH,
          characterName: 'Witch of the East',
          itemId: SHOES,
          itemName: 'The Silver Shoes',
          before: { quantity: 2, equipped: true },
          after: null,
        },
        {
          kind: 'inventory',
          characterId: DOROTHY,
          characterName: 'Dorothy',
          itemId: SHOES,
          itemName: 'The Silver Shoes',
          before: null,
          after: { quantity: 2, equipped: false },
        },
      ],
    },
    characters: [
      {
        characterId: DOROTHY,
        name: 'Dorothy',
        attributes: { home: 'Kansas' },
        inventory: [{ itemId: SHOES, name: 'The Silver Shoes', quantity: 2, equipped: false }],
        relationships: [],
      },
      { characterId: WITCH, name: 'Witch of the East', attributes: {}, inventory: [], relationships: [] },
      { characterId: 'cccccccc-0000-4000-8000-000000000003', name: 'Toto', attributes: {}, inventory: [], relationships: [] },
    ],
  };
}
const emptyState = (id: string): TimelineState => ({
  timelineId: MAIN,
  at: null,
  instant: null,
  formattedDate: null,
  eventCount: 1,
  lastEvent: {
    eventId: id,
    name: events.find((e) => e.eventId === id)?.name ?? '',
    dateTime: '1900-05-14T09:00:00.000Z',
    instant: null,
    formattedDate: null,
    timelineId: MAIN,
    changes: [],
  },
  characters: [],
});

/**
 * Answers a state request as the server does: one character with characterId; with search, page or limit, one
 * page of the characters whose name contains search, by name then id, with pagination; otherwise all of them.
 */
function answerState(full: TimelineState, url: URL): TimelineState {
  const q = url.searchParams;
  const characterId = q.get('characterId');
  let characters = characterId ? full.characters.filter((c) => c.characterId === characterId) : full.characters;
  if (!q.has('search') && !q.has('page') && !q.has('limit')) return { ...full, characters };
  const needle = (q.get('search') ?? '').trim().toLowerCase();
  const page = Number(q.get('page') ?? 1);
  const limit = Number(q.get('limit') ?? 20);
  characters = characters
    .filter((c) => c.name.toLowerCase().includes(needle))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.characterId < b.characterId ? -1 : 1));
  return {
    ...full,
    characters: characters.slice((page - 1) * limit, page * limit),
    pagination: {
      currentPage: page,
      totalPages: Math.ceil(characters.length / limit),
      totalItems: characters.length,
      limit,
      nextCursor: null,
    },
  };
}

function serve(issues: unknown[] = []) {
  return mockFetch((url) => {
    if (url.pathname.endsWith('/issues')) return jsonResponse({ timelineId: MAIN, data: issues });
    if (url.pathname.endsWith('/state')) {
      const asked = url.searchParams.get('eventId');
      return jsonResponse(answerState(asked === eventId(3) ? councilState() : emptyState(asked ?? eventId(1)), url));
    }
    if (url.pathname.endsWith('/events')) {
      return jsonResponse({ data: events, pagination: { currentPage: 1, totalPages: 1, totalItems: 3, limit: 500, nextCursor: null } });
    }
    return jsonResponse(timeline);
  });
}
const stateCalls = (fetch: ReturnType<typeof mockFetch>) =>
  fetch.mock.calls.map(([input]) => new URL(requestUrl(input), 'http://localhost')).filter((u) => u.pathname.endsWith('/state'));
/** No call may ask for the whole state: each names one character or a page of at most 200. */
const expectOnlySmallCalls = (fetch: ReturnType<typeof mockFetch>) => {
  for (const call of stateCalls(fetch)) {
    if (call.searchParams.has('characterId')) continue;
    expect(Number(call.searchParams.get('limit')), call.search).toBeGreaterThan(0);
    expect(Number(call.searchParams.get('limit')), call.search).toBeLessThanOrEqual(200);
  }
};

const routes = [{ path: '/worlds/:worldId/timelines/:timelineId', element: <TimelineScreen /> }];

describe('the state at a moment on the timeline screen', () => {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  });
  afterEach(() => vi.restoreAllMocks());

  it("shows an event's changes highlighted, and the characters it touched with the changed holding marked", async () => {
    const user = userEvent.setup();
    signIn();
    const fetch = serve();
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    await user.click(await screen.findByRole('button', { name: 'Show state after The council' }));

    const changes = await screen.findByRole('list', { name: 'Changes of The council' });
    const lines = within(changes).getAllByRole('listitem');
    expect(lines.map((l) => l.textContent)).toEqual([
      'Inventory Witch of the East The Silver Shoes: 2 (equipped) → none',
      'Inventory Dorothy The Silver Shoes: none → 2',
    ]);
    for (const line of lines) expect(line).toHaveClass('lf-changed');
    expect(stateCalls(fetch).at(-1)?.searchParams.get('eventId')).toBe(eventId(3));

    // Only the characters the event touched, each asked for by id, until another choice is made.
    expect(await screen.findByRole('region', { name: 'State of Dorothy' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'State of Witch of the East' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'State of Toto' })).not.toBeInTheDocument();
    expect(stateCalls(fetch).map((u) => u.searchParams.get('characterId'))).toEqual(expect.arrayContaining([DOROTHY, WITCH]));
    const held = within(screen.getByRole('list', { name: 'Inventory of Dorothy' })).getByRole('listitem');
    expect(held).toHaveClass('lf-changed');
    expect(held).toHaveTextContent('The Silver Shoes × 2changed');
    expect(screen.getByRole('button', { name: 'Show state after The council' })).toHaveAttribute('aria-pressed', 'true');

    await user.selectOptions(screen.getByLabelText('Characters shown'), 'All characters (3)');
    expect(await screen.findByRole('region', { name: 'State of Toto' })).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search characters' }), 'tot');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'State of Dorothy' })).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'State of Toto' })).toBeInTheDocument();
    // The search is the server's: the term goes with the page asked for.
    expect(stateCalls(fetch).at(-1)?.searchParams.get('search')).toBe('tot');
    await user.clear(screen.getByRole('searchbox', { name: 'Search characters' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search characters' }), 'nobody');
    expect(await screen.findByText('No character matches.')).toBeInTheDocument();

    // One character from the select: asked for by id.
    await user.selectOptions(screen.getByLabelText('Characters shown'), 'Toto');
    expect(await screen.findByRole('region', { name: 'State of Toto' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'State of Dorothy' })).not.toBeInTheDocument();
    expect(stateCalls(fetch).at(-1)?.searchParams.get('characterId')).toBe('cccccccc-0000-4000-8000-000000000003');
    expectOnlySmallCalls(fetch);
  });

  it("lists a large world's characters 20 at a time and offers the first 200 in the select", { timeout: 20_000 }, async () => {
    const user = userEvent.setup();
    signIn();
    const many: TimelineState = {
      ...councilState(),
      characters: Array.from({ length: 250 }, (_, i) => ({
        characterId: `cccccccc-0000-4000-8000-${String(i + 10).padStart(12, '0')}`,
        name: `Munchkin ${i + 1}`,
        attributes: {},
        inventory: [],
        relationships: [],
      })),
    };
    const fetch = mockFetch((url) => {
      if (url.pathname.endsWith('/issues')) return jsonResponse({ timelineId: MAIN, data: [] });
      if (url.pathname.endsWith('/state')) return jsonResponse(answerState(many, url));
      if (url.pathname.endsWith('/events')) {
        return jsonResponse({ data: events, pagination: { currentPage: 1, totalPages: 1, totalItems: 3, limit: 500, nextCursor: null } });
      }
      return jsonResponse(timeline);
    });
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    const select = await screen.findByLabelText('Characters shown');
    // The two views, the first 200 characters by name, and a disabled line pointing to the search for the other 50.
    expect(within(select).getAllByRole('option')).toHaveLength(203);
    expect(
      within(select)
        .getAllByRole('option')
        .slice(2, 5)
        .map((o) => o.textContent),
    ).toEqual(['Munchkin 1', 'Munchkin 10', 'Munchkin 100']);
    expect(within(select).getByRole('option', { name: '50 more: choose All characters and search' })).toBeDisabled();

    await user.selectOptions(select, 'All characters (250)');
    expect(await screen.findAllByRole('region', { name: /^State of Munchkin/ })).toHaveLength(20);
    await user.click(screen.getByRole('button', { name: 'Show 20 more (230 not shown)' }));
    await waitFor(() => expect(screen.getAllByRole('region', { name: /^State of Munchkin/ })).toHaveLength(40));
    expect(screen.getByRole('button', { name: 'Show 20 more (210 not shown)' })).toBeInTheDocument();
    // "Show more" asked for the next page, not for everything.
    expect(stateCalls(fetch).at(-1)?.search).toContain('page=2');
    expect(stateCalls(fetch).at(-1)?.searchParams.get('limit')).toBe('20');
    await user.type(screen.getByRole('searchbox', { name: 'Search characters' }), 'Munchkin 250');
    await waitFor(() =>
      expect(screen.getAllByRole('region', { name: /^State of Munchkin/ }).map((r) => r.getAttribute('aria-label'))).toEqual([
        'State of Munchkin 250',
      ]),
    );
    expect(screen.queryByRole('button', { name: /more/ })).toBeNull();
    expectOnlySmallCalls(fetch);
  });

  it('picks the event under the scrubber and names it', async () => {
    signIn();
    const fetch = serve();
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    const slider = await screen.findByRole('slider', { name: 'Time scrubber' });
    expect(slider).toHaveAttribute('max', '2');

    fireEvent.change(slider, { target: { value: '1' } });
    expect(await screen.findByText(/Event 2 of 3/)).toHaveTextContent('The house falls');
    expect(screen.getByRole('button', { name: 'Show state after The house falls' })).toHaveAttribute('aria-pressed', 'true');
    // The state panel, which mounts once the events are on screen, asks for the state after the event chosen.
    await waitFor(() => expect(stateCalls(fetch).map((u) => u.searchParams.get('eventId'))).toContain(eventId(2)));

    fireEvent.change(slider, { target: { value: '2' } });
    expect(await screen.findByRole('list', { name: 'Changes of The council' })).toBeInTheDocument();
    expect(stateCalls(fetch).at(-1)?.searchParams.get('eventId')).toBe(eventId(3));
  });

  it('lists consistency issues, and each one goes to its event', async () => {
    const user = userEvent.setup();
    signIn();
    serve([
      {
        kind: 'quantityBelowZero',
        message: 'Dorothy would lose 2 of The Silver Shoes but holds 0.',
        eventId: eventId(3),
        eventName: 'The council',
        dateTime: '1900-05-16T09:00:00.000Z',
        timelineId: MAIN,
        location: 'inventoryChanges.changes[1]',
        characterId: DOROTHY,
      },
    ]);
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    const issues = await screen.findByRole('region', { name: 'Consistency issues' });
    expect(issues).toHaveTextContent('1 consistency issue');
    expect(issues).toHaveTextContent('Dorothy would lose 2 of The Silver Shoes but holds 0.');
    await user.click(within(issues).getByRole('button', { name: /Go to The council/ }));
    expect(await screen.findByRole('list', { name: 'Changes of The council' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show state after The council' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('lists a long run of issues 20 at a time, so a badly broken timeline stays responsive', async () => {
    const user = userEvent.setup();
    signIn();
    serve(
      Array.from({ length: 75 }, (_, i) => ({
        kind: 'missingCharacter',
        message: `Problem number ${i + 1}.`,
        eventId: eventId(3),
        eventName: 'The council',
        dateTime: '1900-05-16T09:00:00.000Z',
        timelineId: MAIN,
        location: null,
        characterId: null,
      })),
    );
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    const issues = await screen.findByRole('region', { name: 'Consistency issues' });
    expect(issues).toHaveTextContent('75 consistency issues');
    expect(within(issues).getAllByRole('listitem')).toHaveLength(20);
    await user.click(within(issues).getByRole('button', { name: 'Show 50 more (55 not shown)' }));
    expect(within(issues).getAllByRole('listitem')).toHaveLength(70);
    await user.click(within(issues).getByRole('button', { name: 'Show 5 more (5 not shown)' }));
    expect(within(issues).getAllByRole('listitem')).toHaveLength(75);
    expect(within(issues).queryByRole('button', { name: /more/ })).toBeNull();
  });
});
