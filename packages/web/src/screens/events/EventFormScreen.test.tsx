import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Event, calendarPreset } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../test/render';
import { EventFormScreen } from './EventFormScreen';
import { buildEvent, buildTimeline } from '../../test/timeline-fixtures';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const T = 'aaaaaaaa-0000-4000-8000-000000000001';
const E = 'eeeeeeee-0000-4000-8000-000000000001';

const event: Event = buildEvent({
  eventId: E,
  worldId: W,
  timelineId: T,
  name: 'The Fall',
  dateTime: '2025-03-14T09:30:00.000Z',
  characterAttributeChanges: { version: 1, changes: [] },
});
const timelines = {
  data: [buildTimeline({ timelineId: T, worldId: W, currentDateTime: '2025-01-01T00:00:00.000Z' })],
  pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 1000, nextCursor: null },
};

function serve(onSave?: (body: unknown) => Response) {
  return mockFetch((url, init) => {
    if (init.method === 'PUT' || init.method === 'POST') return onSave ? onSave(sentJson(init)) : jsonResponse(event);
    if (url.pathname.endsWith('/timelines')) return jsonResponse(timelines);
    return jsonResponse(event);
  });
}

const routes = [
  { path: '/worlds/:worldId/events/:id/edit', element: <EventFormScreen /> },
  { path: '/worlds/:worldId/events/create', element: <EventFormScreen /> },
  { path: '/worlds/:worldId/events', element: <p>Events list</p> },
];

describe('EventFormScreen (SPEC §5 Event)', () => {
  it('strips the trailing Z of a loaded date for the date input and shows changes as JSON', async () => {
    signIn();
    serve();
    renderRoutes(routes, `/worlds/${W}/events/${E}/edit`);
    expect(await screen.findByLabelText(/Date\/Time/)).toHaveValue('2025-03-14T09:30');
    expect(screen.getByLabelText('Character Attribute Changes')).toHaveValue('{\n  "version": 1,\n  "changes": []\n}');
    expect(screen.getByLabelText('Timeline')).toHaveValue(T);
  });

  it("rejects invalid JSON with 'Invalid JSON in {label}. Please correct it.' and sends nothing", async () => {
    const user = userEvent.setup();
    signIn();
    const fetch = serve();
    renderRoutes(routes, `/worlds/${W}/events/${E}/edit`);
    const field = await screen.findByLabelText('Inventory Changes');
    await user.type(field, '{{ not json');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Invalid JSON in Inventory Changes. Please correct it.')).toBeInTheDocument();
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('sends empty change fields as null and the date in UTC', async () => {
    const user = userEvent.setup();
    signIn();
    let sent: unknown;
    serve((body) => {
      sent = body;
      return jsonResponse(event);
    });
    renderRoutes(routes, `/worlds/${W}/events/${E}/edit`);
    await user.clear(await screen.findByLabelText('Character Attribute Changes'));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Events list')).toBeInTheDocument();
    expect(sent).toMatchObject({
      name: 'The Fall',
      dateTime: '2025-03-14T09:30:00.000Z',
      characterAttributeChanges: null,
      inventoryChanges: null,
      timelineId: T,
    });
  });

  it("shows 'Failed to save event. Please check your input and try again.' when a save fails without a message", async () => {
    const user = userEvent.setup();
    signIn();
    serve(() => new Response('', { status: 500 }));
    renderRoutes(routes, `/worlds/${W}/events/${E}/edit`);
    await user.click(await screen.findByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Failed to save event. Please check your input and try again.')).toBeInTheDocument();
  });

  it("dates an event on a timeline with its own calendar in that calendar's months and days, and sends calendarDate", async () => {
    const user = userEvent.setup();
    signIn();
    const C = 'cccccccc-0000-4000-8000-000000000001';
    const harptos = {
      ...calendarPreset('harptos').definition,
      calendarId: C,
      worldId: W,
      name: 'Calendar of Harptos',
      description: null,
      createdBy: null,
      updatedBy: null,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
    };
    const realms = { ...timelines.data[0], calendarId: C, currentDateTime: null };
    let sent: unknown;
    mockFetch((url, init) => {
      if (init.method === 'POST') {
        sent = sentJson(init);
        return jsonResponse(event, 201);
      }
      if (url.pathname.endsWith('/timelines')) return jsonResponse({ ...timelines, data: [realms] });
      if (url.pathname.endsWith(`/calendars/${C}`)) return jsonResponse(harptos);
      return jsonResponse({ message: 'Not found' }, 404);
    });
    renderRoutes(routes, `/worlds/${W}/events/create?timelineId=${T}`);
    await user.type(await screen.findByLabelText(/^Name/), 'Shieldmeet feast');
    const year = await screen.findByLabelText('Year');
    await user.clear(year);
    await user.type(year, '1491');
    await user.selectOptions(screen.getByLabelText('Month'), 'Shieldmeet (festival)');
    // 1491 is a common year: Shieldmeet has no day then, and the form says so before anything is sent.
    expect(await screen.findByText('Shieldmeet has days only in leap years; 1491 Dalereckoning is a common year.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(sent).toBeUndefined();
    await user.clear(year);
    await user.type(year, '1492');
    expect(await screen.findByText('Reads: Shieldmeet, 1492 DR')).toBeInTheDocument();
    expect(screen.queryByLabelText(/Date\/Time/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create event' }));
    expect(await screen.findByText('Events list')).toBeInTheDocument();
    expect(sent).toMatchObject({
      name: 'Shieldmeet feast',
      timelineId: T,
      calendarDate: { year: 1492, month: 11, day: 1, era: 'Dalereckoning' },
    });
    expect(sent).not.toHaveProperty('dateTime');
  });
});
