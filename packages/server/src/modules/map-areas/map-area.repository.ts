/** Queries on `map_area` (SPEC §7 Maps: areas; payload designed in the API contract). */
import type { Db } from '../../db/database.js';
import { deleteTagsOf } from '../tags/tag.repository.js';
import type { MapAreaTable } from '../../db/tables/map.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { whereVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

/** The writable fields of an area (polygon as JSON text). */
export type MapAreaChanges = Pick<MapAreaTable, 'name' | 'description' | 'description_html' | 'color' | 'polygon' | 'updated_at'> &
  AccessColumns;

/** Finds an area of a map that the reader may see, or undefined. */
export function findMapArea(db: Db, scope: ReadScope, mapId: string, areaId: string): Promise<MapAreaTable | undefined> {
  const query = db.selectFrom('map_area').selectAll('map_area').where('map_area.id', '=', areaId).where('map_area.map_id', '=', mapId);
  return whereVisible(query, scope, 'map_area').executeTakeFirst();
}

/** Lists the areas of a map that the reader may see, with search (name, description), sort and paging. */
export function listMapAreas(db: Db, scope: ReadScope, mapId: string, params: ListParams): Promise<ListResult<MapAreaTable>> {
  return paginate({
    query: whereVisible(db.selectFrom('map_area').selectAll('map_area').where('map_area.map_id', '=', mapId), scope, 'map_area'),
    sortColumns: {
      ...timestampSortColumns('map_area'),
      name: { column: 'map_area.name', key: 'name' },
    },
    idColumn: 'map_area.id',
    searchColumns: ['map_area.name', 'map_area.description'],
    params,
  });
}

/** Inserts an area. */
export async function insertMapArea(db: Db, area: MapAreaTable): Promise<void> {
  await db.insertInto('map_area').values(area).execute();
}

/** Replaces an area's writable fields. */
export async function updateMapArea(db: Db, areaId: string, changes: MapAreaChanges): Promise<void> {
  await db.updateTable('map_area').set(changes).where('id', '=', areaId).execute();
}

/** Deletes an area. */
export async function deleteMapArea(db: Db, areaId: string): Promise<void> {
  await deleteTagsOf(db, 'map_area', [areaId]);
  await db.deleteFrom('map_area').where('id', '=', areaId).execute();
}
