/**
 * Reads of the world export (issue 13): every table of a world in pages of PAGE_SIZE rows (keyset on id), each
 * read through the reader's scope (visibility.ts), so a player's or viewer's export holds exactly what they may
 * see: no secret row, no row naming a hidden entity, no hidden id inside a visible row (a character's location,
 * a timeline's genesis event, an event's child timeline, an event's changes, active quests).
 */
import { type Kysely, type SqlBool, sql } from 'kysely';
import { TAGGABLE_TYPES } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { CalendarTable } from '../../db/tables/calendar.table.js';
import type { ConnectionTable } from '../../db/tables/connection.table.js';
import type { GoalTable } from '../../db/tables/goal.table.js';
import type { InventoryItemTable, ItemTable } from '../../db/tables/item.table.js';
import type { MapAreaTable, MapPointTable, MapTable } from '../../db/tables/map.table.js';
import type { QuestObjectiveTable, QuestTable } from '../../db/tables/quest.table.js';
import type { RelationshipTable } from '../../db/tables/relationship.table.js';
import type { EventTable, TimelineTable } from '../../db/tables/timeline.table.js';
import { type CharacterRecord, withActiveQuests } from '../characters/character.repository.js';
import { hideHiddenChanges } from '../timeline-engine/timeline-engine.visible-changes.js';
import { maskHidden, visibleCondition, whereVisible } from '../../access/visibility.js';
import type { ImportRows } from './import.plan.js';
import type { ReadScope } from '../../access/world-scope.js';

/** Rows per query while exporting: bounds memory whatever the world's size. */
export const PAGE_SIZE = 1000;

/** What an export reads with: the world and who reads it. */
export interface ExportScope extends ReadScope {
  worldId: string;
}

