import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Character, CharacterHistory, TimelineState } from '@loreforge/contract';
import { jsonResponse, mockFetch, renderRoutes, requestUrl, signIn } from '../../../test/render';
import { CharacterHistoryTab } from './CharacterHistoryTab';

const W = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';
const MAIN = 'aaaaaaaa-0000-4000-8000-000000000001';
const BRANCH = 'aaaaaaaa-0000-4000-8000-000000000002';
const LION = 'cccccccc-0000-4000-8000-000000000001';
const DOROTHY = 'cccccccc-0000-4000-8000-000000000002';
const KALIDAHS = 'eeeeeeee-0000-4000-8000-000000000001';

const lion = { characterId: LION, worldId: W, name: 'The Cowardly Lion' } as Character;
const timeline = (timelineId: string, name: string, parentTimelineId: string | null) => ({
  timelineId,
  worldId: W,
  name,
  description: null,
  currentDateTime: '1900-06-30T00:00:00.000Z',
  genesisEvent: null,
  initialStates: null,
  branchingEnabled: true,
  parentTimelineId,
  branchingEvent: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});
const values = {
  relationshipType: 'acquaintence',
  description: null,
  powerBalance: -20,
  communicationStyle: null,
  pastInteractions: null,
  currentGoalAlignment: null,
  dependenceLevel: null,
};
const history: CharacterHistory = {
  characterId: LION,
  timelineId: MAIN,
  data: [
    {
      eventId: KALIDAHS,
      name: 'The Kalidahs',
      dateTime: '1900-05-18T11:00:00.000Z',
      instant: null,
      formattedDate: null,
      timelineId: MAIN,
      issues: [],
      changes: [
        {
          kind: 'relationship',
          characterId: LION,
          characterName: 'The Cowardly Lion',
          targetCharacterId: DOROTHY,
          targetCharacterName: 'Dorothy',
          before: { ...values, affinity: 20, trustLevel: 10 },
          after: { ...values, affinity: 35, trustLevel: 25 },
        },
      ],
    },
  ],
};
const state: TimelineState = {
  timelineId: MAIN,
  at: null,
  instant: null,
  formattedDate: null,
  eventCount: 10,
  lastEvent: {
    eventId: KALIDAHS,
    name: 'The Kalidahs',
    dateTime: '1900-05-18T11:00:00.000Z',
    instant: null,
    formattedDate: null,
    timelineId: MAIN,
    changes: history.data[0]?.changes ?? [],
  },
  characters: [
    {
      characterId: LION,
      name: 'The Cowardly Lion',
      attributes: { courage: 2 },
      inventory: [],
      relationships: [{ targetCharacterId: DOROTHY, targetCharacterName: 'Dorothy', ...values, affinity: 35, trustLevel: 25 }],
    },
  ],
};

function serve() {
  return mockFetch((url) => {
    if (url.pathname.endsWith('/timelines')) {
      return jsonResponse({
        data: [timeline(BRANCH, 'A branch', MAIN), timeline(MAIN, 'The book', null)],
        pagination: { currentPage: 1, totalPages: 1, totalItems: 2, limit: 1000, nextCursor: null },
      });
    }
    if (url.pathname.endsWith('/history'))
      return jsonResponse(url.searchParams.get('timelineId') === MAIN ? history : { characterId: LION, timelineId: BRANCH, data: [] });
    if (url.pathname.endsWith('/events')) {
      return jsonResponse({
        data: [{ eventId: KALIDAHS, name: 'The Kalidahs', dateTime: '1900-05-18T11:00:00.000Z' }],
        pagination: { currentPage: 1, totalPages: 1, totalItems: 1, limit: 500, nextCursor: null },
      });
    }
    if (url.pathname.endsWith('/state')) return jsonResponse(state);
    return jsonResponse({ message: 'Not found', code: 'NOT_FOUND' }, 404);
  });
}

describe('CharacterHistoryTab', () => {
  it('lists the events that changed the character on the root timeline, with what changed, and follows the timeline select', async () => {
    const user = userEvent.setup();
    signIn();
    const fetch = serve();
    renderRoutes(<CharacterHistoryTab worldId={W} character={lion} />);
    const changes = await screen.findByRole('list', { name: 'What The Kalidahs changed' });
    const lines = within(changes)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual(['Relationship → Dorothy: affinity: 20 → 35', 'Relationship → Dorothy: trustLevel: 10 → 25']);
    expect(screen.getByLabelText('Timeline')).toHaveValue(MAIN);

    await user.selectOptions(screen.getByLabelText('Timeline'), 'A branch');
    expect(await screen.findByText('No event on this timeline changes The Cowardly Lion.')).toBeInTheDocument();
    const asked = fetch.mock.calls
      .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
      .filter((u) => u.pathname.endsWith(`/characters/${LION}/history`));
    expect(asked.map((u) => u.searchParams.get('timelineId'))).toEqual([MAIN, BRANCH]);
  });

  it("shows the character's state on the timeline just after a chosen event, asking for this character only", async () => {
    const user = userEvent.setup();
    signIn();
    const fetch = serve();
    renderRoutes(<CharacterHistoryTab worldId={W} character={lion} />);
    await screen.findByRole('option', { name: /The Kalidahs/ });
    await user.selectOptions(screen.getByLabelText('Event'), KALIDAHS);
    const card = await screen.findByRole('region', { name: 'State of The Cowardly Lion' });
    expect(card).toHaveTextContent('The Cowardly Lion after The Kalidahs');
    expect(within(card).getByRole('list', { name: 'Relationships of The Cowardly Lion' })).toHaveTextContent(
      '→ Dorothy: Acquaintance, affinity 35, trust 25changed',
    );
    const last = fetch.mock.calls
      .map(([input]) => new URL(requestUrl(input), 'http://localhost'))
      .filter((u) => u.pathname.endsWith('/state'))
      .at(-1);
    expect(last?.searchParams.get('eventId')).toBe(KALIDAHS);
    expect(last?.searchParams.get('characterId')).toBe(LION);
  });
});
