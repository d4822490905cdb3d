/** Presents timeline rows as the API answers them (SPEC §3 Timeline). */
import type { Timeline } from '@loreforge/contract';
import type { TimelineTable } from '../../db/tables/timeline.table.js';
import { presentAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../worlds/world-scope.js';

/** A timeline row → `Timeline` (branchingEnabled as a boolean; only whitelisted fields). */
export const presentTimeline = (row: TimelineTable, scope: ReadScope): Timeline => ({
  ...presentAccess(row, scope),
  timelineId: row.id,
  worldId: row.world_id,
  name: row.name,
  description: row.description,
  currentDateTime: row.current_date_time,
  genesisEvent: row.genesis_event,
  initialStates: row.initial_states,
  branchingEnabled: Number(row.branching_enabled) !== 0,
  parentTimelineId: row.parent_timeline_id,
  branchingEvent: row.branching_event,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
