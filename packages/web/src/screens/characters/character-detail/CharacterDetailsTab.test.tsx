import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { Character } from '@loreforge/contract';
import userEvent from '@testing-library/user-event';
import { jsonResponse, mockFetch, renderRoutes, signIn } from '../../../test/render';
import { CharacterDetailsTab } from './CharacterDetailsTab';
import { splitAttributes } from './split-attributes';
import { PUBLIC_ACCESS } from '../../../test/access-fixtures';

const buildCharacter = (attributes: Record<string, unknown>): Character => ({
  ...PUBLIC_ACCESS,
  assignedTo: null,
  characterId: 'c1',
  worldId: 'w1',
  name: 'Aria',
  description: null,
  descriptionHtml: null,
  attributes,
  currentLocationId: null,
  activeQuests: [],
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('splitAttributes (SPEC §3 Character)', () => {
  it('puts scalar values in core attributes and nested objects in groups', () => {
    const split = splitAttributes({ strength: 12, alive: true, title: null, stats: { hp: 30 }, tags: ['a'] });
    expect(split.core).toEqual([
      ['strength', 12],
      ['alive', true],
      ['title', null],
      ['tags', ['a']],
    ]);
    expect(split.groups).toEqual([{ name: 'stats', entries: [['hp', 30]] }]);
  });
});

const listOf = (data: unknown[]) => ({
  data,
  pagination: { currentPage: 1, totalPages: 1, totalItems: data.length, limit: 1000, nextCursor: null },
});

/** A world without timelines: the side panel only says so. */
function noTimelines() {
  signIn();
  mockFetch(() => jsonResponse(listOf([])));
}

describe('CharacterDetailsTab (SPEC §2 character details)', () => {
  it("shows, beside the stored record, the character as of the chosen timeline's now, labelled with that moment", async () => {
    signIn();
    const stateAsked: URLSearchParams[] = [];
    const timeline = (timelineId: string, name: string, currentDateTime: string, parentTimelineId: string | null) => ({
      timelineId,
      worldId: 'w1',
      name,
      description: null,
      currentDateTime,
      genesisEvent: null,
      initialStates: null,
      branchingEnabled: true,
      parentTimelineId,
      branchingEvent: null,
      createdAt: '',
      updatedAt: '',
    });
    mockFetch((url) => {
      if (url.pathname === '/api/worlds/w1/timelines') {
        return jsonResponse(
          listOf([
            timeline('t2', 'What if', '1900-07-01T00:00:00.000Z', 't1'),
            timeline('t1', 'The Story', '1900-06-01T12:00:00.000Z', null),
          ]),
        );
      }
      if (url.pathname.endsWith('/state')) {
        stateAsked.push(url.searchParams);
        const courage = url.pathname.includes('/t2/') ? 2 : 10;
        return jsonResponse({
          timelineId: 't1',
          at: null,
          eventCount: 3,
          lastEvent: null,
          characters: [{ characterId: 'c1', name: 'Aria', attributes: { courage }, inventory: [], relationships: [] }],
        });
      }
      return jsonResponse(listOf([]));
    });
    const user = userEvent.setup();
    renderRoutes(<CharacterDetailsTab character={buildCharacter({ courage: 1 })} />);
    expect(screen.getByText(/the character at the start of every timeline/)).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Core attributes' })).getByRole('row', { name: 'courage 1' })).toBeInTheDocument();

    const panel = await screen.findByRole('region', { name: "Aria as of the timeline's now" });
    expect(await within(panel).findByRole('heading', { name: /^Aria as of 1 Jun 1900/ })).toBeInTheDocument();
    expect(panel).toHaveTextContent(/As of 1 Jun 1900, \d\d:\d\d on The Story/);
    expect(within(panel).getByRole('combobox', { name: 'Timeline' })).toHaveValue('t1');
    const card = await within(panel).findByRole('region', { name: 'State of Aria' });
    expect(within(card).getByRole('row', { name: 'courage 10' })).toBeInTheDocument();
    expect(stateAsked[0]?.get('characterId')).toBe('c1');
    expect(stateAsked[0]?.has('eventId')).toBe(false);
    expect(stateAsked[0]?.has('at')).toBe(false);

    await user.selectOptions(within(panel).getByRole('combobox', { name: 'Timeline' }), 't2');
    expect(await within(panel).findByRole('heading', { name: /^Aria as of 1 Jul 1900/ })).toBeInTheDocument();
    expect(await within(panel).findByRole('row', { name: 'courage 2' })).toBeInTheDocument();
  });

  it("labels the state on a timeline with its own calendar with that calendar's date, as the panel's line does", async () => {
    signIn();
    mockFetch((url) => {
      if (url.pathname === '/api/worlds/w1/timelines') {
        return jsonResponse(
          listOf([
            {
              timelineId: 't1',
              worldId: 'w1',
              name: 'The Chronicle',
              description: null,
              currentDateTime: null,
              currentDateFormatted: '10th of Gillikin, 40 YW, 12:00',
              genesisEvent: null,
              initialStates: null,
              branchingEnabled: true,
              parentTimelineId: null,
              branchingEvent: null,
              createdAt: '',
              updatedAt: '',
            },
          ]),
        );
      }
      if (url.pathname.endsWith('/state')) {
        return jsonResponse({
          timelineId: 't1',
          at: null,
          eventCount: 0,
          lastEvent: null,
          characters: [{ characterId: 'c1', name: 'Aria', attributes: {}, inventory: [], relationships: [] }],
        });
      }
      return jsonResponse(listOf([]));
    });
    renderRoutes(<CharacterDetailsTab character={buildCharacter({})} />);
    const panel = await screen.findByRole('region', { name: "Aria as of the timeline's now" });
    expect(await within(panel).findByRole('heading', { name: 'Aria as of 10th of Gillikin, 40 YW, 12:00' })).toBeInTheDocument();
  });

  it('shows core attributes and each group under its own heading', () => {
    noTimelines();
    renderRoutes(<CharacterDetailsTab character={buildCharacter({ strength: 12, stats: { hp: 30, mana: 5 } })} />);
    const core = screen.getByRole('table', { name: 'Core attributes' });
    expect(within(core).getByRole('rowheader', { name: 'strength' })).toBeInTheDocument();
    expect(within(core).queryByText('hp')).toBeNull();
    expect(screen.getByRole('heading', { name: 'stats' })).toBeInTheDocument();
    const group = screen.getByRole('table', { name: 'stats attributes' });
    expect(within(group).getByRole('row', { name: 'mana 5' })).toBeInTheDocument();
    expect(screen.queryByText('No attributes defined.')).toBeNull();
  });

  it('says when there are no attributes', () => {
    noTimelines();
    renderRoutes(<CharacterDetailsTab character={buildCharacter({})} />);
    expect(screen.getByText('No attributes defined.')).toBeInTheDocument();
  });

  it('names the current location by its point and map, linking to the map', async () => {
    signIn();
    const stamp = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };
    const page = { currentPage: 1, totalPages: 1, totalItems: 1, limit: 1000, nextCursor: null };
    mockFetch((url) => {
      if (url.pathname === '/api/worlds/w1/maps')
        return jsonResponse({
          data: [{ mapId: 'm1', worldId: 'w1', name: 'Land of Oz', description: null, image: null, ...stamp }],
          pagination: page,
        });
      if (url.pathname === '/api/worlds/w1/maps/m1/points')
        return jsonResponse({ data: [{ pointId: 'p1', mapId: 'm1', name: 'Emerald City', ...stamp }], pagination: page });
      return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
    });
    renderRoutes(<CharacterDetailsTab character={{ ...buildCharacter({}), currentLocationId: 'p1' }} />);
    const link = await screen.findByRole('link', { name: 'Emerald City (Land of Oz)' });
    expect(link).toHaveAttribute('href', '/worlds/w1/maps/m1');
  });
});
