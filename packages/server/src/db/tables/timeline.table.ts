/**
 * `timeline`: branching is recorded by parent_timeline_id (set null when the parent goes) and branching_event.
 * genesis_event and branching_event are kept valid by the event repository (cleared when the event is deleted),
 * because timeline and event reference each other.
 */
import type { AccessColumns } from './access-columns.js';
export interface TimelineTable extends AccessColumns {
  id: string;
  world_id: string;
  name: string;
  description: string | null;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  /** The world calendar the timeline keeps time in; null: the built-in Gregorian calendar. */
  calendar_id: string | null;
  /** ISO 8601 on a Gregorian timeline; on one with its own calendar, a sort key of its instant (see event.date_time). */
  current_date_time: string;
  /** Minutes since the calendar's epoch (bigint; PostgreSQL answers it as text). Null only on rows written before. */
  current_instant: string | number | bigint | null;
  genesis_event: string | null;
  initial_states: string | null;
  branching_enabled: number;
  parent_timeline_id: string | null;
  branching_event: string | null;
  created_at: string;
  updated_at: string;
}

/** `event`: the three change fields are JSON text or null. is_branching_event is 0 or 1. */
export interface EventTable extends AccessColumns {
  id: string;
  world_id: string;
  timeline_id: string | null;
  name: string;
  description: string | null;
  /** Sanitised HTML of the description (docs/rich-text.md); null when only plain text was written. */
  description_html: string | null;
  /**
   * ISO 8601 on a Gregorian timeline (or without timeline); on a timeline with its own calendar, a sort key of
   * the instant ('~' and 20 digits) so lists sorted by date keep instant order.
   */
  date_time: string;
  /** Minutes since the calendar's epoch (bigint; PostgreSQL answers it as text). Null only on rows written before. */
  instant: string | number | bigint | null;
  character_attribute_changes: string | null;
  inventory_changes: string | null;
  relationship_changes: string | null;
  is_branching_event: number;
  child_timeline_id: string | null;
  created_at: string;
  updated_at: string;
}
