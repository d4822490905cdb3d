import type { Character } from '@loreforge/contract';
import { fromJsonObject } from '../../lib/json.js';
import type { CharacterRecord } from './character.repository.js';

/** Presents a character row with its active quest ids (SPEC §3 Character); never the raw row. */
export const presentCharacter = (row: CharacterRecord): Character => ({
  characterId: row.id,
  worldId: row.world_id,
  name: row.name,
  description: row.description,
  attributes: fromJsonObject(row.attributes),
  currentLocationId: row.current_location_id,
  activeQuests: row.activeQuests,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
