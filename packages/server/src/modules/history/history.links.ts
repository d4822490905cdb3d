/**
 * What a deleted entity's row does not hold but a user expects back when it is restored (issue 15 "History",
 * docs/history.md "Deleted entities"): a character's active-quest links, kept aside when it is deleted, and the
 * mention index of its text and GM notes (the backlinks of what it mentions; the database removes it when the entity
 * is deleted, migration 2026_11_28_200000), rebuilt from the restored row. Mentions of the restored entity in other
 * texts need nothing: their index rows stay when it is deleted, and they render as links again as soon as the row
 * exists.
 */
import { type BacklinkSourceType, RICH_TEXT_SOURCE_TYPES, type RestorableEntityType, type RichTextSourceType } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { extractMentions } from '../../lib/rich-text/mention-markup.js';
import { replaceGmNotesMentionsOf, replaceMentionsOf } from '../mentions/mention.repository.js';

/**
 * Keeps a character's active-quest links aside before its row is deleted (the links cascade with it). Call in the
 * deleting transaction, before the delete.
 * @param db the transaction; @param worldId the character's world; @param characterId the character.
 */
export async function keepActiveQuestsOfDeleted(db: Db, worldId: string, characterId: string): Promise<void> {
  await db.deleteFrom('deleted_active_quest').where('character_id', '=', characterId).execute();
  const links = await db
    .selectFrom('character_active_quest')
    .select(['quest_id', 'created_at'])
    .where('character_id', '=', characterId)
    .execute();
  if (links.length === 0) return;
  await db
    .insertInto('deleted_active_quest')
    .values(links.map((link) => ({ world_id: worldId, character_id: characterId, quest_id: link.quest_id, created_at: link.created_at })))
    .execute();
}

/** Writes back the active-quest links a deleted character had, to quests that still exist, in their first order. */
async function restoreActiveQuests(db: Db, worldId: string, characterId: string): Promise<void> {
  const kept = await db
    .selectFrom('deleted_active_quest')
    .innerJoin('quest', 'quest.id', 'deleted_active_quest.quest_id')
    .select(['deleted_active_quest.quest_id', 'deleted_active_quest.created_at'])
    .where('deleted_active_quest.character_id', '=', characterId)
    .where('quest.world_id', '=', worldId)
    .execute();
  if (kept.length > 0) {
    await db
      .insertInto('character_active_quest')
      .values(kept.map((link) => ({ character_id: characterId, quest_id: link.quest_id, created_at: link.created_at })))
      .execute();
  }
  await db.deleteFrom('deleted_active_quest').where('character_id', '=', characterId).execute();
}

/**
 * The mention source type of each restorable type: the change log's names, but for inventory entries and objectives,
 * whose GM notes are their only rich text.
 */
const SOURCE_TYPE_OF = {
  character: 'character',
  item: 'item',
  inventoryEntry: 'inventoryItem',
  goal: 'goal',
  relationship: 'relationship',
  timeline: 'timeline',
  event: 'event',
  map: 'map',
  mapPoint: 'mapPoint',
  mapArea: 'mapArea',
  connection: 'connection',
  quest: 'quest',
  objective: 'questObjective',
} as const satisfies Record<RestorableEntityType, BacklinkSourceType>;

const hasRichText = (type: BacklinkSourceType): type is RichTextSourceType => (RICH_TEXT_SOURCE_TYPES as readonly string[]).includes(type);

/** The stored HTML column of a row, or null. */
const htmlOf = (row: Record<string, unknown>, column: string): string | null => {
  const value = row[column];
  return typeof value === 'string' ? value : null;
};

/**
 * Brings back what belongs to a just-restored entity beside its row: a character's active quests, and the mention
 * index of its description and GM notes (inventory entries and objectives: GM notes only) as the restored row holds
 * them. Call in the restoring transaction, after the row is written.
 * @param row the restored row as written (snake_case columns).
 */
export async function restoreLinksOf(
  db: Db,
  worldId: string,
  type: RestorableEntityType,
  entityId: string,
  row: Record<string, unknown>,
): Promise<void> {
  if (type === 'character') await restoreActiveQuests(db, worldId, entityId);
  const sourceType = SOURCE_TYPE_OF[type];
  if (hasRichText(sourceType)) await replaceMentionsOf(db, worldId, sourceType, entityId, extractMentions(htmlOf(row, 'description_html')));
  await replaceGmNotesMentionsOf(db, worldId, sourceType, entityId, extractMentions(htmlOf(row, 'gm_notes_html')));
}
