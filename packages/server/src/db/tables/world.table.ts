/** `world`: a world and its kept counts (database triggers change them in the same transaction as each insert, delete or move of a counted row). */
export interface WorldTable {
  id: string;
  name: string;
  description: string | null;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  created_by: string;
  character_count: number;
  timeline_count: number;
  map_count: number;
  event_count: number;
  item_count: number;
  /** Raised by database triggers on every write of the world's content (migration 2026_11_22_010000); caches key on it. */
  content_version: number;
  created_at: string;
  updated_at: string;
}
