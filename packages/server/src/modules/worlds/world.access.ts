/**
 * The one authorisation check for world-scoped routes: a world and everything in it belong to its creator.
 */
import type { Db } from '../../db/database.js';
import type { WorldTable } from '../../db/tables/world.table.js';
import { notFound } from '../../errors/app-error.js';
import { findOwnedWorld } from './world.repository.js';

/**
 * Loads the world if the user owns it.
 * @returns the world row.
 * @throws AppError 404 'World not found.' when it does not exist or belongs to someone else.
 */
export async function requireWorldAccess(db: Db, worldId: string, userId: string): Promise<WorldTable> {
  const world = await findOwnedWorld(db, worldId, userId);
  if (!world) throw notFound('World');
  return world;
}
