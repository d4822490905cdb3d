import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Event, Timeline } from '@loreforge/contract';
import { defined, jsonResponse, mockFetch, renderRoutes, requestUrl, signIn } from '../../test/render';
import { TimelineScreen, eventAtNow, eventAtNowInPages } from './TimelineScreen';
import { buildEvent as eventFixture, buildTimeline as timelineFixture } from '../../test/timeline-fixtures';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const MAIN = 'aaaaaaaa-0000-4000-8000-000000000001';
const BRANCH = 'bbbbbbbb-0000-4000-8000-000000000002';

const buildTimeline = (overrides: Partial<Timeline> = {}): Timeline => timelineFixture({ timelineId: MAIN, worldId: W, ...overrides });

function buildEvent(index: number, overrides: Partial<Event> = {}): Event {
  return eventFixture({
    eventId: `eeeeeeee-0000-4000-8000-${String(index).padStart(12, '0')}`,
    worldId: W,
    timelineId: MAIN,
    name: `Event ${index}`,
    description: `What happened ${index}`,
    dateTime: `2025-03-${String(10 + index).padStart(2, '0')}T00:00:00.000Z`,
    ...overrides,
  });
}

const page = (data: Event[], totalItems = data.length) => ({
  data,
  pagination: { currentPage: 1, totalPages: totalItems ? 1 : 0, totalItems, limit: 500, nextCursor: null },
});

type Handler = Parameters<typeof mockFetch>[0];
const ENGINE_PATH = /\/(state|issues|diff)$/;

/** Answers the engine's routes (no issues, an empty state) and the connections (none), and passes everything else to `handler`. */
function withEngine(handler: Handler): Handler {
  return (url, init) => {
    const timelineId = url.pathname.split('/')[5] ?? '';
    if (url.pathname.endsWith('/issues')) return jsonResponse({ timelineId, data: [] });
    if (url.pathname.endsWith('/state')) return jsonResponse({ timelineId, at: null, eventCount: 0, lastEvent: null, characters: [] });
    if (url.pathname.endsWith('/connections')) return jsonResponse(page([]));
    if (url.pathname.endsWith('/diff'))
      return jsonResponse({ timelineId, againstTimelineId: '', at: '2025-03-14T09:30:00.000Z', differences: [] });
    return handler(url, init);
  };
}

const routes = [{ path: '/worlds/:worldId/timelines/:timelineId', element: <TimelineScreen /> }];

