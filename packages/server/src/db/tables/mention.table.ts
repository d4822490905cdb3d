/** `mention`: one row per (source entity, mentioned entity) pair of a world, kept on every write of the source's text. */
export interface MentionTable {
  world_id: string;
  /** A RICH_TEXT_SOURCE_TYPES value (contract), e.g. 'character'. */
  source_type: string;
  source_id: string;
  /** A MENTION_ENTITY_TYPES value (contract), e.g. 'mapPoint'. */
  target_type: string;
  target_id: string;
}

/** `gm_notes_mention`: as `mention`, for mentions inside GM notes; only editors' and the owner's backlinks read it. */
export type GmNotesMentionTable = MentionTable;
