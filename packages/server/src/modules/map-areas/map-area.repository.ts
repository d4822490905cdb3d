/** Queries on `map_area` (SPEC §7 Maps: areas; payload designed in the API contract). */
import type { Db } from '../../db/database.js';
import type { MapAreaTable } from '../../db/tables/map.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list.js';

/** The writable fields of an area (polygon as JSON text). */
export type MapAreaChanges = Pick<MapAreaTable, 'name' | 'description' | 'color' | 'polygon' | 'updated_at'>;

/** Finds an area of a map, or undefined. */
export function findMapArea(db: Db, mapId: string, areaId: string): Promise<MapAreaTable | undefined> {
  return db.selectFrom('map_area').selectAll().where('id', '=', areaId).where('map_id', '=', mapId).executeTakeFirst();
}

/** Lists a map's areas with search (name, description), sort and paging. */
export function listMapAreas(db: Db, mapId: string, params: ListParams): Promise<ListResult<MapAreaTable>> {
  return paginate({
    query: db.selectFrom('map_area').selectAll().where('map_id', '=', mapId),
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
  await db.deleteFrom('map_area').where('id', '=', areaId).execute();
}
