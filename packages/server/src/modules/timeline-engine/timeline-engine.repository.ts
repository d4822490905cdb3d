/**
 * The timeline engine's queries (issue 5): a world's start state, a timeline with its ancestors and their events,
 * a cheap fingerprint of everything the engine reads, and the lookups of write-time validation. The only place
 * of this module with Kysely queries.
 */
import type { Db } from '../../db/database.js';
import type { RelationshipTable } from '../../db/tables/relationship.table.js';
import { fromJsonObject, fromJsonText } from '../../lib/json.js';
import type { EngineEvent, EngineTimeline, Holding, JsonObject, RelationshipValues, StartState } from './engine.types.js';

/** The shared empty inventory or relationship map of the start state (read-only by type). */
const NOTHING: ReadonlyMap<string, never> = new Map<string, never>();

/** How deep a chain of branches is followed (a guard against a cycle in stored data). */
const MAX_CHAIN_DEPTH = 64;

/** Keeps one copy of each id string (rows repeat the same ids as separate strings). */
function interner(): (id: string) => string {
  const seen = new Map<string, string>();
  return (id) => {
    const known = seen.get(id);
    if (known !== undefined) return known;
    seen.set(id, id);
    return id;
  };
}

function relationshipValues(row: RelationshipTable): RelationshipValues {
  return {
    relationshipType: row.relationship_type,
    description: row.description,
    affinity: Number(row.affinity),
    powerBalance: Number(row.power_balance),
    trustLevel: Number(row.trust_level),
    communicationStyle: row.communication_style,
    pastInteractions: row.past_interactions,
    currentGoalAlignment: row.current_goal_alignment,
    dependenceLevel: row.dependence_level,
  };
}

/**
 * Loads a world's start state: its characters' stored attributes, inventories (entries of one item summed,
 * equipped if any is) and relationships, and the names of its characters and items. The tables are read one
 * after the other, each result turned into the state before the next is read, so a large world's rows are
 * never all in memory at once.
 */
export async function loadStartState(db: Db, worldId: string): Promise<StartState> {
  const start: StartState = { characters: new Map(), characterNames: new Map(), itemNames: new Map() };
  const id = interner();
  for (const row of await db.selectFrom('item').select(['id', 'name']).where('world_id', '=', worldId).execute()) {
    start.itemNames.set(id(row.id), row.name);
  }
  // Most characters hold nothing and know nobody: they share one empty map (states are read-only; the replay
  // copies a character before changing it), which saves two maps per character in a large world.
  const inventories = new Map<string, Map<string, Holding>>();
  const relationshipsOf = new Map<string, Map<string, RelationshipValues>>();
  const mapOf = <V>(maps: Map<string, Map<string, V>>, characterId: string): Map<string, V> => {
    let map = maps.get(characterId);
    if (!map) {
      map = new Map();
      maps.set(characterId, map);
    }
    return map;
  };
  const inventory = await db.selectFrom('inventory_item').select(['character_id', 'item_id', 'quantity', 'equipped']).where('world_id', '=', worldId).execute();
  for (const row of inventory) {
    const quantity = Number(row.quantity);
    if (quantity <= 0) continue;
    const held = mapOf(inventories, id(row.character_id));
    const before = held.get(row.item_id);
    held.set(id(row.item_id), {
      quantity: (before?.quantity ?? 0) + quantity,
      equipped: (before?.equipped ?? false) || Number(row.equipped) !== 0,
    });
  }
  inventory.length = 0;
  const relationships = await db.selectFrom('relationship').selectAll().where('world_id', '=', worldId).execute();
  for (const row of relationships) mapOf(relationshipsOf, id(row.character_id)).set(id(row.target_character_id), relationshipValues(row));
  relationships.length = 0;
  const characters = await db.selectFrom('character').select(['id', 'name', 'attributes']).where('world_id', '=', worldId).execute();
  for (const row of characters) {
    const characterId = id(row.id);
    start.characters.set(characterId, {
      attributes: fromJsonObject(row.attributes) as JsonObject,
      inventory: inventories.get(characterId) ?? NOTHING,
      relationships: relationshipsOf.get(characterId) ?? NOTHING,
    });
    start.characterNames.set(characterId, row.name);
  }
  return start;
}

