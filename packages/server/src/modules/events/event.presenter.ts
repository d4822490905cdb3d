/** Presents event rows as the API answers them (SPEC §3 Event). */
import type { Event } from '@loreforge/contract';

/** What a change column holds: the JSON object or array the event was saved with (the body schema allows no other). */
type StoredChanges = Event['characterAttributeChanges'];
import type { EventTable } from '../../db/tables/timeline.table.js';
import { fromJsonText } from '../../lib/json.js';
import { presentAccess } from '../worlds/access-fields.js';
import type { ReadScope } from '../worlds/world-scope.js';

/** An event row → `Event` (change fields parsed from JSON text, null when empty; only whitelisted fields). */
export const presentEvent = (row: EventTable, scope: ReadScope): Event => ({
  ...presentAccess(row, scope),
  eventId: row.id,
  worldId: row.world_id,
  timelineId: row.timeline_id,
  name: row.name,
  description: row.description,
  dateTime: row.date_time,
  characterAttributeChanges: fromJsonText<StoredChanges>(row.character_attribute_changes, null),
  inventoryChanges: fromJsonText<StoredChanges>(row.inventory_changes, null),
  relationshipChanges: fromJsonText<StoredChanges>(row.relationship_changes, null),
  isBranchingEvent: Number(row.is_branching_event) !== 0,
  childTimelineId: row.child_timeline_id,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
