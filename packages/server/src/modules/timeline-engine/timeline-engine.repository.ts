/**
 * The timeline engine's queries (issue 5): the stored state of some characters (a replay's cast, or the characters
 * an answer shows), a world's characters by name, an item's stored holders, a timeline with its ancestors and their
 * events, a cheap fingerprint of everything the engine reads, and the lookups of write-time validation. The only place
 * of this module with Kysely queries.
 */
import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { whereVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';
import { hideHiddenChanges } from './timeline-engine.visible-changes.js';

/** Who the engine reads for and in which world: the engine sees only what the reader may see. */
export type EngineScope = ReadScope & { world: { id: string } };
import type { RelationshipTable } from '../../db/tables/relationship.table.js';
import { fromJsonObject, fromJsonText } from '../../lib/json.js';
import type { EngineEvent, EngineTimeline, Holding, JsonObject, RelationshipValues, StartState } from './engine/types.js';

/** The shared empty inventory or relationship map of the start state (read-only by type). */
const NOTHING: ReadonlyMap<string, never> = new Map<string, never>();

/** How deep a chain of branches is followed (a guard against a cycle in stored data). */
const MAX_CHAIN_DEPTH = 64;

/** How many ids one `in (…)` list carries at most (well under both databases' limits on bound values). */
const IN_LIST_SIZE = 500;

/** Splits ids into lists of at most IN_LIST_SIZE. */
function chunks(ids: readonly string[]): string[][] {
  const lists: string[][] = [];
  for (let index = 0; index < ids.length; index += IN_LIST_SIZE) lists.push(ids.slice(index, index + IN_LIST_SIZE));
  return lists;
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

/** Adds an inventory entry to a holding: quantities summed, equipped if any entry is; entries of 0 or less count for nothing. */
function addEntry(before: Holding | undefined, quantity: number, equipped: boolean): Holding | undefined {
  if (quantity <= 0) return before;
  return { quantity: (before?.quantity ?? 0) + quantity, equipped: (before?.equipped ?? false) || equipped };
}

/** An inventory entry as read. */
interface EntryRow {
  world_id: string;
  character_id: string;
  item_id: string;
  quantity: number | string;
  equipped: number | string | boolean;
}

/**
 * Turns the rows of one world's characters, inventory entries and relationships into stored states: entries and
 * relationships of characters not added (or of another world) are ignored; each character's entries and
 * relationships keep the order they are added in (creation order).
 */
class StoredStateBuilder {
  readonly stored: StartState = { characters: new Map(), characterNames: new Map(), itemNames: new Map() };
  /** Items held, and relationships' targets: what the answer will name. */
  readonly heldItems = new Set<string>();
  readonly targets = new Set<string>();
  private readonly attributes = new Map<string, JsonObject>();
  private readonly inventories = new Map<string, Map<string, Holding>>();
  private readonly relationships = new Map<string, Map<string, RelationshipValues>>();

  constructor(private readonly worldId: string) {}

  has(characterId: string): boolean {
    return this.attributes.has(characterId);
  }

  addCharacter(row: { id: string; world_id?: string; name: string; attributes: string | null }): void {
    if (row.world_id !== undefined && row.world_id !== this.worldId) return;
    this.attributes.set(row.id, fromJsonObject(row.attributes) as JsonObject);
    this.stored.characterNames.set(row.id, row.name);
  }

  addEntry(row: EntryRow): void {
    if (row.world_id !== this.worldId || !this.attributes.has(row.character_id)) return;
    const held = mapOf(this.inventories, row.character_id);
    const holding = addEntry(held.get(row.item_id), Number(row.quantity), Number(row.equipped) !== 0);
    if (holding === undefined) return;
    held.set(row.item_id, holding);
    this.heldItems.add(row.item_id);
  }

  addRelationship(row: RelationshipTable): void {
    if (row.world_id !== this.worldId || !this.attributes.has(row.character_id)) return;
    mapOf(this.relationships, row.character_id).set(row.target_character_id, relationshipValues(row));
    this.targets.add(row.target_character_id);
  }

  /** The states of the characters added, in the order they were added. */
  finish(): StartState {
    // Characters that hold nothing or know nobody share one empty map (states are read-only; a replay copies a
    // character before changing it).
    for (const [id, attributes] of this.attributes) {
      this.stored.characters.set(id, {
        attributes,
        inventory: this.inventories.get(id) ?? NOTHING,
        relationships: this.relationships.get(id) ?? NOTHING,
      });
    }
    return this.stored;
  }
}

function mapOf<V>(maps: Map<string, Map<string, V>>, characterId: string): Map<string, V> {
  let map = maps.get(characterId);
  if (!map) {
    map = new Map();
    maps.set(characterId, map);
  }
  return map;
}

/**
 * Loads the stored state of some characters of a world: their attributes, inventories (entries of one item summed,
 * equipped if any is) and relationships, each in creation order, and the names they reference. The queries look
 * rows up by primary key and by the per-character indexes only, so their cost follows the number of characters
 * asked for, not the size of the world; the world is checked on the rows read (a condition on `world_id` in SQL
 * lets SQLite's planner prefer the world's index and walk the whole world instead).
 * @param characterIds characters wanted; those not in the world are left out.
 * @param itemIds items whose existence and names are wanted as well.
 * @returns the characters that exist with their names, the names of the characters their relationships point at
 *   (when in the world), and the names of the wanted items and of the held items that are in the world.
 */
export async function loadStoredCharacters(
  db: Db,
  scope: EngineScope,
  characterIds: Iterable<string>,
  itemIds: Iterable<string> = [],
): Promise<StartState> {
  const worldId = scope.world.id;
  const builder = new StoredStateBuilder(worldId);
  const wanted = [...new Set(characterIds)];
  for (const list of chunks(wanted)) {
    const query = db
      .selectFrom('character')
      .select(['character.id', 'character.world_id', 'character.name', 'character.attributes'])
      .where('character.id', 'in', list);
    const rows = await whereVisible(query, scope, 'character').execute();
    for (const row of rows) builder.addCharacter(row);
  }
  for (const list of chunks(wanted.filter((id) => builder.has(id)))) {
    const entries = await whereVisible(
      db
        .selectFrom('inventory_item')
        .select([
          'inventory_item.world_id',
          'inventory_item.character_id',
          'inventory_item.item_id',
          'inventory_item.quantity',
          'inventory_item.equipped',
        ])
        .where('inventory_item.character_id', 'in', list),
      scope,
      'inventory_item',
    )
      .orderBy('inventory_item.character_id')
      .orderBy('inventory_item.created_at')
      .orderBy('inventory_item.id')
      .execute();
    for (const row of entries) builder.addEntry(row);
    const relationships = await whereVisible(
      db.selectFrom('relationship').selectAll('relationship').where('relationship.character_id', 'in', list),
      scope,
      'relationship',
    )
      .orderBy('relationship.character_id')
      .orderBy('relationship.created_at')
      .orderBy('relationship.id')
      .execute();
    for (const row of relationships) builder.addRelationship(row);
  }
  const stored = builder.finish();
  const unnamed = [...builder.targets].filter((id) => !stored.characterNames.has(id));
  for (const list of chunks(unnamed)) {
    const query = db
      .selectFrom('character')
      .select(['character.id', 'character.world_id', 'character.name'])
      .where('character.id', 'in', list);
    const rows = await whereVisible(query, scope, 'character').execute();
    for (const row of rows) if (row.world_id === worldId) stored.characterNames.set(row.id, row.name);
  }
  for (const list of chunks([...new Set([...itemIds, ...builder.heldItems])])) {
    const query = db.selectFrom('item').select(['item.id', 'item.world_id', 'item.name']).where('item.id', 'in', list);
    const rows = await whereVisible(query, scope, 'item').execute();
    for (const row of rows) if (row.world_id === worldId) stored.itemNames.set(row.id, row.name);
  }
  return stored;
}

/**
 * Loads the stored state of every character of a world, as `loadStoredCharacters` would, with the names of all
 * its characters and items. Reads each table of the world once, one after the other (each result is turned into
 * states before the next is read): several times faster than looking every character up, for the answers that
 * show the whole world.
 */
export async function loadWorldCharacters(db: Db, scope: EngineScope): Promise<StartState> {
  const worldId = scope.world.id;
  const builder = new StoredStateBuilder(worldId);
  const characters = await whereVisible(
    db.selectFrom('character').select(['character.id', 'character.name', 'character.attributes']).where('character.world_id', '=', worldId),
    scope,
    'character',
  ).execute();
  for (const row of characters) builder.addCharacter(row);
  characters.length = 0;
  const entries = await whereVisible(
    db
      .selectFrom('inventory_item')
      .select([
        'inventory_item.world_id',
        'inventory_item.character_id',
        'inventory_item.item_id',
        'inventory_item.quantity',
        'inventory_item.equipped',
      ])
      .where('inventory_item.world_id', '=', worldId),
    scope,
    'inventory_item',
  )
    .orderBy('inventory_item.character_id')
    .orderBy('inventory_item.created_at')
    .orderBy('inventory_item.id')
    .execute();
  for (const row of entries) builder.addEntry(row);
  entries.length = 0;
  const relationships = await whereVisible(
    db.selectFrom('relationship').selectAll('relationship').where('relationship.world_id', '=', worldId),
    scope,
    'relationship',
  )
    .orderBy('relationship.character_id')
    .orderBy('relationship.created_at')
    .orderBy('relationship.id')
    .execute();
  for (const row of relationships) builder.addRelationship(row);
  relationships.length = 0;
  const stored = builder.finish();
  const items = whereVisible(db.selectFrom('item').select(['item.id', 'item.name']).where('item.world_id', '=', worldId), scope, 'item');
  for (const row of await items.execute()) {
    stored.itemNames.set(row.id, row.name);
  }
  return stored;
}

/**
 * Every character of a world with its name, ordered by name then id as the database compares them (nearly the
 * engine's order, which sorts again). Two columns of one index, read once per version of the world.
 */
export function loadCharacterNames(db: Db, scope: EngineScope): Promise<Array<{ id: string; name: string }>> {
  const query = db.selectFrom('character').select(['character.id', 'character.name']).where('character.world_id', '=', scope.world.id);
  return whereVisible(query, scope, 'character').orderBy('character.name').orderBy('character.id').execute();
}

/**
 * The characters of a world whose stored inventory holds an item (entries summed, equipped if any is). Reads the
 * item's entries through its own index (the world is checked on the rows, as in `loadStoredCharacters`).
 * @returns them in no particular order, each with its name.
 */
export async function loadItemHolders(
  db: Db,
  scope: EngineScope,
  itemId: string,
): Promise<Array<{ characterId: string; name: string; holding: Holding }>> {
  const worldId = scope.world.id;
  const rows = await whereVisible(
    db
      .selectFrom('inventory_item')
      .innerJoin('character', 'character.id', 'inventory_item.character_id')
      .select([
        'inventory_item.world_id as entryWorldId',
        'character.world_id as characterWorldId',
        'inventory_item.character_id as characterId',
        'character.name as name',
        'inventory_item.quantity as quantity',
        'inventory_item.equipped as equipped',
      ])
      .where('inventory_item.item_id', '=', itemId),
    scope,
    'inventory_item',
  ).execute();
  const holders = new Map<string, { characterId: string; name: string; holding: Holding }>();
  for (const row of rows) {
    if (row.entryWorldId !== worldId || row.characterWorldId !== worldId) continue;
    const holding = addEntry(holders.get(row.characterId)?.holding, Number(row.quantity), Number(row.equipped) !== 0);
    if (holding !== undefined) holders.set(row.characterId, { characterId: row.characterId, name: row.name, holding });
  }
  return [...holders.values()];
}

/**
 * Loads a timeline of a world and its ancestors.
 * @returns the chain, root first and the timeline last; undefined when the timeline is not in that world.
 */
export async function loadTimelineChain(db: Db, scope: EngineScope, timelineId: string): Promise<EngineTimeline[] | undefined> {
  const chain: EngineTimeline[] = [];
  const seen = new Set<string>();
  let nextId: string | null = timelineId;
  while (nextId !== null && !seen.has(nextId) && chain.length < MAX_CHAIN_DEPTH) {
    seen.add(nextId);
    const id: string = nextId;
    const query = db
      .selectFrom('timeline')
      .select([
        'timeline.id',
        'timeline.name',
        'timeline.current_date_time',
        'timeline.current_instant',
        'timeline.parent_timeline_id',
        'timeline.branching_event',
      ])
      .where('timeline.id', '=', id)
      .where('timeline.world_id', '=', scope.world.id);
    const row:
      | {
          id: string;
          name: string;
          current_date_time: string;
          current_instant?: string | number | bigint | null;
          parent_timeline_id: string | null;
          branching_event: string | null;
        }
      | undefined = await whereVisible(query, scope, 'timeline').executeTakeFirst();
    if (!row) break;
    chain.unshift({
      id: row.id,
      name: row.name,
      currentDateTime: row.current_date_time,
      currentInstant: row.current_instant === null || row.current_instant === undefined ? null : BigInt(row.current_instant),
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
export async function loadTimelineEvents(db: Db, scope: EngineScope, timelineIds: string[]): Promise<Map<string, EngineEvent[]>> {
  const byTimeline = new Map<string, EngineEvent[]>(timelineIds.map((id) => [id, []]));
  if (timelineIds.length === 0) return byTimeline;
  const query = db
    .selectFrom('event')
    .select([
      'event.id',
      'event.timeline_id',
      'event.name',
      'event.date_time',
      'event.instant',
      'event.created_at',
      'event.character_attribute_changes',
      'event.inventory_changes',
      'event.relationship_changes',
    ])
    .where('event.world_id', '=', scope.world.id)
    .where('event.timeline_id', 'in', timelineIds);
  // A reader who may not see an event does not get its changes applied; nor changes naming what they may not see.
  const rows = await hideHiddenChanges(db, scope, await whereVisible(query, scope, 'event').execute());
  for (const row of rows) {
    if (row.timeline_id === null) continue;
    byTimeline.get(row.timeline_id)?.push({
      id: row.id,
      timelineId: row.timeline_id,
      name: row.name,
      dateTime: row.date_time,
      instant: row.instant === null ? null : BigInt(row.instant),
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
  scope: EngineScope,
): Promise<Array<{ objectiveId: string; description: string; questId: string; questName: string; questStatus: string }>> {
  return whereVisible(
    db
      .selectFrom('quest_objective')
      .innerJoin('quest', 'quest.id', 'quest_objective.quest_id')
      .select([
        'quest_objective.id as objectiveId',
        'quest_objective.description as description',
        'quest.id as questId',
        'quest.name as questName',
        'quest.status as questStatus',
      ])
      .where('quest.world_id', '=', scope.world.id)
      .where('quest.status', '=', 'pending')
      .whereRef('quest_objective.progress', '>=', 'quest_objective.target'),
    scope,
    'quest_objective',
  )
    .orderBy('quest.created_at')
    .orderBy('quest_objective.created_at')
    .execute();
}

/** A change field's entry count, read in SQL from its stored JSON text (0 for free-form values and no value). */
function changeCountSql(column: 'character_attribute_changes' | 'inventory_changes' | 'relationship_changes', postgres: boolean) {
  const ref = sql.ref(column);
  return postgres
    ? sql<number>`case when jsonb_typeof(${ref}::jsonb -> 'changes') = 'array' then jsonb_array_length(${ref}::jsonb -> 'changes') else 0 end`
    : sql<number>`coalesce(case when json_type(${ref}, '$.changes') = 'array' then json_array_length(${ref}, '$.changes') end, 0)`;
}

/**
 * How many change entries the world's events hold together (versioned entries of all three fields), leaving one
 * event out (the one being replaced). Reads every event's change text of the world, so it runs only on writes
 * that bring changes.
 * @param exceptEventId the event whose stored changes do not count (an update), or undefined.
 */
export async function countWorldChanges(db: Db, worldId: string, exceptEventId?: string): Promise<number> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  let query = db
    .selectFrom('event')
    .select(
      sql<number>`coalesce(sum(${changeCountSql('character_attribute_changes', postgres)} + ${changeCountSql('inventory_changes', postgres)} + ${changeCountSql('relationship_changes', postgres)}), 0)`.as(
        'total',
      ),
    )
    .where('world_id', '=', worldId);
  if (exceptEventId !== undefined) query = query.where('id', '!=', exceptEventId);
  const row = await query.executeTakeFirst();
  return Number(row?.total ?? 0);
}
