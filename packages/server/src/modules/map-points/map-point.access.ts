/** Loads map points inside an already-authorised world, and checks the entity a point links. */
import type { z } from 'zod';
import type { PointCreateSchema } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { MapPointTable } from '../../db/tables/map.table.js';
import { invalidField, notFound } from '../../errors/app-error.js';
import { findEntityName } from '../../lib/references.js';
import type { ReadScope } from '../../access/world-scope.js';
import { findMapPoint } from './map-point.repository.js';

type PointInput = z.output<typeof PointCreateSchema>;

/**
 * Checks the linked entity.
 * @returns `${type}:${id}` → name for presentMapPoint (empty when the point links nothing).
 * @throws AppError 400 on 'entity.id' when no such character or item exists in the world.
 */
export async function requireLinkedEntity(db: Db, worldId: string, entity: PointInput['entity']): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  if (!entity) return names;
  const name = await findEntityName(db, worldId, entity.type, entity.id);
  if (name === undefined) throw invalidField('entity.id', `No ${entity.type} with that id in this world.`);
  names.set(`${entity.type}:${entity.id}`, name);
  return names;
}

/** @returns the point row. @throws AppError 404 'Map point not found.' when it is not on the map or hidden from the reader. */
export async function requirePoint(db: Db, scope: ReadScope, mapId: string, pointId: string): Promise<MapPointTable> {
  const point = await findMapPoint(db, scope, mapId, pointId);
  if (!point) throw notFound('Map point');
  return point;
}
