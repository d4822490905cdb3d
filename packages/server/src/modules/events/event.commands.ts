/**
 * Event writes that touch more than one table (SPEC §7 Timelines and events): each runs in the transaction it is
 * given, so world.event_count, timeline links and references stay exact.
 */
import type { z } from 'zod';
import type { EventCreateSchema } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import type { EventTable } from '../../db/tables/timeline.table.js';
import { throwIfFieldErrors } from '../../lib/field-errors.js';
import { newId } from '../../lib/ids.js';
import { toJsonText } from '../../lib/json.js';
import { removeReferencesTo } from '../../lib/references.js';
import { nowIso } from '../../lib/time.js';
import { assertEventChanges } from '../timeline-engine/timeline-engine.validation.js';
import { type StoredMoment, clockOfTimeline, storedMoment } from '../calendars/calendar.clock.js';
import { clearBranchingEventsOutsideParent, clearTimelineLinksToEvent, findTimeline } from '../timelines/timeline.repository.js';
import { type EventChanges, deleteEventRow, insertEvent, updateEventRow } from './event.repository.js';
import type { AccessColumns } from '../../db/tables/access-columns.js';
import { accessColumns } from '../worlds/access-fields.js';
import { type WorldScope, requireEditor } from '../../access/world-scope.js';
import { prepareRichText, richTextRow, saveMentions } from '../mentions/rich-text.write.js';

/** A validated event body (create and PUT). */
export type EventInput = z.output<typeof EventCreateSchema>;

/** The messages of the event's link rules, keyed by the field they concern. */
const EVENT_RULE_MESSAGES = {
  timelineNotInWorld: 'Timeline must be a timeline of this world.',
  childTimelineInvalid: "Child Timeline must be a timeline of this world other than the event's own.",
} as const;

/**
 * Checks an event's timeline links: timelineId (optional) is a timeline of the world; childTimelineId is a
 * timeline of the world other than the event's own.
 * @throws AppError 400 with `fields.timelineId` and/or `fields.childTimelineId`.
 */
async function assertEventLinks(db: Db, scope: WorldScope, input: EventInput): Promise<void> {
  const fields: Record<string, string> = {};
  if (input.timelineId !== null && !(await findTimeline(db, scope, input.timelineId))) {
    fields.timelineId = EVENT_RULE_MESSAGES.timelineNotInWorld;
  }
  if (input.childTimelineId !== null) {
    const sameAsOwn = input.childTimelineId === input.timelineId;
    if (sameAsOwn || !(await findTimeline(db, scope, input.childTimelineId))) {
      fields.childTimelineId = EVENT_RULE_MESSAGES.childTimelineInvalid;
    }
  }
  throwIfFieldErrors(fields);
}

/**
 * The event's moment in its timeline's calendar: the ISO dateTime on Gregorian timelines, calendarDate otherwise.
 * @throws AppError 400 naming the field when the date is not one the calendar has (issue 12).
 */
async function eventMoment(db: Db, worldId: string, input: EventInput): Promise<StoredMoment> {
  const clock = await clockOfTimeline(db, worldId, input.timelineId);
  return storedMoment(clock, input.dateTime, input.calendarDate, { iso: 'dateTime', date: 'calendarDate' });
}

/** The three change fields are kept as free-form JSON text, null when empty; the rich text (richTextRow) comes apart. */
function eventColumns(
  input: EventInput,
  updatedAt: string,
  moment: StoredMoment,
  access: AccessColumns,
): Omit<EventChanges, 'description_html'> {
  return {
    ...access,
    timeline_id: input.timelineId,
    name: input.name,
    description: input.description,
    date_time: moment.dateTime,
    instant: moment.instant.toString(),
    character_attribute_changes: toJsonText(input.characterAttributeChanges),
    inventory_changes: toJsonText(input.inventoryChanges),
    relationship_changes: toJsonText(input.relationshipChanges),
    is_branching_event: input.isBranchingEvent ? 1 : 0,
    child_timeline_id: input.childTimelineId,
    updated_at: updatedAt,
  };
}

/**
 * Creates an event after checking its links (the database counts it in world.event_count).
 * @returns the stored row.
 * @throws AppError 403 for a player or viewer; 400 for a broken link or change.
 */
export async function createEvent(trx: Db, scope: WorldScope, input: EventInput): Promise<EventTable> {
  requireEditor(scope);
  await assertEventLinks(trx, scope, input);
  await assertEventChanges(trx, scope.world.id, input);
  const moment = await eventMoment(trx, scope.world.id, input);
  const now = nowIso();
  const richText = await prepareRichText(trx, scope, input);
  const event: EventTable = {
    id: newId(),
    world_id: scope.world.id,
    ...eventColumns(input, now, moment, await accessColumns(trx, scope, input)),
    ...richTextRow(richText),
    created_at: now,
  };
  await insertEvent(trx, event);
  await saveMentions(trx, scope, 'event', event.id, richText);
  return event;
}

/**
 * Replaces an event after checking its links. When it moves to another timeline, branches that diverged at it
 * from its old timeline lose their branchingEvent (it must be an event of their parent).
 * @returns the updated row.
 * @throws AppError 403 for a player or viewer; 400 as for create.
 */
export async function updateEvent(trx: Db, scope: WorldScope, event: EventTable, input: EventInput): Promise<EventTable> {
  requireEditor(scope);
  await assertEventLinks(trx, scope, input);
  await assertEventChanges(trx, event.world_id, input, event.id);
  const moment = await eventMoment(trx, event.world_id, input);
  const richText = await prepareRichText(trx, scope, input, event);
  const columns = { ...eventColumns(input, nowIso(), moment, await accessColumns(trx, scope, input, event)), ...richTextRow(richText) };
  const updated = await updateEventRow(trx, scope, event.id, columns);
  await saveMentions(trx, scope, 'event', event.id, richText);
  if (input.timelineId !== event.timeline_id) {
    await clearBranchingEventsOutsideParent(trx, event.world_id, event.id, input.timelineId);
  }
  return updated ?? event;
}

/**
 * Deletes an event: timelines that start or branch at it lose that link (genesisEvent, branchingEvent have no
 * foreign key), connections to it are removed, and the database lowers world.event_count.
 */
export async function deleteEvent(trx: Db, event: EventTable): Promise<void> {
  await clearTimelineLinksToEvent(trx, event.world_id, event.id);
  await removeReferencesTo(trx, 'event', event.id);
  await deleteEventRow(trx, event.id);
}
