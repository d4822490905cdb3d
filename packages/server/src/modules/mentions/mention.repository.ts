/**
 * Queries on `mention` (the backlink index) and on the entities mentions name (issue "Linked lore",
 * docs/rich-text.md). Every read of a target or a source goes through visibility.ts, so a mention or a backlink
 * never shows what the reader may not see.
 */
import { sql } from 'kysely';
import type { Backlink, BacklinkSourceType, MentionEntityType, RichTextSourceType } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { type MentionRef, mentionKey } from '../../lib/rich-text/mention-markup.js';
import { type SecretTable, whereVisible } from '../../access/visibility.js';
import type { ReadScope } from '../../access/world-scope.js';

/** The table of each mentionable type, its name column and the column naming its parent (or null). */
const TARGETS: Record<MentionEntityType, { table: SecretTable; name: 'name' | 'title'; parent: 'map_id' | 'character_id' | null }> = {
  character: { table: 'character', name: 'name', parent: null },
  item: { table: 'item', name: 'name', parent: null },
  quest: { table: 'quest', name: 'name', parent: null },
  event: { table: 'event', name: 'name', parent: null },
  timeline: { table: 'timeline', name: 'name', parent: null },
  map: { table: 'map', name: 'name', parent: null },
  mapPoint: { table: 'map_point', name: 'name', parent: 'map_id' },
  mapArea: { table: 'map_area', name: 'name', parent: 'map_id' },
  goal: { table: 'goal', name: 'title', parent: 'character_id' },
};

/** A mention target as answers show it. */
export interface MentionTarget {
  name: string;
  parentId: string | null;
}

/** Groups refs by type: type → distinct ids. */
function idsByType(refs: MentionRef[]): Map<MentionEntityType, string[]> {
  const grouped = new Map<MentionEntityType, Set<string>>();
  for (const ref of refs) {
    if (!(ref.type in TARGETS)) continue;
    const ids = grouped.get(ref.type) ?? new Set<string>();
    ids.add(ref.id);
    grouped.set(ref.type, ids);
  }
  return new Map([...grouped].map(([type, ids]) => [type, [...ids]]));
}

/**
 * The mentioned entities of a world that the reader may see, with their current names: one query per type
 * mentioned (never one per mention).
 * @param refs mentions, duplicates welcome.
 * @returns `type:id` → name and parent; a target that is missing, of another world or hidden is absent.
 */
export async function findMentionTargets(
  db: Db,
  scope: ReadScope,
  worldId: string,
  refs: MentionRef[],
): Promise<Map<string, MentionTarget>> {
  const found = new Map<string, MentionTarget>();
  for (const [type, ids] of idsByType(refs)) {
    const target = TARGETS[type];
    const parent = target.parent === null ? sql<string | null>`null` : sql<string | null>`${sql.ref(`${target.table}.${target.parent}`)}`;
    const query = db
      .selectFrom(target.table)
      .select([
        sql<string>`${sql.ref(`${target.table}.id`)}`.as('id'),
        sql<string>`${sql.ref(`${target.table}.${target.name}`)}`.as('name'),
        parent.as('parent_id'),
      ])
      .where(sql.ref(`${target.table}.world_id`), '=', worldId)
      .where(sql.ref(`${target.table}.id`), 'in', ids);
    const rows = await whereVisible(query, scope, target.table).execute();
    for (const row of rows) found.set(mentionKey(type, row.id), { name: row.name, parentId: row.parent_id });
  }
  return found;
}

/**
 * Makes `refs` the mentions of one source entity (the index behind backlinks). Call in the transaction that writes
 * the source's text.
 */
export async function replaceMentionsOf(
  db: Db,
  worldId: string,
  sourceType: RichTextSourceType,
  sourceId: string,
  refs: MentionRef[],
): Promise<void> {
  await db.deleteFrom('mention').where('source_type', '=', sourceType).where('source_id', '=', sourceId).execute();
  if (refs.length === 0) return;
  await db
    .insertInto('mention')
    .values(
      refs.map((ref) => ({ world_id: worldId, source_type: sourceType, source_id: sourceId, target_type: ref.type, target_id: ref.id })),
    )
    .execute();
}

/**
 * Makes `refs` the mentions inside one source entity's GM notes (`gm_notes_mention`, which only editors' and the
 * owner's backlinks read). Call in the transaction that writes the source.
 */
export async function replaceGmNotesMentionsOf(
  db: Db,
  worldId: string,
  sourceType: BacklinkSourceType,
  sourceId: string,
  refs: MentionRef[],
): Promise<void> {
  await db.deleteFrom('gm_notes_mention').where('source_type', '=', sourceType).where('source_id', '=', sourceId).execute();
  const distinct = [...new Map(refs.map((ref) => [mentionKey(ref.type, ref.id), ref])).values()];
  if (distinct.length === 0) return;
  await db
    .insertInto('gm_notes_mention')
    .values(
      distinct.map((ref) => ({
        world_id: worldId,
        source_type: sourceType,
        source_id: sourceId,
        target_type: ref.type,
        target_id: ref.id,
      })),
    )
    .execute();
}

