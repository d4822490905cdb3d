/** A world as the API answers it to its owner, for building test fixtures (SPEC §3 World). */
import type { World } from '@loreforge/contract';

/** The id of the fixture world. */
export const FIXTURE_WORLD_ID = '2b1f6a4e-0c1d-4e5f-8a9b-0c1d2e3f4a5b';

/**
 * The world "Eldoria" with a few entities of each kind, owned by user `u1`.
 * @param overrides fields to change.
 * @returns a new World object each call.
 */
export function buildWorld(overrides: Partial<World> = {}): World {
  return {
    role: 'owner',
    worldId: FIXTURE_WORLD_ID,
    name: 'Eldoria',
    description: 'A realm of floating islands.',
    descriptionHtml: null,
    createdBy: 'u1',
    counts: { characters: 4, timelines: 2, maps: 1, events: 7, items: 3 },
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-02T00:00:00.000Z',
    ...overrides,
  };
}
