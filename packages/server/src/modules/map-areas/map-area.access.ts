/** Loads map areas inside an already-authorised world, answering 404 for anything missing or hidden. */
import type { Db } from '../../db/database.js';
import type { MapAreaTable } from '../../db/tables/map.table.js';
import { notFound } from '../../errors/app-error.js';
import type { ReadScope } from '../../access/world-scope.js';
import { findMapArea } from './map-area.repository.js';

/** @returns the area row. @throws AppError 404 'Map area not found.' when it is not on the map or hidden from the reader. */
export async function requireArea(db: Db, scope: ReadScope, mapId: string, areaId: string): Promise<MapAreaTable> {
  const area = await findMapArea(db, scope, mapId, areaId);
  if (!area) throw notFound('Map area');
  return area;
}
