import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Item, ItemProvenance } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../../test/render';
import { holdersAt } from './holders-at';
import { ItemDetailsTab } from './ItemDetailsTab';

const period = (characterName: string, from: string | null, to: string | null, quantity = 1) => ({
  characterId: `id-${characterName}`,
  characterName,
  fromEventId: from && 'e',
  from,
  toEventId: to && 'e',
  to,
  quantity,
  maxQuantity: quantity,
  fromInstant: null,
  fromFormatted: null,
  toInstant: null,
  toFormatted: null,
});

const capProvenance: ItemProvenance = {
  itemId: 'i1',
  itemName: 'The Golden Cap',
  timelineId: 't1',
  periods: [
    period('Wicked Witch of the West', null, '1900-06-10T00:00:00.000Z'),
    period('Dorothy', '1900-06-10T00:00:00.000Z', '1900-07-01T00:00:00.000Z'),
    period('Glinda', '1900-07-01T00:00:00.000Z', null),
  ],
};

describe('holdersAt', () => {
  it('reads who holds an item at a moment from its periods; a change dated exactly then has taken effect', () => {
    expect(holdersAt(capProvenance, '1900-06-01T00:00:00.000Z').map((h) => h.name)).toEqual(['Wicked Witch of the West']);
    expect(holdersAt(capProvenance, '1900-06-10T00:00:00.000Z').map((h) => h.name)).toEqual(['Dorothy']);
    expect(holdersAt(capProvenance, '1900-08-01T00:00:00.000Z')).toEqual([{ characterId: 'id-Glinda', name: 'Glinda', quantity: 1 }]);
  });
});

describe('holdersAt on a timeline with its own calendar', () => {
  it('places the periods by their instants when the timeline has no ISO dates', () => {
    const onCalendar: ItemProvenance = {
      itemId: 'i1',
      itemName: 'Icingdeath',
      timelineId: 't1',
      periods: [
        { ...period('Drizzt', null, '~9223372037854775807'), toInstant: '1000000', toFormatted: 'Midsummer, 1492 DR, 20:00' },
        { ...period('Bruenor', '~9223372037854775807', null), fromInstant: '1000000', fromFormatted: 'Midsummer, 1492 DR, 20:00' },
      ],
    };
    expect(holdersAt(onCalendar, { instant: '999999' }).map((h) => h.name)).toEqual(['Drizzt']);
    expect(holdersAt(onCalendar, { instant: '1000000' }).map((h) => h.name)).toEqual(['Bruenor']);
  });
});

describe('ItemDetailsTab', () => {
  it("shows, beside the stored record, who holds the item as of the timeline's now", async () => {
    signIn();
    const item = {
      itemId: 'i1',
      worldId: 'w1',
      name: 'The Golden Cap',
      description: null,
      properties: null,
      attributes: null,
      createdAt: '',
      updatedAt: '',
    } as unknown as Item;
    const timeline = {
      timelineId: 't1',
      worldId: 'w1',
      name: 'The Story',
      currentDateTime: '1900-06-20T00:00:00.000Z',
      parentTimelineId: null,
    };
    mockFetch((url) => {
      if (url.pathname === '/api/worlds/w1/timelines')
        return jsonResponse({
          data: [timeline],
          pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 1000, nextCursor: null },
        });
      if (url.pathname === '/api/worlds/w1/items/i1/provenance' && url.searchParams.get('timelineId') === 't1')
        return jsonResponse(capProvenance);
      return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes(<ItemDetailsTab item={item} />);
    expect(screen.getByText(/the item at the start of every timeline/)).toBeInTheDocument();
    const panel = await screen.findByRole('region', { name: "The Golden Cap as of the timeline's now" });
    const holders = await within(panel).findByRole('list', { name: "Holders of The Golden Cap as of the timeline's now" });
    expect(
      within(holders)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Dorothy']);
    expect(panel).toHaveTextContent(/As of 20 Jun 1900, \d\d:\d\d on The Story/);
    expect(within(holders).getByRole('link', { name: 'Dorothy' })).toHaveAttribute('href', '/worlds/w1/characters/id-Dorothy');
  });
});
