import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { buildTimeline } from '../../test/timeline-fixtures';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { FIXTURE_WORLD_ID as W } from '../../test/world-fixtures';
import { TimelinesTab } from './TimelinesTab';

describe('TimelinesTab (SPEC §2, issue 12)', () => {
  it("shows each timeline's current date: a Gregorian one as a date, one with the world's calendar in its words", async () => {
    signIn();
    const rows = [
      buildTimeline({ timelineId: 't1', name: 'The Wonderful Wizard of Oz', currentDateTime: '1900-06-20T14:00:00.000Z' }),
      buildTimeline({
        timelineId: 't2',
        name: 'The Chronicle of Oz',
        calendarId: 'k1',
        currentDateTime: null,
        currentDateFormatted: '10th of Gillikin, 40 YW, 12:00',
      }),
    ];
    mockFetch((url) => {
      if (url.pathname === `/api/worlds/${W}/timelines`)
        return jsonResponse({ data: rows, pagination: { currentPage: 1, totalPages: 1, totalItems: 2, limit: 10, nextCursor: null } });
      return jsonResponse({ message: 'Not found.', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes([{ path: '/worlds/:worldId/timelines', element: <TimelinesTab /> }], `/worlds/${W}/timelines`);

    const chronicle = (await screen.findByRole('link', { name: 'The Chronicle of Oz' })).closest('tr');
    expect(within(chronicle as HTMLElement).getByText('10th of Gillikin, 40 YW, 12:00')).toBeInTheDocument();
    const story = screen.getByRole('link', { name: 'The Wonderful Wizard of Oz' }).closest('tr');
    expect(within(story as HTMLElement).getByText('20 Jun 1900, 14:00')).toBeInTheDocument();
  });
});
