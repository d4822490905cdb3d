/** `quest`: status is one of QUEST_STATUSES; is_optional is 0 or 1. */
import type { AccessColumns } from './access-columns.js';
export interface QuestTable extends AccessColumns {
  id: string;
  world_id: string;
  name: string;
  description: string | null;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  status: string;
  is_optional: number;
  difficulty: number | null;
  created_at: string;
  updated_at: string;
}

/** `quest_objective`: progress runs 0…target; completed is derived (progress ≥ target). */
export interface QuestObjectiveTable extends AccessColumns {
  id: string;
  quest_id: string;
  description: string;
  target: number;
  progress: number;
  is_optional: number;
  created_at: string;
  updated_at: string;
}
