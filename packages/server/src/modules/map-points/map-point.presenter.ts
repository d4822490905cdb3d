import { type MapPoint, POINT_ENTITY_TYPES, type PointEntityType } from '@loreforge/contract';
import type { MapPointTable } from '../../db/tables/map.table.js';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../../access/world-scope.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

const isPointEntityType = (value: string | null): value is PointEntityType =>
  value !== null && (POINT_ENTITY_TYPES as readonly string[]).includes(value);

/**
 * Presents a map point with its linked entity's name.
 * @param names `${type}:${id}` → name, from findEntityNames (a missing entry gives name null).
 */
export function presentMapPoint(row: MapPointTable, names: Map<string, string>, scope: ReadScope): MapPoint {
  const type = row.entity_type;
  return withAccess(row, scope, {
    pointId: row.id,
    mapId: row.map_id,
    name: row.name,
    description: row.description,
    descriptionHtml: richTextOf(row),
    x: Number(row.x),
    y: Number(row.y),
    entity:
      isPointEntityType(type) && row.entity_id !== null
        ? { type, id: row.entity_id, name: names.get(`${type}:${row.entity_id}`) ?? null }
        : null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}

/** The entity references of some points, for findEntityNames. */
export function pointEntityRefs(rows: MapPointTable[]): Array<{ type: PointEntityType; id: string }> {
  return rows.flatMap((row) =>
    isPointEntityType(row.entity_type) && row.entity_id !== null ? [{ type: row.entity_type, id: row.entity_id }] : [],
  );
}
