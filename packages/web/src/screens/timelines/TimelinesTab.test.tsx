import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Timeline } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../test/render';
import { TimelinesTab } from './TimelinesTab';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';

function timeline(fields: Partial<Timeline> & Pick<Timeline, 'timelineId' | 'name'>): Timeline {
  return {
    worldId: W,
    description: null,
    descriptionHtml: null,
    calendarId: null,
    currentDateTime: null,
    genesisEvent: null,
    initialStates: null,
    branchingEnabled: true,
    parentTimelineId: null,
    branchingEvent: null,
    visibility: 'everyone',
    revealedTo: [],
    gmNotes: null,
    gmNotesHtml: null,
    createdBy: null,
    updatedBy: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...fields,
  };
}

describe('TimelinesTab (SPEC §2, issue 12)', () => {
  it("shows each timeline's current date: a Gregorian one as a date, one with the world's calendar in its words", async () => {
    signIn();
    const rows = [
      timeline({ timelineId: 't1', name: 'The Wonderful Wizard of Oz', currentDateTime: '1900-06-20T14:00:00.000Z' }),
      timeline({
        timelineId: 't2',
        name: 'The Chronicle of Oz',
        calendarId: 'k1',
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
