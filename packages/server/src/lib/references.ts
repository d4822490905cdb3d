/**
 * References across modules. Polymorphic references (connections and map point links name an entity by type and
 * id, without a foreign key) are kept valid here: look an entity up in a world, and remove every reference to one
 * that is deleted or leaves its world. The ties a character leaves behind when it moves world, and the event
 * lookups of the timeline rules, live here too, so that no module reaches into another that reaches back.
 */
import type { ConnectableType } from '@loreforge/contract';
import type { Db } from '../db/database.js';
import { nowIso } from './time.js';

/**
 * The name (or a goal's title) of an entity in a world.
 * @returns the name, or undefined when no such entity exists in that world.
 */
export async function findEntityName(db: Db, worldId: string, type: ConnectableType, id: string): Promise<string | undefined> {
  switch (type) {
    case 'goal': {
      const row = await db.selectFrom('goal').select('title').where('id', '=', id).where('world_id', '=', worldId).executeTakeFirst();
      return row?.title;
    }
    default: {
      const row = await db.selectFrom(type).select('name').where('id', '=', id).where('world_id', '=', worldId).executeTakeFirst();
      return row?.name;
    }
  }
}

/**
 * Names of many entities at once, for presenting lists: key `${type}:${id}` → name.
 * @param refs pairs of type and id (duplicates are fine).
 */
export async function findEntityNames(
  db: Db,
  worldId: string,
  refs: Array<{ type: ConnectableType; id: string }>,
): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  const byType = new Map<ConnectableType, Set<string>>();
  for (const ref of refs) {
    const ids = byType.get(ref.type) ?? new Set<string>();
    ids.add(ref.id);
    byType.set(ref.type, ids);
  }
  for (const [type, idSet] of byType) {
    const ids = [...idSet];
    const rows =
      type === 'goal'
        ? await db.selectFrom('goal').select(['id', 'title as name']).where('world_id', '=', worldId).where('id', 'in', ids).execute()
        : await db.selectFrom(type).select(['id', 'name']).where('world_id', '=', worldId).where('id', 'in', ids).execute();
    for (const row of rows) names.set(`${type}:${row.id}`, row.name);
  }
  return names;
}

/**
 * Drops the tags of the rows the database deletes with an entity (ON DELETE CASCADE): a character's relationships
 * in both directions, a map's points and areas. Tags name their entity without a foreign key, so they go here.
 */
async function removeCascadedTags(db: Db, type: ConnectableType, id: string): Promise<void> {
  if (type === 'character') {
    await db
      .deleteFrom('entity_tag')
      .where('entity_type', '=', 'relationship')
      .where(
        'entity_id',
        'in',
        db
          .selectFrom('relationship')
          .select('id')
          .where((eb) => eb.or([eb('character_id', '=', id), eb('target_character_id', '=', id)])),
      )
      .execute();
  }
  if (type === 'map') {
    for (const table of ['map_point', 'map_area'] as const) {
      await db
        .deleteFrom('entity_tag')
        .where('entity_type', '=', table)
        .where('entity_id', 'in', db.selectFrom(table).select('id').where('map_id', '=', id))
        .execute();
    }
  }
}

/**
 * Removes every polymorphic reference to an entity: connections from or to it (with their tags), its tags and its
 * mentions, and the tags of what the database deletes with it (a character's relationships, a map's points and areas) are deleted, and
 * map points linked to it are unlinked. Call in the same transaction that deletes the entity (or moves it out of its world).
 */
export async function removeReferencesTo(db: Db, type: ConnectableType, id: string): Promise<void> {
  const connections = await db
    .selectFrom('connection')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('source_type', '=', type), eb('source_id', '=', id)]),
        eb.and([eb('target_type', '=', type), eb('target_id', '=', id)]),
      ]),
    )
    .execute();
  const connectionIds = connections.map((row) => row.id);
  if (connectionIds.length > 0) {
    await db.deleteFrom('entity_tag').where('entity_type', '=', 'connection').where('entity_id', 'in', connectionIds).execute();
    await db.deleteFrom('connection').where('id', 'in', connectionIds).execute();
  }
  await removeCascadedTags(db, type, id);
  // Tags belong to the world's vocabulary: they go with the entity, or when it leaves the world.
  await db.deleteFrom('entity_tag').where('entity_type', '=', type).where('entity_id', '=', id).execute();
  // So do the mentions its text makes (backlinks read only sources that still exist, so this is housekeeping).
  await db.deleteFrom('mention').where('source_type', '=', type).where('source_id', '=', id).execute();
  await db.deleteFrom('gm_notes_mention').where('source_type', '=', type).where('source_id', '=', id).execute();
  if (type === 'character' || type === 'item') {
    await db
      .updateTable('map_point')
      .set({ entity_type: null, entity_id: null, updated_at: nowIso() })
      .where('entity_type', '=', type)
      .where('entity_id', '=', id)
      .execute();
  }
}

/** Deletes every relationship from or to a character (used when it leaves its world). */
export async function deleteRelationshipsOf(db: Db, characterId: string): Promise<void> {
  const rows = await db
    .deleteFrom('relationship')
    .where((eb) => eb.or([eb('character_id', '=', characterId), eb('target_character_id', '=', characterId)]))
    .returning('id')
    .execute();
  // Their tags go with them (the tags of the character's other ties are dropped where those are deleted).
  const ids = rows.map((row) => row.id);
  if (ids.length > 0) await db.deleteFrom('entity_tag').where('entity_type', '=', 'relationship').where('entity_id', 'in', ids).execute();
}

/** Deletes every inventory entry of a character (its items stay in the old world when it moves). */
export async function deleteInventoryOf(db: Db, characterId: string): Promise<void> {
  await db.deleteFrom('inventory_item').where('character_id', '=', characterId).execute();
}

/** Moves every goal of a character into another world (the character moves with them). */
export async function moveGoalsOfCharacter(db: Db, characterId: string, worldId: string): Promise<void> {
  await db.updateTable('goal').set({ world_id: worldId, updated_at: nowIso() }).where('character_id', '=', characterId).execute();
}

/**
 * The timeline of an event of a world, for rules that link to events (a timeline's branching and genesis events,
 * SPEC §3 Timeline). Those rules run for editors only, who see every event, so no visibility applies.
 * @returns `{ timelineId }` (null for an event on no timeline), or undefined when the world has no such event.
 */
export async function findEventTimeline(db: Db, worldId: string, eventId: string): Promise<{ timelineId: string | null } | undefined> {
  const row = await db
    .selectFrom('event')
    .select('timeline_id')
    .where('id', '=', eventId)
    .where('world_id', '=', worldId)
    .executeTakeFirst();
  return row === undefined ? undefined : { timelineId: row.timeline_id };
}
