/** Presents timeline rows as the API answers them (SPEC §3 Timeline, issue 12 calendar dates). */
import type { Timeline } from '@loreforge/contract';
import type { TimelineTable } from '../../db/tables/timeline.table.js';
import type { Db } from '../../db/database.js';
import { withAccess } from '../worlds/access-fields.js';
import type { ReadScope, WorldScope } from '../../access/world-scope.js';
import { type Clock, GREGORIAN_CLOCK, answerMoment, clocksOfCalendars, instantOfRow } from '../calendars/calendar.clock.js';
import { richTextOf } from '../../lib/rich-text/plain-text.js';

/**
 * A timeline row → `Timeline` (branchingEnabled as a boolean; only whitelisted fields), its "now" both as the
 * spec's ISO text (Gregorian timelines; null otherwise) and as instant, calendar date and words.
 * @param scope the reader (decides which access fields are answered).
 * @param clock the timeline's calendar (Gregorian when it has none).
 */
const presentTimeline = (row: TimelineTable, scope: ReadScope, clock: Clock = GREGORIAN_CLOCK): Timeline => {
  const now = answerMoment(clock, instantOfRow(row.current_instant, row.current_date_time), row.current_date_time);
  return withAccess(row, scope, {
    timelineId: row.id,
    worldId: row.world_id,
    name: row.name,
    description: row.description,
    descriptionHtml: richTextOf(row),
    calendarId: row.calendar_id ?? null,
    currentDateTime: now.dateTime,
    currentInstant: now.instant,
    currentDate: now.date,
    currentDateFormatted: now.formatted,
    genesisEvent: row.genesis_event,
    initialStates: row.initial_states,
    branchingEnabled: Number(row.branching_enabled) !== 0,
    parentTimelineId: row.parent_timeline_id,
    branchingEvent: row.branching_event,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  });
};

/** Presents timelines of a world, each in its own calendar (one query for all their calendars). */
export async function presentTimelines(db: Db, scope: WorldScope, rows: TimelineTable[]): Promise<Timeline[]> {
  const clocks = await clocksOfCalendars(
    db,
    scope.world.id,
    rows.map((row) => row.calendar_id),
  );
  return rows.map((row) => presentTimeline(row, scope, clocks.get(row.calendar_id ?? '') ?? GREGORIAN_CLOCK));
}

/** Presents one timeline in its calendar. */
export async function presentOneTimeline(db: Db, scope: WorldScope, row: TimelineTable): Promise<Timeline> {
  return (await presentTimelines(db, scope, [row]))[0] ?? presentTimeline(row, scope);
}