/**
 * Sources whose text mentions the target, by type (distinct ids). Mentions inside GM notes count only for a reader
 * who sees secrets (editors and the owner): for anyone else that table is never read.
 */
async function mentionSources(db: Db, scope: ReadScope, worldId: string, target: MentionRef): Promise<Map<BacklinkSourceType, string[]>> {
  const tables = scope.seesSecrets ? (['mention', 'gm_notes_mention'] as const) : (['mention'] as const);
  const byType = new Map<BacklinkSourceType, Set<string>>();
  for (const table of tables) {
    const rows = await db
      .selectFrom(table)
      .select(['source_type', 'source_id'])
      .where('world_id', '=', worldId)
      .where('target_type', '=', target.type)
      .where('target_id', '=', target.id)
      .execute();
    for (const row of rows) {
      const type = row.source_type as BacklinkSourceType;
      byType.set(type, (byType.get(type) ?? new Set<string>()).add(row.source_id));
    }
  }
  return new Map([...byType].map(([type, ids]) => [type, [...ids]]));
}

/** The visible sources of one type, as backlinks. */
async function visibleSources(db: Db, scope: ReadScope, worldId: string, type: BacklinkSourceType, ids: string[]): Promise<Backlink[]> {
  switch (type) {
    case 'world': {
      const rows = await db.selectFrom('world').select(['id', 'name']).where('id', '=', worldId).where('id', 'in', ids).execute();
      return rows.map((row) => ({ type, id: row.id, parentId: null, name: row.name }));
    }
    case 'relationship': {
      const query = db
        .selectFrom('relationship')
        .innerJoin('character as from_character', 'from_character.id', 'relationship.character_id')
        .innerJoin('character as to_character', 'to_character.id', 'relationship.target_character_id')
        .select(['relationship.id', 'relationship.character_id', 'from_character.name as from_name', 'to_character.name as to_name'])
        .where('relationship.world_id', '=', worldId)
        .where('relationship.id', 'in', ids);
      const rows = await whereVisible(query, scope, 'relationship').execute();
      return rows.map((row) => ({ type, id: row.id, parentId: row.character_id, name: `${row.from_name} → ${row.to_name}` }));
    }
    case 'connection': {
      const query = db
        .selectFrom('connection')
        .select(['connection.id', 'connection.connection_type'])
        .where('connection.world_id', '=', worldId)
        .where('connection.id', 'in', ids);
      const rows = await whereVisible(query, scope, 'connection').execute();
      return rows.map((row) => ({ type, id: row.id, parentId: null, name: row.connection_type }));
    }
    case 'inventoryItem': {
      const query = db
        .selectFrom('inventory_item')
        .innerJoin('character as holder', 'holder.id', 'inventory_item.character_id')
        .innerJoin('item as held', 'held.id', 'inventory_item.item_id')
        .select(['inventory_item.id', 'inventory_item.character_id', 'holder.name as holder_name', 'held.name as item_name'])
        .where('inventory_item.world_id', '=', worldId)
        .where('inventory_item.id', 'in', ids);
      const rows = await whereVisible(query, scope, 'inventory_item').execute();
      return rows.map((row) => ({ type, id: row.id, parentId: row.character_id, name: `${row.holder_name}: ${row.item_name}` }));
    }
    case 'questObjective': {
      const query = db
        .selectFrom('quest_objective')
        .innerJoin('quest', 'quest.id', 'quest_objective.quest_id')
        .select(['quest_objective.id', 'quest_objective.quest_id', 'quest_objective.description'])
        .where('quest.world_id', '=', worldId)
        .where('quest_objective.id', 'in', ids);
      const rows = await whereVisible(query, scope, 'quest_objective').execute();
      return rows.map((row) => ({ type, id: row.id, parentId: row.quest_id, name: row.description }));
    }
    default: {
      const found = await findMentionTargets(
        db,
        scope,
        worldId,
        ids.map((id) => ({ type, id })),
      );
      return [...found].map(([key, target]) => ({ type, id: key.slice(type.length + 1), parentId: target.parentId, name: target.name }));
    }
  }
}

/**
 * The entities of a world whose text mentions the target and that the reader may see (GET …/backlinks), by name;
 * for editors and the owner also those whose GM notes mention it.
 * @returns backlinks sorted by name, then type and id.
 */
export async function listBacklinks(db: Db, scope: ReadScope, worldId: string, target: MentionRef): Promise<Backlink[]> {
  const links: Backlink[] = [];
  for (const [type, ids] of await mentionSources(db, scope, worldId, target))
    links.push(...(await visibleSources(db, scope, worldId, type, ids)));
  return links.sort((a, b) => a.name.localeCompare(b.name) || a.type.localeCompare(b.type) || a.id.localeCompare(b.id));
}
