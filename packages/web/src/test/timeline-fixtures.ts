/** A timeline and an event as the API answers them to an editor, for building test fixtures (SPEC §3 Timeline, Event). */
import type { Event, Timeline } from '@loreforge/contract';
import { PUBLIC_ACCESS } from './access-fixtures';
import { FIXTURE_WORLD_ID } from './world-fixtures';

/** The id of the fixture timeline. */
export const FIXTURE_TIMELINE_ID = 'aaaaaaaa-0000-4000-8000-000000000001';

/**
 * The timeline "Age of Embers" of the fixture world, with branching allowed and no calendar of its own.
 * @param overrides fields to change. @returns a new Timeline object each call.
 */
export function buildTimeline(overrides: Partial<Timeline> = {}): Timeline {
  return {
    ...PUBLIC_ACCESS,
    timelineId: FIXTURE_TIMELINE_ID,
    worldId: FIXTURE_WORLD_ID,
    name: 'Age of Embers',
    description: null,
    descriptionHtml: null,
    currentDateTime: '2025-03-14T09:30:00.000Z',
    genesisEvent: null,
    initialStates: null,
    branchingEnabled: true,
    parentTimelineId: null,
    branchingEvent: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * An event on the fixture timeline that changes nothing.
 * @param overrides fields to change (give each event of a list its own `eventId`). @returns a new Event object.
 */
export function buildEvent(overrides: Partial<Event> = {}): Event {
  return {
    ...PUBLIC_ACCESS,
    eventId: 'eeeeeeee-0000-4000-8000-000000000001',
    worldId: FIXTURE_WORLD_ID,
    timelineId: FIXTURE_TIMELINE_ID,
    name: 'The Sundering',
    description: null,
    descriptionHtml: null,
    dateTime: '2025-03-10T00:00:00.000Z',
    characterAttributeChanges: null,
    inventoryChanges: null,
    relationshipChanges: null,
    isBranchingEvent: false,
    childTimelineId: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
