/**
 * `deleted_active_quest` (migration 2026_11_27_100000): the active-quest links of a deleted character, kept so
 * restoring the character brings them back (docs/history.md "Deleted entities").
 */
export interface DeletedActiveQuestTable {
  world_id: string;
  character_id: string;
  quest_id: string;
  /** When the link was first made (ISO 8601 UTC), so restored links keep their order. */
  created_at: string;
}
