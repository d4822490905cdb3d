/** `connection`: a typed link between two entities of one world (polymorphic; kept valid by repositories). */
import type { AccessColumns } from './access-columns.js';
export interface ConnectionTable extends AccessColumns {
  id: string;
  world_id: string;
  source_type: string;
  source_id: string;
  target_type: string;
  target_id: string;
  connection_type: string;
  description: string | null;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  created_at: string;
  updated_at: string;
}
