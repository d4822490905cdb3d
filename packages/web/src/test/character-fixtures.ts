/** A character as the API answers it to an editor, for building test fixtures (SPEC §3 Character). */
import type { Character } from '@loreforge/contract';
import { PUBLIC_ACCESS } from './access-fixtures';
import { FIXTURE_WORLD_ID } from './world-fixtures';

/** The id of the fixture character. */
export const FIXTURE_CHARACTER_ID = 'cccccccc-0000-4000-8000-000000000001';

/**
 * The character "Dorothy" of the fixture world: no attributes, location or quests, played by nobody.
 * @param overrides fields to change. @returns a new Character object each call.
 */
export function buildCharacter(overrides: Partial<Character> = {}): Character {
  return {
    ...PUBLIC_ACCESS,
    characterId: FIXTURE_CHARACTER_ID,
    worldId: FIXTURE_WORLD_ID,
    name: 'Dorothy',
    description: null,
    descriptionHtml: null,
    attributes: {},
    currentLocationId: null,
    activeQuests: [],
    assignedTo: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
