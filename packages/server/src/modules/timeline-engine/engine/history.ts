/**
 * A character's history on a timeline (issue 5 "GET …/characters/{c}/history"): the events that changed it, with
 * what they changed, and the problems events had with it.
 */
import type { AppliedChange, EngineIssue, EventSummary } from './types.js';
import type { Replay } from './replay.js';

/** One event of a character's history. */
export interface HistoryEntry {
  event: EventSummary;
  changes: AppliedChange[];
  issues: EngineIssue[];
}

/**
 * The events of a replay that changed a character (its attributes, inventory or its own relationships), or
 * that had a problem with it, in sequence order.
 * @returns one entry per such event.
 */
export function characterHistory(replay: Replay, characterId: string): HistoryEntry[] {
  const entries: HistoryEntry[] = [];
  replay.plan.forEach((planned, index) => {
    const outcome = replay.outcomes[index];
    if (!outcome) return;
    const changes = outcome.applied.filter((change) => change.characterId === characterId);
    const issues = outcome.issues.filter((issue) => issue.characterId === characterId);
    if (changes.length > 0 || issues.length > 0) entries.push({ event: planned.event, changes, issues });
  });
  return entries;
}
