/** Presents event rows as the API answers them (SPEC §3 Event, issue 12 calendar dates). */
import type { Event } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { EventTable } from '../../db/tables/timeline.table.js';
import { fromJsonText } from '../../lib/json.js';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope, WorldScope } from '../../access/world-scope.js';
import { type Clock, GREGORIAN_CLOCK, answerMoment, clocksOfTimelines, instantOfRow } from '../calendars/calendar.clock.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

/** What a change column holds: the JSON object or array the event was saved with (the body schema allows no other). */
type StoredChanges = Event['characterAttributeChanges'];

/**
 * An event row → `Event` (change fields parsed from JSON text, null when empty; only whitelisted fields), its
 * date both as the spec's ISO text (Gregorian timelines; null otherwise) and as instant, calendar date and words.
 * @param scope the reader (decides which access fields are answered).
 * @param clock the calendar of the event's timeline (Gregorian without one).
 */
const presentEvent = (row: EventTable, scope: ReadScope, clock: Clock = GREGORIAN_CLOCK): Event => {
  const moment = answerMoment(clock, instantOfRow(row.instant, row.date_time), row.date_time);
  return withAccess(row, scope, {
    eventId: row.id,
    worldId: row.world_id,
    timelineId: row.timeline_id,
    name: row.name,
    description: row.description,
    descriptionHtml: richTextOf(row),
    dateTime: moment.dateTime,
    instant: moment.instant,
    calendarDate: moment.date,
    formattedDate: moment.formatted,
    characterAttributeChanges: fromJsonText<StoredChanges>(row.character_attribute_changes, null),
    inventoryChanges: fromJsonText<StoredChanges>(row.inventory_changes, null),
    relationshipChanges: fromJsonText<StoredChanges>(row.relationship_changes, null),
    isBranchingEvent: Number(row.is_branching_event) !== 0,
    childTimelineId: row.child_timeline_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
};

/** Presents events of a world, each in its timeline's calendar (one query for the calendars of all of them). */
export async function presentEvents(db: Db, scope: WorldScope, rows: EventTable[]): Promise<Event[]> {
  const clocks = await clocksOfTimelines(
    db,
    scope.world.id,
    rows.map((row) => row.timeline_id),
  );
  return rows.map((row) => presentEvent(row, scope, clocks.get(row.timeline_id ?? '') ?? GREGORIAN_CLOCK));
}

/**
 * Presents events of one timeline in its calendar, read with the timeline (no query).
 * @param clock the timeline's clock (timeline.access.ts requireTimelineClock); every row must be of that timeline.
 */
export function presentTimelineEvents(scope: ReadScope, rows: EventTable[], clock: Clock): Event[] {
  return rows.map((row) => presentEvent(row, scope, clock));
}

/** Presents one event in its timeline's calendar. */
export async function presentOneEvent(db: Db, scope: WorldScope, row: EventTable): Promise<Event> {
  const clocks = await clocksOfTimelines(db, scope.world.id, [row.timeline_id]);
  return presentEvent(row, scope, clocks.get(row.timeline_id ?? '') ?? GREGORIAN_CLOCK);
}