describe('TimelineScreen (SPEC §2 "Timeline screen")', () => {
  beforeEach(() => {
    // jsdom has no layout: give the scrolling region a height so the virtualiser renders rows.
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  });
  afterEach(() => vi.restoreAllMocks());

  it('places events alternately left and right of the line, in story order, with descriptions cut at 50', async () => {
    signIn();
    const long = 'A'.repeat(80);
    mockFetch(
      withEngine((url) =>
        url.pathname.endsWith('/events')
          ? jsonResponse(page([buildEvent(1, { description: long }), buildEvent(2), buildEvent(3)]))
          : jsonResponse(buildTimeline()),
      ),
    );
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.getAttribute('data-side'))).toEqual(['left', 'right', 'left']);
    expect(within(defined(rows[0], 'first row')).getByRole('heading')).toHaveTextContent('Event 1');
    expect(within(defined(rows[1], 'second row')).getByRole('heading')).toHaveTextContent('Event 2');
    expect(within(defined(rows[0], 'first row')).getByText(`${'A'.repeat(49)}…`)).toBeInTheDocument();
  });

  it('renders only the rows in view for 10,000 events', async () => {
    signIn();
    const many = Array.from({ length: 500 }, (_, i) => buildEvent(i));
    mockFetch(withEngine((url) => (url.pathname.endsWith('/events') ? jsonResponse(page(many, 10_000)) : jsonResponse(buildTimeline()))));
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    const rows = await screen.findAllByRole('listitem');
    expect(rows.length).toBeLessThan(30);
    expect(rows[0]).toHaveAttribute('aria-setsize', '10000');
  });

  it('draws blank cards while the reader flings past a screen a frame, and the events once the scroll slows or stops', async () => {
    signIn();
    const many = Array.from({ length: 500 }, (_, i) => buildEvent(i));
    mockFetch(withEngine((url) => (url.pathname.endsWith('/events') ? jsonResponse(page(many, 10_000)) : jsonResponse(buildTimeline()))));
    let scrollY = 0;
    vi.spyOn(window, 'scrollY', 'get').mockImplementation(() => scrollY);
    const scrollTo = (y: number) =>
      act(() => {
        scrollY = y;
        window.dispatchEvent(new window.Event('scroll'));
      });
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    await screen.findByRole('heading', { name: 'Event 0' });
    const cards = () => within(screen.getByRole('list', { name: /events in story order/ })).queryAllByRole('heading');

    // Less than a screen: the rows now in view are whole cards at once.
    scrollTo(300);
    expect(cards().length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: 'Event 5' })).toBeInTheDocument();

    // Twenty screens in one frame: every row in view is blank, named by its event.
    scrollTo(20_000);
    expect(cards()).toEqual([]);
    expect(screen.getByLabelText('Event 190')).toHaveClass('lf-timeline-placeholder');

    // The scroll stops: the cards come back.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Event 190' })).toBeInTheDocument());
    expect(document.querySelector('.lf-timeline-placeholder')).toBeNull();
  });

  it('opens a branch on demand, goes back to the parent, and reopens the branch from the cache', async () => {
    const user = userEvent.setup();
    signIn();
    const fetch = mockFetch(
      withEngine((url) => {
        if (url.pathname.endsWith(`/timelines/${BRANCH}/events`))
          return jsonResponse(page([buildEvent(7, { name: 'Road not taken', timelineId: BRANCH })]));
        if (url.pathname.endsWith(`/timelines/${BRANCH}`))
          return jsonResponse(buildTimeline({ timelineId: BRANCH, name: 'The Other Path', parentTimelineId: MAIN }));
        if (url.pathname.endsWith('/events')) {
          return jsonResponse(page([buildEvent(1), buildEvent(2, { name: 'The Fork', isBranchingEvent: true, childTimelineId: BRANCH })]));
        }
        return jsonResponse(buildTimeline());
      }),
    );
    // Only the branch's own reads count: not the engine's, its tags', the "Mentioned in" backlinks, its connections nor the reader's notes.
    const branchCalls = () =>
      fetch.mock.calls.filter(
        ([input]) =>
          requestUrl(input).includes(BRANCH) &&
          !ENGINE_PATH.test(requestUrl(input).split('?')[0] ?? '') &&
          !requestUrl(input).includes('/tags/') &&
          !requestUrl(input).includes('/backlinks') &&
          !requestUrl(input).includes('/notes') &&
          !requestUrl(input).includes('/connections'),
      ).length;
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);

    await screen.findByRole('heading', { name: 'Age of Embers' });
    expect(screen.queryByRole('button', { name: 'Back to Parent Timeline' })).not.toBeInTheDocument();
    expect(branchCalls()).toBe(0);

    await user.click(await screen.findByRole('button', { name: 'Open branch at The Fork' }));
    expect(await screen.findByRole('heading', { name: 'The Other Path' })).toBeInTheDocument();
    expect(await screen.findByText('Road not taken')).toBeInTheDocument();
    const callsAfterOpen = branchCalls();
    expect(callsAfterOpen).toBe(2);

    await user.click(screen.getByRole('button', { name: /Back to Parent Timeline/ }));
    expect(await screen.findByRole('heading', { name: 'Age of Embers' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Back to Parent Timeline/ })).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: 'Open branch at The Fork' }));
    expect(await screen.findByText('Road not taken')).toBeInTheDocument();
    expect(branchCalls()).toBe(callsAfterOpen);
  }, 20_000);

  it("says 'This timeline has no events yet.' for an empty timeline", async () => {
    signIn();
    mockFetch(withEngine((url) => (url.pathname.endsWith('/events') ? jsonResponse(page([])) : jsonResponse(buildTimeline()))));
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    expect(await screen.findByText('This timeline has no events yet.')).toBeInTheDocument();
  });

  it("says 'Timeline details not found.' for a missing timeline and 'Failed to fetch timeline data.' for a bare failure", async () => {
    signIn();
    mockFetch(() => jsonResponse({ message: 'Timeline not found.', code: 'NOT_FOUND' }, 404));
    const first = renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    expect(await screen.findByText('Timeline details not found.')).toBeInTheDocument();
    first.unmount();

    mockFetch(() => new Response('', { status: 502 }));
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    expect(await screen.findByText('Failed to fetch timeline data.')).toBeInTheDocument();
  });

  it("gives an opened branch its own address, so the browser's Back returns to the parent and a reload keeps the branch", async () => {
    const user = userEvent.setup();
    signIn();
    mockFetch(
      withEngine((url) => {
        if (url.pathname.endsWith(`/timelines/${BRANCH}/events`))
          return jsonResponse(page([buildEvent(7, { name: 'Road not taken', timelineId: BRANCH })]));
        if (url.pathname.endsWith(`/timelines/${BRANCH}`))
          return jsonResponse(buildTimeline({ timelineId: BRANCH, name: 'The Other Path', parentTimelineId: MAIN }));
        if (url.pathname.endsWith('/events')) {
          return jsonResponse(page([buildEvent(1), buildEvent(2, { name: 'The Fork', isBranchingEvent: true, childTimelineId: BRANCH })]));
        }
        return jsonResponse(buildTimeline());
      }),
    );
    const { router, unmount } = renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    await user.click(await screen.findByRole('button', { name: 'Open branch at The Fork' }));
    expect(await screen.findByRole('heading', { name: 'The Other Path' }, { timeout: 4000 })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?branch=${BRANCH}`);

    await router.navigate(-1);
    expect(await screen.findByRole('heading', { name: 'Age of Embers' }, { timeout: 4000 })).toBeInTheDocument();
    await router.navigate(1);
    expect(await screen.findByRole('heading', { name: 'The Other Path' }, { timeout: 4000 })).toBeInTheDocument();
    unmount();

    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}?branch=${BRANCH}`);
    expect(await screen.findByRole('heading', { name: 'The Other Path' }, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Back to Parent Timeline/ })).toBeInTheDocument();
  }, 20_000);

  it("opens at the timeline's now: the scrubber, the marked card and the state panel show the same event", async () => {
    signIn();
    const stateAsked: Array<string | null> = [];
    // "Now" is 2025-03-14T09:30: events 1–4 (03-11 … 03-14 00:00) have happened, event 5 (03-15) has not.
    const events = [1, 2, 3, 4, 5].map((n) => buildEvent(n));
    mockFetch((url, init) => {
      if (url.pathname.endsWith('/state')) {
        stateAsked.push(url.searchParams.get('eventId'));
        // The state at the now (no eventId) is the state just after event 4.
        const chosen = events.find((e) => e.eventId === (url.searchParams.get('eventId') ?? events[3]?.eventId));
        const lastEvent = chosen
          ? { eventId: chosen.eventId, name: chosen.name, dateTime: chosen.dateTime, timelineId: MAIN, changes: [] }
          : null;
        return jsonResponse({ timelineId: MAIN, at: null, eventCount: chosen ? 4 : 0, lastEvent, characters: [] });
      }
      return withEngine((u) => (u.pathname.endsWith('/events') ? jsonResponse(page(events)) : jsonResponse(buildTimeline())))(url, init);
    });
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    const scrubber = await screen.findByRole('slider', { name: 'Time scrubber' });
    expect(scrubber).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Event 4, /));
    expect(screen.getByText(/^Event 4 of 5:/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show state after Event 4' })).toHaveAttribute('aria-pressed', 'true');
    const panel = await screen.findByRole('complementary', { name: 'State at this moment' });
    expect(await within(panel).findByRole('heading', { name: 'State after' })).toBeInTheDocument();
    expect(within(panel).getByText('Event 4')).toBeInTheDocument();
    // The panel asks for the state at the now, which the server knows whichever events are loaded.
    expect(stateAsked.length).toBeGreaterThan(0);
    expect(stateAsked.every((id) => id === null)).toBe(true);
  });

  it("dates the scrubber's event in the timeline's own calendar", async () => {
    signIn();
    // A timeline on a world calendar: its events have no ISO date, only an instant and the calendar's words.
    const events = [1, 2].map((n) => buildEvent(n, { dateTime: null, instant: String(n * 1000), formattedDate: `${n} Hammer, 1492 DR` }));
    mockFetch(
      withEngine((url) =>
        url.pathname.endsWith('/events')
          ? jsonResponse(page(events))
          : jsonResponse(buildTimeline({ currentDateTime: null, currentInstant: '1500' })),
      ),
    );
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    const scrubber = await screen.findByRole('slider', { name: 'Time scrubber' });
    expect(scrubber).toHaveAttribute('aria-valuetext', 'Event 1, 1 Hammer, 1492 DR');
    expect(screen.getByText(/^Event 1 of 2:/)).toHaveTextContent('Event 1 of 2: Event 1 · 1 Hammer, 1492 DR');
  });

  it('opens at a now further down than the first page: the panels show its event, and stay on it as pages arrive', async () => {
    signIn();
    // Forty events an hour apart, all before the now: the first page holds two, the second (held back) the rest.
    const events = Array.from({ length: 40 }, (_, i) => buildEvent(i + 1, { dateTime: new Date(Date.UTC(2025, 2, 1, i)).toISOString() }));
    const last = defined(events.at(-1));
    const waiting: Array<() => void> = [];
    const secondPage = new Promise<void>((resolve) => waiting.push(resolve));
    const stateAsked: Array<string | null> = [];
    const eventsAsked: string[] = [];
    mockFetch((url, init) => {
      if (url.pathname.endsWith('/state')) {
        stateAsked.push(url.searchParams.get('eventId'));
        const lastEvent = { eventId: last.eventId, name: last.name, dateTime: last.dateTime, timelineId: MAIN, changes: [] };
        return jsonResponse({ timelineId: MAIN, at: null, eventCount: 40, lastEvent, characters: [] });
      }
      return withEngine(async (u) => {
        if (u.pathname.endsWith(`/events/${last.eventId}`)) {
          eventsAsked.push(u.pathname);
          return jsonResponse(last);
        }
        if (!u.pathname.endsWith('/events')) return jsonResponse(buildTimeline());
        const number = Number(u.searchParams.get('page') ?? 1);
        if (number === 2) await secondPage;
        const data = number === 1 ? events.slice(0, 2) : events.slice(2);
        return jsonResponse({ data, pagination: { currentPage: number, totalPages: 2, totalItems: 40, limit: 2, nextCursor: null } });
      })(url, init);
    });
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);

    // The scrubber names the now's event though its page is not loaded, and no loaded card is marked as the now.
    const scrubber = await screen.findByRole('slider', { name: 'Time scrubber' });
    await waitFor(() => expect(scrubber).toHaveAttribute('aria-valuetext', expect.stringMatching(/^Event 40, /)));
    expect(screen.getByText(/after the 2 events loaded so far/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show state after Event 2' })).toHaveAttribute('aria-pressed', 'false');
    // The event panel shows it in full, asked for on its own; the state panel says what it is the state after.
    expect(await screen.findByRole('region', { name: 'Event 40' })).toBeInTheDocument();
    expect(eventsAsked).toEqual([`/api/worlds/${W}/events/${last.eventId}`]);
    const panel = screen.getByRole('complementary', { name: 'State at this moment' });
    expect(await within(panel).findByText('Event 40')).toBeInTheDocument();

    // When its page arrives, its card is marked, and the panels stay on the same event: no state is asked for another moment.
    for (const release of waiting) release();
    expect(await screen.findByText(/^Event 40 of 40:/, undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Event 40' })).toBeInTheDocument();
    expect(stateAsked.every((id) => id === null)).toBe(true);
  });

  it('follows the now into the next page of events without moving the page, and brings a chosen event into view', async () => {
    signIn();
    // Thirty events an hour apart, all before the timeline's now: the first page holds two, the second the rest.
    const events = Array.from({ length: 30 }, (_, i) => buildEvent(i + 1, { dateTime: new Date(Date.UTC(2025, 2, 1, i)).toISOString() }));
    const pages = [events.slice(0, 2), events.slice(2)];
    mockFetch(
      withEngine((url) => {
        if (!url.pathname.endsWith('/events')) return jsonResponse(buildTimeline());
        const number = Number(url.searchParams.get('page') ?? 1);
        const data = pages[number - 1] ?? [];
        return jsonResponse({ data, pagination: { currentPage: number, totalPages: 2, totalItems: 30, limit: 2, nextCursor: null } });
      }),
    );
    // jsdom lays nothing out: give the page room to scroll, and record where it is asked to scroll.
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(10_000);
    const scrolledTo: number[] = [];
    vi.spyOn(window, 'scrollTo').mockImplementation((options?: ScrollToOptions | number) => {
      if (typeof options === 'object') scrolledTo.push(options.top ?? 0);
    });
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    // The second page arrives on its own (the first is nearly all read) and the now moves on to its last event …
    expect(await screen.findByText(/^Event 30 of 30:/, undefined, { timeout: 4000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show state after Event 2' })).toHaveAttribute('aria-pressed', 'false');
    // … without the page being scrolled away from its top, where the reader is.
    expect(scrolledTo.filter((top) => top > 0)).toEqual([]);

    // A choice on the scrubber far below is brought into view.
    fireEvent.change(screen.getByRole('slider', { name: 'Time scrubber' }), { target: { value: '25' } });
    expect(await screen.findByText(/^Event 26 of 30:/)).toBeInTheDocument();
    await waitFor(() => expect(scrolledTo.filter((top) => top > 0)).not.toEqual([]));
  });

  it('shows the chosen event in full with what mentions it ("Mentioned in"), following the choice', async () => {
    const user = userEvent.setup();
    signIn();
    const events = [1, 2].map((n) => buildEvent(n, { description: `${'Long story '.repeat(8)}${n}` }));
    const backlinksAsked: string[] = [];
    mockFetch(
      withEngine((url) => {
        if (url.pathname.endsWith('/backlinks')) {
          backlinksAsked.push(url.pathname);
          const mentioned = url.pathname.includes(events[1]?.eventId ?? '-');
          return jsonResponse({ data: mentioned ? [{ type: 'character', id: 'c1', parentId: null, name: 'Dorothy' }] : [] });
        }
        if (url.pathname.includes('/tags/')) return jsonResponse({ entityType: 'event', entityId: 'x', tags: [] });
        return url.pathname.endsWith('/events')
          ? jsonResponse(page(events))
          : jsonResponse(buildTimeline({ currentDateTime: '2025-03-11T09:00:00.000Z' }));
      }),
    );
    renderRoutes(routes, `/worlds/${W}/timelines/${MAIN}`);
    const first = await screen.findByRole('region', { name: 'Event 1' });
    expect(within(first).getByText(`${'Long story '.repeat(8)}1`)).toBeInTheDocument();
    expect(await within(first).findByText('Nothing mentions this yet.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show state after Event 2' }));
    const second = await screen.findByRole('region', { name: 'Event 2' });
    const mentionedIn = within(second).getByRole('region', { name: 'Mentioned in' });
    expect(await within(mentionedIn).findByRole('link', { name: 'Dorothy' })).toHaveAttribute('href', `/worlds/${W}/characters/c1`);
    expect(backlinksAsked).toContain(`/api/worlds/${W}/events/${events[1]?.eventId}/backlinks`);
  });
});

describe("the timeline's now over pages of events", () => {
  // Events 1–6 on 2025-03-11 … 03-16, in three pages of two.
  const events = [1, 2, 3, 4, 5, 6].map((n) => buildEvent(n));
  const pages = [events.slice(0, 2), events.slice(2, 4), events.slice(4)];

  it('finds the same event as on the events put end to end, wherever the now falls, and again when the now changes', () => {
    const nows = [
      '2025-03-01T00:00:00.000Z', // before every event
      '2025-03-12T12:00:00.000Z', // at a page's end
      '2025-03-13T00:00:00.000Z', // on a page's first event
      '2025-03-14T09:30:00.000Z', // inside a page
      '2025-04-01T00:00:00.000Z', // after every event
    ];
    // The same pages asked again with each now in turn, as when a timeline's now is edited.
    for (const now of [...nows, ...[...nows].reverse()]) {
      expect(eventAtNowInPages(pages, now).eventId).toBe(eventAtNow(events, now));
    }
    expect(eventAtNowInPages(pages, '2025-03-14T09:30:00.000Z')).toEqual({ eventId: events[3]?.eventId, settled: true });
    expect(eventAtNowInPages(pages, '2025-03-01T00:00:00.000Z')).toEqual({ eventId: undefined, settled: true });
  });

  it('takes the now into a page that arrives later', () => {
    const now = '2025-04-01T00:00:00.000Z';
    // Every loaded event is before the now: the pages do not settle it, the now's event may be further down.
    expect(eventAtNowInPages(pages.slice(0, 1), now)).toEqual({ eventId: events[1]?.eventId, settled: false });
    expect(eventAtNowInPages(pages, now)).toEqual({ eventId: events[5]?.eventId, settled: false });
    expect(eventAtNowInPages(pages.slice(0, 2), '2025-03-13T12:00:00.000Z')).toEqual({ eventId: events[2]?.eventId, settled: true });
  });
});
