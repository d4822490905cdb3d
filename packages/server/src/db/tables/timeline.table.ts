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
  current_date_time: string;
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
  date_time: string;
  character_attribute_changes: string | null;
  inventory_changes: string | null;
  relationship_changes: string | null;
  is_branching_event: number;
  child_timeline_id: string | null;
  created_at: string;
  updated_at: string;
}
