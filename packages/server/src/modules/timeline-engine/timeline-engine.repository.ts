/**
 * The timeline engine's queries (issue 5): a world's start state, a timeline with its ancestors and their events,
 * a cheap fingerprint of everything the engine reads, and the lookups of write-time validation. The only place
 * of this module with Kysely queries.
 */
import type { Db } from '../../db/database.js';
import { fromJsonObject, fromJsonText } from '../../lib/json.js';
import type { CharacterState, EngineEvent, EngineTimeline, JsonObject, StartState } from './engine.types.js';

/** How deep a chain of branches is followed (a guard against a cycle in stored data). */
const MAX_CHAIN_DEPTH = 64;

/**
 * Loads a world's start state: its characters' stored attributes, inventories (entries of one item summed,
 * equipped if any is) and relationships, and the names of its characters and items.
 */
export async function loadStartState(db: Db, worldId: string): Promise<StartState> {
  const [characters, items, inventory, relationships] = await Promise.all([
    db.selectFrom('character').select(['id', 'name', 'attributes']).where('world_id', '=', worldId).execute(),
    db.selectFrom('item').select(['id', 'name']).where('world_id', '=', worldId).execute(),
    db.selectFrom('inventory_item').select(['character_id', 'item_id', 'quantity', 'equipped']).where('world_id', '=', worldId).execute(),
    db.selectFrom('relationship').selectAll().where('world_id', '=', worldId).execute(),
  ]);
  const start: StartState = { characters: new Map(), characterNames: new Map(), itemNames: new Map() };
  for (const row of characters) {
    const state: CharacterState = { attributes: fromJsonObject(row.attributes) as JsonObject, inventory: new Map(), relationships: new Map() };
    start.characters.set(row.id, state);
    start.characterNames.set(row.id, row.name);
  }
  for (const row of items) start.itemNames.set(row.id, row.name);
  for (const row of inventory) {
    const holder = start.characters.get(row.character_id);
    const quantity = Number(row.quantity);
    if (!holder || quantity <= 0) continue;
    const held = holder.inventory.get(row.item_id);
    holder.inventory.set(row.item_id, {
      quantity: (held?.quantity ?? 0) + quantity,
      equipped: (held?.equipped ?? false) || Number(row.equipped) !== 0,
    });
  }
  for (const row of relationships) {
    start.characters.get(row.character_id)?.relationships.set(row.target_character_id, {
      relationshipType: row.relationship_type,
      description: row.description,
      affinity: Number(row.affinity),
      powerBalance: Number(row.power_balance),
      trustLevel: Number(row.trust_level),
      communicationStyle: row.communication_style,
      pastInteractions: row.past_interactions,
      currentGoalAlignment: row.current_goal_alignment,
      dependenceLevel: row.dependence_level,
    });
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
