/** Queries on `map` and `map_image` (SPEC §7 Maps). Lists never load image bytes: only the image's metadata. */
import type { Db } from '../../db/database.js';
import type { MapImageTable, MapTable } from '../../db/tables/map.table.js';
import { type ListParams, type ListResult, paginate, timestampSortColumns } from '../../lib/list/index.js';
import { nowIso } from '../../lib/time.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { whereVisible } from '../../access/visibility.js';
import type { ReadScope, WorldScope } from '../../access/world-scope.js';

/** A map row with its image's metadata (all null when the map has no image). */
export interface MapRow extends MapTable {
  image_content_type: string | null;
  image_size: number | null;
  image_updated_at: string | null;
}

/** The map image without its bytes. */
export type MapImageMeta = Omit<MapImageTable, 'data'>;

/** Maps with their image metadata, limited to those the reader may see. */
function selectMaps(db: Db, scope: ReadScope) {
  return whereVisible(
    db
      .selectFrom('map')
      .leftJoin('map_image', 'map_image.map_id', 'map.id')
      .selectAll('map')
      .select(['map_image.content_type as image_content_type', 'map_image.size as image_size', 'map_image.updated_at as image_updated_at']),
    scope,
    'map',
  );
}

/** Finds a map of the scope's world that its reader may see, with its image metadata, or undefined. */
export function findMap(db: Db, scope: WorldScope, mapId: string): Promise<MapRow | undefined> {
  return selectMaps(db, scope).where('map.id', '=', mapId).where('map.world_id', '=', scope.world.id).executeTakeFirst();
}

/**
 * Lists the maps of the scope's world its reader may see, with search, sort and paging. Editors' totals come
 * from the world's kept map_count; anyone else's are counted.
 */
export function listMaps(db: Db, scope: WorldScope, params: ListParams): Promise<ListResult<MapRow>> {
  const mapCount = scope.seesSecrets ? Number(scope.world.map_count) : undefined;
  return paginate({
    query: selectMaps(db, scope).where('map.world_id', '=', scope.world.id),
    sortColumns: {
      ...timestampSortColumns('map'),
      name: { column: 'map.name', key: 'name' },
    },
    idColumn: 'map.id',
    searchColumns: ['map.name', 'map.description'],
    fullText: { db, table: 'map', scopeRows: Number(scope.world.map_count) },
    knownTotal: mapCount,
    params,
  });
}

/** Inserts a map row (the database counts it in world.map_count). */
export async function insertMap(db: Db, map: MapTable): Promise<void> {
  await db.insertInto('map').values(map).execute();
}

/** Updates a map's name, description and access columns. */
export async function updateMap(
  db: Db,
  mapId: string,
  changes: { name: string; description: string | null; description_html: string | null } & AccessColumns,
): Promise<void> {
  await db
    .updateTable('map')
    .set({ ...changes, updated_at: nowIso() })
    .where('id', '=', mapId)
    .execute();
}

/** Deletes a map; its image, points and areas go with it (ON DELETE CASCADE). */
export async function deleteMap(db: Db, mapId: string): Promise<boolean> {
  const result = await db.deleteFrom('map').where('id', '=', mapId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Inserts or replaces a map's image. */
export async function upsertMapImage(db: Db, image: MapImageTable): Promise<void> {
  const { map_id: _mapId, ...changes } = image;
  await db
    .insertInto('map_image')
    .values(image)
    .onConflict((oc) => oc.column('map_id').doUpdateSet(changes))
    .execute();
}

/**
 * Replaces a map's image only while its current version is one the caller accepts (If-Match), in one statement.
 * @param versions the accepted versions: the image's `updatedAt` or its strong ETag value.
 * @returns false when no image with such a version exists (someone replaced or removed it first).
 */
export async function replaceMapImageIfVersion(db: Db, image: MapImageTable, versions: string[]): Promise<boolean> {
  const { map_id: mapId, ...changes } = image;
  const result = await db
    .updateTable('map_image')
    .set(changes)
    .where('map_id', '=', mapId)
    .where((eb) =>
      eb.or([
        eb('updated_at', 'in', versions),
        eb(
          'etag',
          'in',
          versions.map((value) => `"${value}"`),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes a map's image only while its current version is one the caller accepts (If-Match).
 * @returns false when no image with such a version exists.
 */
export async function deleteMapImageIfVersion(db: Db, mapId: string, versions: string[]): Promise<boolean> {
  const result = await db
    .deleteFrom('map_image')
    .where('map_id', '=', mapId)
    .where((eb) =>
      eb.or([
        eb('updated_at', 'in', versions),
        eb(
          'etag',
          'in',
          versions.map((value) => `"${value}"`),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The image's metadata only (for conditional GETs), or undefined. */
export function findMapImageMeta(db: Db, mapId: string): Promise<MapImageMeta | undefined> {
  return db
    .selectFrom('map_image')
    .select(['map_id', 'content_type', 'size', 'etag', 'updated_at'])
    .where('map_id', '=', mapId)
    .executeTakeFirst();
}

/** The image bytes of a map, or undefined. */
export async function findMapImageData(db: Db, mapId: string): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('map_image').select('data').where('map_id', '=', mapId).executeTakeFirst();
  return row?.data;
}

/** Removes a map's image. @returns true when there was one. */
export async function deleteMapImage(db: Db, mapId: string): Promise<boolean> {
  const result = await db.deleteFrom('map_image').where('map_id', '=', mapId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