/** Pages of rows by id, until a page comes back short. */
async function* byIdPages<Row extends { id: string }>(fetch: (afterId: string) => Promise<Row[]>): AsyncGenerator<Row[]> {
  let after = '';
  for (;;) {
    const rows = await fetch(after);
    if (rows.length > 0) yield rows;
    if (rows.length < PAGE_SIZE) return;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

/** The secret-capable tables whose rows hold their world's id and are exported as stored. */
type WorldRows = Pick<
  ImportRows,
  'item' | 'inventory_item' | 'goal' | 'relationship' | 'timeline' | 'event' | 'map_point' | 'map_area' | 'quest' | 'connection'
>;

/** One page of a world's rows of `table` after `after` by id, those the reader may see. */
async function visibleRows<T extends keyof WorldRows>(db: Db, scope: ExportScope, table: T, after: string): Promise<Array<WorldRows[T]>> {
  // Every one of these tables has `id` and `world_id`; Kysely cannot type a query over a table chosen at run time.
  const rows = db as unknown as Kysely<Record<string, { id: string; world_id: string }>>;
  const query = rows
    .selectFrom(table as string)
    .selectAll()
    .where('world_id', '=', scope.worldId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(PAGE_SIZE);
  return (await whereVisible(query, scope, table).execute()) as unknown as Array<WorldRows[T]>;
}

/** Calendars carry no secrets: every reader of the world sees them. */
export const calendarPages = (db: Db, scope: ExportScope): AsyncGenerator<CalendarTable[]> =>
  byIdPages((after) =>
    db
      .selectFrom('calendar')
      .selectAll()
      .where('world_id', '=', scope.worldId)
      .where('id', '>', after)
      .orderBy('id')
      .limit(PAGE_SIZE)
      .execute(),
  );

/** Characters with the active quests and location the reader may see. */
export const characterPages = (db: Db, scope: ExportScope): AsyncGenerator<CharacterRecord[]> =>
  byIdPages(async (after) => {
    const query = db
      .selectFrom('character')
      .selectAll('character')
      .where('character.world_id', '=', scope.worldId)
      .where('character.id', '>', after)
      .orderBy('character.id')
      .limit(PAGE_SIZE);
    return withActiveQuests(db, scope, await whereVisible(query, scope, 'character').execute());
  });

export const itemPages = (db: Db, scope: ExportScope): AsyncGenerator<ItemTable[]> =>
  byIdPages((after) => visibleRows(db, scope, 'item', after));

export const inventoryPages = (db: Db, scope: ExportScope): AsyncGenerator<InventoryItemTable[]> =>
  byIdPages((after) => visibleRows(db, scope, 'inventory_item', after));

export const goalPages = (db: Db, scope: ExportScope): AsyncGenerator<GoalTable[]> =>
  byIdPages((after) => visibleRows(db, scope, 'goal', after));

export const relationshipPages = (db: Db, scope: ExportScope): AsyncGenerator<RelationshipTable[]> =>
  byIdPages((after) => visibleRows(db, scope, 'relationship', after));

/** Timelines, with a genesis or branching event the reader may not see masked to null. */
export const timelinePages = (db: Db, scope: ExportScope): AsyncGenerator<TimelineTable[]> =>
  byIdPages(async (after) => {
    const rows = await visibleRows(db, scope, 'timeline', after);
    const genesis = await maskHidden(db, scope, rows, 'genesis_event', 'event');
    return maskHidden(db, scope, genesis, 'branching_event', 'event');
  });

/** Events, with a hidden child timeline masked and changes naming hidden characters or items left out. */
export const eventPages = (db: Db, scope: ExportScope): AsyncGenerator<EventTable[]> =>
  byIdPages(async (after) => {
    const rows = await visibleRows(db, scope, 'event', after);
    return hideHiddenChanges(db, scope, await maskHidden(db, scope, rows, 'child_timeline_id', 'timeline'));
  });

/** A map with its image's type and size (the bytes are read one map at a time by findMapImageBytes). */
export type MapWithImage = MapTable & { content_type: string | null; size: number | null };

export const mapPages = (db: Db, scope: ExportScope): AsyncGenerator<MapWithImage[]> =>
  byIdPages((after) =>
    whereVisible(
      db
        .selectFrom('map')
        .leftJoin('map_image', 'map_image.map_id', 'map.id')
        .selectAll('map')
        .select(['map_image.content_type', 'map_image.size'])
        .where('map.world_id', '=', scope.worldId)
        .where('map.id', '>', after)
        .orderBy('map.id')
        .limit(PAGE_SIZE),
      scope,
      'map',
    ).execute(),
  );

/** One map's image bytes, or undefined when it has none (any more). */
export async function findMapImageBytes(db: Db, mapId: string): Promise<Uint8Array | undefined> {
  const row = await db.selectFrom('map_image').select('data').where('map_id', '=', mapId).executeTakeFirst();
  return row?.data;
}

export const mapPointPages = (db: Db, scope: ExportScope): AsyncGenerator<MapPointTable[]> =>
  byIdPages((after) => visibleRows(db, scope, 'map_point', after));

export const mapAreaPages = (db: Db, scope: ExportScope): AsyncGenerator<MapAreaTable[]> =>
  byIdPages((after) => visibleRows(db, scope, 'map_area', after));

export const questPages = (db: Db, scope: ExportScope): AsyncGenerator<QuestTable[]> =>
  byIdPages((after) => visibleRows(db, scope, 'quest', after));

/** Objectives of the world's quests (the table has no world column: through its quest). */
export const objectivePages = (db: Db, scope: ExportScope): AsyncGenerator<QuestObjectiveTable[]> =>
  byIdPages((after) =>
    whereVisible(
      db
        .selectFrom('quest_objective')
        .innerJoin('quest', 'quest.id', 'quest_objective.quest_id')
        .selectAll('quest_objective')
        .where('quest.world_id', '=', scope.worldId)
        .where('quest_objective.id', '>', after)
        .orderBy('quest_objective.id')
        .limit(PAGE_SIZE),
      scope,
      'quest_objective',
    ).execute(),
  );

export const connectionPages = (db: Db, scope: ExportScope): AsyncGenerator<ConnectionTable[]> =>
  byIdPages((after) => visibleRows(db, scope, 'connection', after));

/** One entity's tags, as the export writes them. */
export interface TaggedEntity {
  id: string;
  entity_type: string;
  entity_id: string;
  tags: string[];
}

/**
 * Tags of the entities the reader may see (each kind's visibility rule through an exists on its table, as the
 * tags module reads them), grouped per entity; pages are keyed on "type:id".
 */
export const tagPages = (db: Db, scope: ExportScope): AsyncGenerator<TaggedEntity[]> =>
  byIdPages(async (after) => {
    let query = db
      .selectFrom('entity_tag')
      .select(['entity_type', 'entity_id'])
      .select(sql<string>`${sql.ref('entity_type')} || ':' || ${sql.ref('entity_id')}`.as('id'))
      .where('entity_tag.world_id', '=', scope.worldId)
      .where(sql<SqlBool>`${sql.ref('entity_type')} || ':' || ${sql.ref('entity_id')} > ${after}`)
      .groupBy(['entity_type', 'entity_id'])
      .orderBy('id')
      .limit(PAGE_SIZE);
    if (!scope.seesSecrets) {
      const kinds = TAGGABLE_TYPES.map((type) => {
        const rule = visibleCondition(scope, type, 'tagged') ?? sql<SqlBool>`true`;
        return sql<SqlBool>`(entity_tag.entity_type = ${type} and exists (select 1 from ${sql.table(type)} as tagged where tagged.id = entity_tag.entity_id and ${rule}))`;
      });
      query = query.where(sql<SqlBool>`(${sql.join(kinds, sql` or `)})`);
    }
    const entities = await query.execute();
    if (entities.length === 0) return [];
    const rows = await db
      .selectFrom('entity_tag')
      .select(['entity_type', 'entity_id', 'tag'])
      .where('world_id', '=', scope.worldId)
      .where('entity_id', 'in', [...new Set(entities.map((entity) => entity.entity_id))])
      .orderBy('tag_key')
      .execute();
    const byKey = new Map<string, TaggedEntity>(entities.map((entity) => [entity.id, Object.assign({}, entity, { tags: [] })]));
    for (const row of rows) byKey.get(`${row.entity_type}:${row.entity_id}`)?.tags.push(row.tag);
    return [...byKey.values()];
  });
