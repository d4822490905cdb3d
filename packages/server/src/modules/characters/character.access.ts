/** The character lookup every character-scoped route uses. */
import type { Db } from '../../db/database.js';
import type { CharacterTable } from '../../db/tables/character.table.js';
import { notFound } from '../../errors/app-error.js';
import type { WorldScope } from '../../access/world-scope.js';
import { findCharacterInWorld } from './character.repository.js';

/**
 * Loads a character of the scope's world that its reader may see.
 * @returns the character row.
 * @throws AppError 404 'Character not found.' when it does not exist, lives in another world or is a secret
 * the reader may not see (the same answer).
 */
export async function requireCharacter(db: Db, scope: WorldScope, characterId: string): Promise<CharacterTable> {
  const character = await findCharacterInWorld(db, scope, characterId);
  if (!character) throw notFound('Character');
  return character;
}
