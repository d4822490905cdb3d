/**
 * A storage-level factory for map points: writes a map (the database counts it) and a point on it
 * directly, so tests of characters' locations do not depend on the maps API.
 */
import type { FastifyInstance } from 'fastify';
import { newId } from '../../src/lib/ids.js';
import { nowIso } from '../../src/lib/time.js';

/**
 * Inserts a map and one point on it, optionally linked to an entity.
 * @returns the point's id.
 */
export async function insertMapPointRow(
  app: FastifyInstance,
  worldId: string,
  entity: { type: 'character' | 'item'; id: string } | null = null,
): Promise<string> {
  const now = nowIso();
  const mapId = newId();
  const pointId = newId();
  await app.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('map')
      .values({ id: mapId, world_id: worldId, name: 'Atlas', description: null, created_at: now, updated_at: now })
      .execute();
    await trx
      .insertInto('map_point')
      .values({
        id: pointId,
        world_id: worldId,
        map_id: mapId,
        name: 'Crossroads',
        description: null,
        x: 10,
        y: 20,
        entity_type: entity?.type ?? null,
        entity_id: entity?.id ?? null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  });
  return pointId;
}

/** A map point's linked entity, or undefined when the point is gone. */
export async function findMapPointEntity(
  app: FastifyInstance,
  pointId: string,
): Promise<{ type: string | null; id: string | null } | undefined> {
  const row = await app.db.selectFrom('map_point').select(['entity_type', 'entity_id']).where('id', '=', pointId).executeTakeFirst();
  return row ? { type: row.entity_type, id: row.entity_id } : undefined;
}
