/** `character`: attributes is JSON text; current_location_id references map_point (set null on delete). */
import type { AccessColumns } from './access-columns.js';
export interface CharacterTable extends AccessColumns {
  id: string;
  world_id: string;
  name: string;
  description: string | null;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  attributes: string;
  current_location_id: string | null;
  /** userId of the player who plays this character (they may edit it), or null. */
  assigned_to: string | null;
  created_at: string;
  updated_at: string;
}

/** `character_active_quest`: the quests a character is pursuing (SPEC §3 activeQuests). */
export interface CharacterActiveQuestTable {
  character_id: string;
  quest_id: string;
  created_at: string;
}
