/** Loads a map inside an already-authorised world; used by the map, image, point and area routes. */
import type { Db } from '../../db/database.js';
import { notFound } from '../../errors/app-error.js';
import type { WorldScope } from '../../access/world-scope.js';
import { type MapRow, findMap } from './map.repository.js';

/**
 * Finds the map in the world.
 * @returns the map row with its image metadata.
 * @throws AppError 404 'Map not found.' when it does not exist in that world or is hidden from the reader.
 */
export async function requireMap(db: Db, scope: WorldScope, mapId: string): Promise<MapRow> {
  const map = await findMap(db, scope, mapId);
  if (!map) throw notFound('Map');
  return map;
}
