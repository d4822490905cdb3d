/** `entity_tag`: a tag of a character, item, quest, event, timeline, map, goal, map point, map area, relationship or connection (migration 2026_11_24_510000). */
export interface EntityTagTable {
  world_id: string;
  /** One of TAGGABLE_TYPES. */
  entity_type: string;
  entity_id: string;
  /** As first written. */
  tag: string;
  /** lower(tag): unique per entity; lists filter on it. */
  tag_key: string;
  created_at: string;
}
