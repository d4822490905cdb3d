/** `relationship`: directed, from character_id to target_character_id, unique per pair. */
import type { AccessColumns } from './access-columns.js';
export interface RelationshipTable extends AccessColumns {
  id: string;
  world_id: string;
  character_id: string;
  target_character_id: string;
  relationship_type: string;
  description: string | null;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  affinity: number;
  power_balance: number;
  trust_level: number;
  communication_style: string | null;
  past_interactions: string | null;
  current_goal_alignment: string | null;
  dependence_level: string | null;
  created_at: string;
  updated_at: string;
}
