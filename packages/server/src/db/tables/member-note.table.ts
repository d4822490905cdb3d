/**
 * `member_note`: a member's private notes on a world or one of its entities (issue 11, "their own notes").
 * entity_type is 'world' (entity_id = the world's id) or an entity kind; only author_id reads a row.
 */
export interface MemberNoteTable {
  id: string;
  world_id: string;
  author_id: string;
  entity_type: string;
  entity_id: string;
  body: string;
  created_at: string;
  updated_at: string;
}
