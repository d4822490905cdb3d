/** Queries on `map_point` (SPEC §7 Maps: points; payload designed in the API contract). */
import type { Db } from '../../db/database.js';
import { deleteTagsOf } from '../tags/tag.repository.js';
import type { MapPointTable } from '../../db/tables/map.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { whereVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

/** The writable fields of a point. */
export type MapPointChanges = Pick<
  MapPointTable,
  'name' | 'description' | 'description_html' | 'x' | 'y' | 'entity_type' | 'entity_id' | 'updated_at'
> &
  AccessColumns;

/** Finds a point of a map that the reader may see (a point linking a hidden entity is hidden), or undefined. */
export function findMapPoint(db: Db, scope: ReadScope, mapId: string, pointId: string): Promise<MapPointTable | undefined> {
  const query = db.selectFrom('map_point').selectAll('map_point').where('map_point.id', '=', pointId).where('map_point.map_id', '=', mapId);
  return whereVisible(query, scope, 'map_point').executeTakeFirst();
}

/** Lists the points of a map that the reader may see, with search (name, description), sort and paging. */
export function listMapPoints(db: Db, scope: ReadScope, mapId: string, params: ListParams): Promise<ListResult<MapPointTable>> {
  return paginate({
    query: whereVisible(db.selectFrom('map_point').selectAll('map_point').where('map_point.map_id', '=', mapId), scope, 'map_point'),
    sortColumns: {
      ...timestampSortColumns('map_point'),
      name: { column: 'map_point.name', key: 'name' },
    },
    idColumn: 'map_point.id',
    searchColumns: ['map_point.name', 'map_point.description'],
    params,
  });
}

/** Inserts a point. */
export async function insertMapPoint(db: Db, point: MapPointTable): Promise<void> {
  await db.insertInto('map_point').values(point).execute();
}

/** Replaces a point's writable fields. */
export async function updateMapPoint(db: Db, pointId: string, changes: MapPointChanges): Promise<void> {
  await db.updateTable('map_point').set(changes).where('id', '=', pointId).execute();
}

/** Deletes a point; characters located there get no location (ON DELETE SET NULL). */
export async function deleteMapPoint(db: Db, pointId: string): Promise<void> {
  await deleteTagsOf(db, 'map_point', [pointId]);
  await db.deleteFrom('map_point').where('id', '=', pointId).execute();
}
