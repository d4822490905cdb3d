import type { MapArea } from '@loreforge/contract';
import type { MapAreaTable } from '../../db/tables/map.table.js';
import { fromJsonText } from '../../lib/json.js';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../../access/world-scope.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

type Vertex = [number, number];

const isVertex = (value: unknown): value is Vertex =>
  Array.isArray(value) && value.length === 2 && typeof value[0] === 'number' && typeof value[1] === 'number';

/** Presents a map area; the polygon is parsed from its JSON text (malformed vertices are dropped). */
export function presentMapArea(row: MapAreaTable, scope: ReadScope): MapArea {
  const polygon = fromJsonText<unknown>(row.polygon, []);
  return withAccess(row, scope, {
    areaId: row.id,
    mapId: row.map_id,
    name: row.name,
    description: row.description,
    descriptionHtml: richTextOf(row),
    color: row.color,
    polygon: Array.isArray(polygon) ? polygon.filter(isVertex) : [],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
}