/**
 * Loads a timeline of a world and its ancestors.
 * @returns the chain, root first and the timeline last; undefined when the timeline is not in that world.
 */
export async function loadTimelineChain(db: Db, worldId: string, timelineId: string): Promise<EngineTimeline[] | undefined> {
  const chain: EngineTimeline[] = [];
  const seen = new Set<string>();
  let nextId: string | null = timelineId;
  while (nextId !== null && !seen.has(nextId) && chain.length < MAX_CHAIN_DEPTH) {
    seen.add(nextId);
    const row = await db
      .selectFrom('timeline')
      .select(['id', 'name', 'current_date_time', 'parent_timeline_id', 'branching_event'])
      .where('id', '=', nextId)
      .where('world_id', '=', worldId)
      .executeTakeFirst();
    if (!row) break;
    chain.unshift({
      id: row.id,
      name: row.name,
      currentDateTime: row.current_date_time,
      parentTimelineId: row.parent_timeline_id,
      branchingEventId: row.branching_event,
    });
    nextId = row.parent_timeline_id;
  }
  return chain.at(-1)?.id === timelineId ? chain : undefined;
}

/** A stored change field: its JSON, or the raw text when it is not JSON (then read as the old free form). */
const readChangeField = (text: string | null): unknown => fromJsonText<unknown>(text, text);

/**
 * Loads the events of some timelines of a world.
 * @returns timelineId → its events (unordered; the engine orders them).
 */
export async function loadTimelineEvents(db: Db, worldId: string, timelineIds: string[]): Promise<Map<string, EngineEvent[]>> {
  const byTimeline = new Map<string, EngineEvent[]>(timelineIds.map((id) => [id, []]));
  if (timelineIds.length === 0) return byTimeline;
  const rows = await db
    .selectFrom('event')
    .select(['id', 'timeline_id', 'name', 'date_time', 'created_at', 'character_attribute_changes', 'inventory_changes', 'relationship_changes'])
    .where('world_id', '=', worldId)
    .where('timeline_id', 'in', timelineIds)
    .execute();
  for (const row of rows) {
    if (row.timeline_id === null) continue;
    byTimeline.get(row.timeline_id)?.push({
      id: row.id,
      timelineId: row.timeline_id,
      name: row.name,
      dateTime: row.date_time,
      createdAt: row.created_at,
      characterAttributeChanges: readChangeField(row.character_attribute_changes),
      inventoryChanges: readChangeField(row.inventory_changes),
      relationshipChanges: readChangeField(row.relationship_changes),
    });
  }
  return byTimeline;
}

/**
 * The world's content version: raised by the database on every insert, update or delete of the characters,
 * items, inventory entries, relationships, timelines and events the engine reads (and the world's other
 * content), by this process, another instance or a script. One primary-key read.
 * @returns an opaque string; equal strings mean nothing the engine reads has changed ('' when the world is gone).
 */
export async function readWorldFingerprint(db: Db, worldId: string): Promise<string> {
  const row = await db.selectFrom('world').select('content_version').where('id', '=', worldId).executeTakeFirst();
  return row ? String(row.content_version) : '';
}

/**
 * Which of some ids are rows of a table in a world.
 * @returns the subset that exists.
 */
export async function findExistingIds(db: Db, worldId: string, table: 'character' | 'item', ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('world_id', '=', worldId).where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Objectives that are complete (progress ≥ target) while their quest is still pending: they were completed
 * while the quest was not active.
 */
export function findObjectivesCompletedOutsideActiveQuests(
  db: Db,
  worldId: string,
): Promise<Array<{ objectiveId: string; description: string; questId: string; questName: string; questStatus: string }>> {
  return db
    .selectFrom('quest_objective')
    .innerJoin('quest', 'quest.id', 'quest_objective.quest_id')
    .select([
      'quest_objective.id as objectiveId',
      'quest_objective.description as description',
      'quest.id as questId',
      'quest.name as questName',
      'quest.status as questStatus',
    ])
    .where('quest.world_id', '=', worldId)
    .where('quest.status', '=', 'pending')
    .whereRef('quest_objective.progress', '>=', 'quest_objective.target')
    .orderBy('quest.created_at')
    .orderBy('quest_objective.created_at')
    .execute();
}
