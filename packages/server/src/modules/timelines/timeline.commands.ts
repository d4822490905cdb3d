/**
 * Timeline writes that touch more than one table (SPEC §7 Timelines): each runs in the transaction it is given,
 * so world.timeline_count, branching links and references stay exact.
 */
import type { Db } from '../../db/database.js';
import type { TimelineTable } from '../../db/tables/timeline.table.js';
import { newId } from '../../lib/ids.js';
import { removeReferencesTo } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import {
  type TimelineChanges,
  clearChildBranchingEvents,
  deleteTimelineRow,
  insertTimeline,
  updateTimelineRow,
} from './timeline.repository.js';
import { type TimelineInput, assertTimelineLinks } from './timeline.rules.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { accessColumns } from '../worlds/access-fields.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';

import { type Clock, type StoredMoment, clockOfCalendar, instantOfRow, instantSortKey, storedMoment } from '../calendars/calendar.clock.js';
import { invalidField } from '../../errors/app-error.js';
import { isoDateTimeFromInstant } from '@loreforge/contract';
import { prepareRichText, richTextRow, saveMentions } from '../mentions/rich-text.write.js';

/**
 * When a timeline changes calendar its events keep their instants; their date_time text is written anew for the
 * new calendar (ISO 8601 on Gregorian, the instant's sort key otherwise).
 * @throws AppError 400 on calendarId when an event falls outside the years ISO 8601 writes (1 to 9999).
 */
async function restampEvents(trx: Db, timeline: TimelineTable, clock: Clock): Promise<void> {
  const events = await trx.selectFrom('event').select(['id', 'instant', 'date_time']).where('timeline_id', '=', timeline.id).execute();
  for (const event of events) {
    const instant = instantOfRow(event.instant, event.date_time);
    if (instant === null) continue;
    const dateTime = clock.calendarId === null ? isoDateTimeFromInstant(instant) : instantSortKey(instant);
    if (dateTime === null) {
      throw invalidField(
        'calendarId',
        'Some events of this timeline fall outside years 1 to 9999, which the Gregorian calendar cannot write as ISO 8601 dates.',
      );
    }
    await trx.updateTable('event').set({ date_time: dateTime, instant: instant.toString() }).where('id', '=', event.id).execute();
  }
}

/**
 * The timeline's calendar and its "now" in it: the ISO currentDateTime on Gregorian timelines, currentDate otherwise.
 * @throws AppError 400 naming calendarId (not a calendar of the world) or the date field at fault (issue 12).
 */
async function timelineClock(db: Db, worldId: string, input: TimelineInput): Promise<{ clock: Clock; now: StoredMoment }> {
  const clock = await clockOfCalendar(db, worldId, input.calendarId);
  return { clock, now: storedMoment(clock, input.currentDateTime, input.currentDate, { iso: 'currentDateTime', date: 'currentDate' }) };
}

function timelineColumns(
  input: TimelineInput,
  updatedAt: string,
  now: StoredMoment,
  access: AccessColumns,
): Omit<TimelineChanges, 'description_html'> {
  return {
    ...access,
    name: input.name,
    description: input.description,
    calendar_id: input.calendarId,
    current_date_time: now.dateTime,
    current_instant: now.instant.toString(),
    genesis_event: input.genesisEvent,
    initial_states: input.initialStates,
    branching_enabled: input.branchingEnabled ? 1 : 0,
    parent_timeline_id: input.parentTimelineId,
    branching_event: input.branchingEvent,
    updated_at: updatedAt,
  };
}

/**
 * Creates a timeline after checking its links (the database counts it in world.timeline_count).
 * @returns the stored row.
 * @throws AppError 403 for a player or viewer; 400 when a parent, branching or genesis link is not valid (see
 * timeline.rules.ts).
 */
export async function createTimeline(trx: Db, scope: WorldScope, input: TimelineInput): Promise<TimelineTable> {
  requireEditor(scope);
  await assertTimelineLinks(trx, scope, null, input);
  const { now: moment } = await timelineClock(trx, scope.world.id, input);
  const now = nowIso();
  const richText = await prepareRichText(trx, scope, input);
  const timeline: TimelineTable = {
    id: newId(),
    world_id: scope.world.id,
    ...timelineColumns(input, now, moment, await accessColumns(trx, scope, input)),
    ...richTextRow(richText),
    created_at: now,
  };
  await insertTimeline(trx, timeline);
  await saveMentions(trx, scope, 'timeline', timeline.id, richText);
  return timeline;
}

/**
 * Replaces a timeline after checking its links (a new parent must not be one of its own branches).
 * @returns the updated row.
 * @throws AppError 403 for a player or viewer; 400 as for create.
 */
export async function updateTimeline(trx: Db, scope: WorldScope, timeline: TimelineTable, input: TimelineInput): Promise<TimelineTable> {
  requireEditor(scope);
  await assertTimelineLinks(trx, scope, timeline.id, input);
  const { clock, now } = await timelineClock(trx, scope.world.id, input);
  if ((timeline.calendar_id ?? null) !== clock.calendarId) await restampEvents(trx, timeline, clock);
  const richText = await prepareRichText(trx, scope, input, timeline);
  const columns = { ...timelineColumns(input, nowIso(), now, await accessColumns(trx, scope, input, timeline)), ...richTextRow(richText) };
  const updated = await updateTimelineRow(trx, scope, timeline.id, columns);
  await saveMentions(trx, scope, 'timeline', timeline.id, richText);
  return updated ?? timeline;
}

/**
 * Deletes a timeline. Its events stay in the world with timelineId null and events branching into it lose their
 * childTimelineId (foreign keys); its child timelines become roots (parentTimelineId null) and lose their
 * branchingEvent; connections to it are removed; the database lowers world.timeline_count.
 */
export async function deleteTimeline(trx: Db, timeline: TimelineTable): Promise<void> {
  await clearChildBranchingEvents(trx, timeline.id);
  await removeReferencesTo(trx, 'timeline', timeline.id);
  await deleteTimelineRow(trx, timeline.id);
}
