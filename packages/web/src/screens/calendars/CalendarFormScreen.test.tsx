import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderRoutes, sentJson, signIn } from '../../test/render';
import { CalendarFormScreen } from './CalendarFormScreen';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const C = 'cccccccc-0000-4000-8000-000000000001';

const routes = [
  { path: '/worlds/:worldId/calendars/create', element: <CalendarFormScreen /> },
  { path: '/worlds/:worldId/calendars/:calendarId', element: <p>Calendar page</p> },
];

describe('CalendarFormScreen (issue 12 calendar editor)', () => {
  it('starts from the Harptos preset, previews a year with its festivals and sends the edited calendar', async () => {
    const user = userEvent.setup();
    signIn();
    let sent: Record<string, unknown> | undefined;
    mockFetch((_url, init) => {
      if (init.method === 'POST') {
        sent = sentJson(init) as Record<string, unknown>;
        return jsonResponse({ ...sent, calendarId: C, worldId: W }, 201);
      }
      return jsonResponse({ data: [], pagination: { currentPage: 1, totalPages: 0, totalItems: 0, limit: 1000, nextCursor: null } });
    });
    renderRoutes(routes, `/worlds/${W}/calendars/create`);
    await user.selectOptions(await screen.findByLabelText('Start from'), 'Harptos (Forgotten Realms)');
    await user.click(screen.getByRole('button', { name: 'Use' }));
    const preview = screen.getByRole('region', { name: 'Year preview' });
    const year = within(preview).getByLabelText('Year (absolute)');
    fireEvent.change(year, { target: { value: '1492' } });
    expect(await within(preview).findByRole('table', { name: 'Shieldmeet 1492 DR' })).toBeInTheDocument();
    expect(within(preview).getByRole('table', { name: 'Hammer 1492 DR' })).toBeInTheDocument();
    await user.click(within(preview).getByRole('button', { name: 'Next year' }));
    expect(await within(preview).findByRole('table', { name: 'Hammer 1493 DR' })).toBeInTheDocument();
    expect(within(preview).queryByRole('table', { name: 'Shieldmeet 1493 DR' })).not.toBeInTheDocument();

    // A month renamed to one that exists already stops the preview and says where.
    const months = screen.getByRole('group', { name: 'Months' });
    const second = within(within(months).getByRole('listitem', { name: 'Months row 2' })).getByLabelText('Month name');
    fireEvent.change(second, { target: { value: 'Hammer' } });
    expect(await within(preview).findByText('Months, row 2, Name:')).toBeInTheDocument();
    fireEvent.change(second, { target: { value: 'Deepwinter' } });
    const name = screen.getByLabelText(/^Name/);
    fireEvent.change(name, { target: { value: 'Harptos (our table)' } });
    await user.click(screen.getByRole('button', { name: 'Create calendar' }));
    expect(await screen.findByText('Calendar page')).toBeInTheDocument();
    expect(sent?.name).toBe('Harptos (our table)');
    expect((sent?.months as Array<{ name: string }>).map((month) => month.name).slice(0, 3)).toEqual(['Hammer', 'Deepwinter', 'Alturiak']);
  }, 60_000);
});
