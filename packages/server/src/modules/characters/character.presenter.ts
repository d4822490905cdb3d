import type { Character } from '@loreforge/contract';
import { fromJsonObject } from '../../lib/json.js';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../../access/world-scope.js';
import type { CharacterRecord } from './character.repository.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

/**
 * Presents a character row with its active quest ids (SPEC §3 Character) to a reader (GM notes and reveals
 * for editors only); never the raw row.
 */
export const presentCharacter = (row: CharacterRecord, scope: ReadScope): Character =>
  withAccess(row, scope, {
    characterId: row.id,
    worldId: row.world_id,
    name: row.name,
    description: row.description,
    descriptionHtml: richTextOf(row),
    attributes: fromJsonObject(row.attributes),
    currentLocationId: row.current_location_id,
    activeQuests: row.activeQuests,
    assignedTo: row.assigned_to,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
