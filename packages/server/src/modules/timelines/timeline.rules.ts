/**
 * The branching rules of timelines (issue 2; SPEC §3 Timeline): a parent is another timeline of the same world
 * and never one of the timeline's own branches; a branching event is an event of that parent; a genesis event
 * is an event of the world.
 */
import type { z } from 'zod';
import type { TimelineCreateSchema } from '@loreforge/contract';
import type { Db } from '../../db/database.js';
import { throwIfFieldErrors } from '../../lib/field-errors.js';
import { findEventTimeline } from '../../lib/references.js';
import { findTimeline } from './timeline.repository.js';
import type { WorldScope } from '../../access/world-scope.js';

/** A validated timeline body (create and PUT). */
export type TimelineInput = z.output<typeof TimelineCreateSchema>;

/** The messages of the rules, keyed by the field they concern. */
const TIMELINE_RULE_MESSAGES = {
  parentNotInWorld: 'Parent Timeline must be another timeline of this world.',
  parentIsBranch: 'Parent Timeline cannot be this timeline or one of its own branches.',
  branchingNeedsParent: 'Branching Event needs a Parent Timeline.',
  branchingNotInParent: 'Branching Event must be an event of the parent timeline.',
  genesisNotInWorld: 'Genesis Event must be an event of this world.',
} as const;

/** Whether `timelineId` is `startId` or one of its ancestors (walks up the parent chain; stops on a loop). */
async function reachesTimeline(db: Db, scope: WorldScope, startId: string, timelineId: string): Promise<boolean> {
  const seen = new Set<string>();
  let current: string | null = startId;
  while (current !== null && !seen.has(current)) {
    if (current === timelineId) return true;
    seen.add(current);
    const row = await findTimeline(db, scope, current);
    current = row?.parent_timeline_id ?? null;
  }
  return false;
}

/**
 * Checks a timeline's links to other timelines and events.
 * @param timelineId the timeline being updated, or null when creating one.
 * @throws AppError 400 with `fields` naming every broken link (parentTimelineId, branchingEvent, genesisEvent).
 */
export async function assertTimelineLinks(db: Db, scope: WorldScope, timelineId: string | null, input: TimelineInput): Promise<void> {
  const fields: Record<string, string> = {};
  const parentId = input.parentTimelineId;
  if (parentId !== null) {
    const parent = await findTimeline(db, scope, parentId);
    if (!parent) fields.parentTimelineId = TIMELINE_RULE_MESSAGES.parentNotInWorld;
    else if (timelineId !== null && (await reachesTimeline(db, scope, parent.id, timelineId))) {
      fields.parentTimelineId = TIMELINE_RULE_MESSAGES.parentIsBranch;
    }
  }
  if (input.branchingEvent !== null) {
    if (parentId === null) fields.branchingEvent = TIMELINE_RULE_MESSAGES.branchingNeedsParent;
    else if (!fields.parentTimelineId) {
      const event = await findEventTimeline(db, scope.world.id, input.branchingEvent);
      if (event?.timelineId !== parentId) fields.branchingEvent = TIMELINE_RULE_MESSAGES.branchingNotInParent;
    }
  }
  if (input.genesisEvent !== null && !(await findEventTimeline(db, scope.world.id, input.genesisEvent))) {
    fields.genesisEvent = TIMELINE_RULE_MESSAGES.genesisNotInWorld;
  }
  throwIfFieldErrors(fields);
}
