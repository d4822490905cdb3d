/** `goal`: a world goal (character_id null) or a character's goal. */
import type { AccessColumns } from './access-columns.js';
export interface GoalTable extends AccessColumns {
  id: string;
  world_id: string;
  character_id: string | null;
  title: string;
  description: string;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  goal_type: string;
  status: string;
  target_date_time: string | null;
  notes: string | null;
  created_at: string;
  updated_at: string;
}
