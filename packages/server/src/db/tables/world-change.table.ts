/**
 * `world_change`: the change log written by database triggers (migration 2026_11_25_110000, docs/live-updates.md):
 * one row per committed insert, update or delete of a world's entity, numbered per world in commit order.
 */
export interface WorldChangeTable {
  world_id: string;
  /** 1, 2, 3 … per world, in commit order. */
  sequence: number;
  /** The spec's entity name: character, item, inventoryEntry, goal, relationship, timeline, event, map, mapPoint, mapArea, quest, objective, connection, calendar, world, member. */
  entity_type: string;
  /** The entity's id (a member's userId). */
  entity_id: string;
  /** created, updated or deleted. */
  action: string;
  /** userId of the writer; null when no request and no row named one. */
  by: string | null;
  /** ISO 8601 UTC with milliseconds, when the write committed (PostgreSQL) or ran (SQLite). */
  at: string;
  /** The row's own visibility then ('everyone' or 'editors'); null for rows without access columns. */
  visibility: string | null;
  /** The row's revealed_to then (JSON list of userIds); null for rows without access columns. */
  revealed_to: string | null;
  /** The row before the write as JSON text (its table's columns); null for a creation. */
  before: string | null;
  /** The row after the write as JSON text; null for a deletion. */
  after: string | null;
}

/** `world_change_counter`: the last sequence given out per world (its row lock orders a world's writers). */
export interface WorldChangeCounterTable {
  world_id: string;
  last_sequence: number;
}

/** `world_presence`: a member's last heartbeat in a world (migration 2026_11_25_110100). */
export interface WorldPresenceTable {
  world_id: string;
  user_id: string;
  /** The entity type (the spec's name) of the page they have open, or null. */
  entity_type: string | null;
  entity_id: string | null;
  /** 1 while a form of that entity is open, else 0. */
  editing: number;
  /** ISO 8601 UTC of the last heartbeat. */
  seen_at: string;
}
