/** The character lookup every character-scoped route uses after requireWorldAccess. */
import type { Db } from '../../db/database.js';
import type { CharacterTable } from '../../db/tables/character.table.js';
import { notFound } from '../../errors/app-error.js';
import { findCharacterInWorld } from './character.repository.js';

/**
 * Loads a character of a world (the caller's ownership of the world is checked first by requireWorldAccess).
 * @returns the character row.
 * @throws AppError 404 'Character not found.' when it does not exist or lives in another world.
 */
export async function requireCharacter(db: Db, worldId: string, characterId: string): Promise<CharacterTable> {
  const character = await findCharacterInWorld(db, worldId, characterId);
  if (!character) throw notFound('Character');
  return character;
}
