/**
 * `world_visit` (migration 2026_11_25_120100): each member's last look at a world, for "since you last looked".
 * Kept apart from `world_member` so recording a visit is no change of the world (the change log records members).
 */
export interface WorldVisitTable {
  world_id: string;
  user_id: string;
  /** The world's latest change sequence when the member last opened it. */
  last_seen_sequence: number;
  /** When they last opened it (ISO 8601 UTC). */
  last_seen_at: string;
}
