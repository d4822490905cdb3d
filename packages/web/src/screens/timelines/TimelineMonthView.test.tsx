import { describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Event, calendarPreset, instantFromDate } from '@loreforge/contract';
import { TimelineMonthView } from './TimelineMonthView';
import { PUBLIC_ACCESS } from '../../test/access-fixtures';

const harptos = calendarPreset('harptos').definition;
const at = (year: number, month: number, day: number) => instantFromDate(harptos, { year, month, day, hour: 12 }).toString();
const event = (eventId: string, name: string, instant: string): Event => ({
  ...PUBLIC_ACCESS,
  eventId,
  name,
  instant,
  worldId: 'w',
  timelineId: 't',
  description: null,
  descriptionHtml: null,
  dateTime: null,
  characterAttributeChanges: null,
  inventoryChanges: null,
  relationshipChanges: null,
  isBranchingEvent: false,
  childTimelineId: null,
  createdAt: '',
  updatedAt: '',
});

describe('TimelineMonthView', () => {
  it('shows a Harptos month in tendays with its events on their days, and opens an event on click', async () => {
    const onSelectEvent = vi.fn();
    const events = [event('e1', 'Council at Waterdeep', at(1492, 9, 12)), event('e2', 'Midsummer revels', at(1492, 10, 1))];
    render(<TimelineMonthView definition={harptos} events={events} openAt={at(1492, 9, 1)} onSelectEvent={onSelectEvent} />);
    expect(screen.getByRole('heading', { name: 'Flamerule, 1492 DR' })).toBeInTheDocument();
    const grid = screen.getByRole('table', { name: 'Flamerule 1492 DR' });
    expect(within(grid).getAllByRole('columnheader')).toHaveLength(10);
    expect(within(grid).getAllByRole('row')).toHaveLength(4);
    expect(screen.getByText(/Dalereckoning · Season: Summer/)).toBeInTheDocument();
    expect(screen.queryByText('Midsummer revels')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Council at Waterdeep' }));
    expect(onSelectEvent).toHaveBeenCalledWith('e1');
  });

  it('steps to the festival day, then to Shieldmeet in a Shieldmeet year, and by year', async () => {
    render(
      <TimelineMonthView
        definition={harptos}
        events={[event('e2', 'Midsummer revels', at(1492, 10, 1))]}
        openAt={at(1492, 9, 1)}
        onSelectEvent={() => undefined}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'Midsummer, 1492 DR' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Midsummer revels' })).toBeInTheDocument();
    expect(screen.getByText(/Festival days, outside the week/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    expect(screen.getByRole('heading', { name: 'Shieldmeet, 1492 DR' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next year' }));
    expect(screen.getByRole('heading', { name: 'Shieldmeet, 1493 DR' })).toBeInTheDocument();
  });
});
