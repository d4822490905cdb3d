import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { calendarPreset } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { TimelineFormScreen } from './TimelineFormScreen';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const C = 'cccccccc-0000-4000-8000-000000000001';
const T = 'aaaaaaaa-0000-4000-8000-000000000001';
const page = (data: unknown[]) => ({
  data,
  pagination: { currentPage: 1, totalPages: 1, totalItems: data.length, limit: 1000, nextCursor: null },
});
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

describe('TimelineFormScreen with world calendars (issue 12)', () => {
  it("enters the now of a timeline on a world calendar as that calendar's date and sends calendarId and currentDate", async () => {
    const user = userEvent.setup();
    signIn();
    let sent: Record<string, unknown> | undefined;
    mockFetch((url, init) => {
      if (init.method === 'POST') {
        sent = JSON.parse(init.body as string) as Record<string, unknown>;
        return jsonResponse({ ...sent, timelineId: T }, 201);
      }
      if (url.pathname.endsWith(`/calendars/${C}`)) return jsonResponse(harptos);
      if (url.pathname.endsWith('/calendars')) return jsonResponse(page([harptos]));
      return jsonResponse(page([]));
    });
    renderRoutes(
      [
        { path: '/worlds/:worldId/timelines/create', element: <TimelineFormScreen /> },
        { path: '/worlds/:worldId/timelines/:timelineId', element: <p>Timeline page</p> },
      ],
      `/worlds/${W}/timelines/create`,
    );
    fireEvent.change(await screen.findByLabelText(/^Name/), { target: { value: 'The Realms' } });
    expect(screen.getByLabelText(/^Current Date\/Time/)).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/^Calendar/), 'Calendar of Harptos');
    const year = await screen.findByLabelText('Year');
    expect(screen.queryByLabelText(/^Current Date\/Time/)).not.toBeInTheDocument();
    fireEvent.change(year, { target: { value: '1492' } });
    await user.selectOptions(screen.getByLabelText('Month'), 'Flamerule');
    await user.selectOptions(screen.getByLabelText('Day'), '30');
    expect(await screen.findByText('Reads: 30th of Flamerule, 1492 DR')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create timeline' }));
    expect(await screen.findByText('Timeline page')).toBeInTheDocument();
    expect(sent).toMatchObject({ name: 'The Realms', calendarId: C, currentDate: { year: 1492, month: 9, day: 30, era: 'Dalereckoning' } });
    expect(sent).not.toHaveProperty('currentDateTime');
  }, 60_000);
});
