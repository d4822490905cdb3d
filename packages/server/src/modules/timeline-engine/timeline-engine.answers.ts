/**
 * Turns replays into the engine's API answers (issue 5 "API"): pure functions over replays, so route handlers stay
 * thin and every answer can be tested without HTTP.
 */
import type { CharacterHistory, ItemProvenance, TimelineDiff, TimelineState } from '@loreforge/contract';
import { invalidField, notFound } from '../../errors/app-error.js';
import { diffStates } from './engine-diff.js';
import { characterHistory } from './engine-history.js';
import { itemProvenance } from './engine-provenance.js';
import { type Moment, resolveMoment } from './moment.js';
import { type Replay, stateAfter } from './replay.js';
import { presentChange, presentCharacterState, presentDifference, presentEventSummary, presentIssue } from './timeline-engine.presenter.js';

/** The message when an eventId is not on the timeline's sequence. */
export const EVENT_NOT_ON_TIMELINE = 'eventId must be an event of this timeline, or of its history before its branch point.';

/**
 * The state of every (or one) character at a moment.
 * @throws AppError 400 (field eventId) when the event is not on the timeline; 404 when the character is not in the world.
 */
export function answerState(replay: Replay, moment: Moment, characterId: string | null): TimelineState {
  const resolved = resolveMoment(replay, moment);
  if (!resolved) throw invalidField('eventId', EVENT_NOT_ON_TIMELINE);
  const state = stateAfter(replay, resolved.count);
  const ids = characterId === null ? [...state.keys()] : [characterId];
  const characters = ids.map((id) => {
    const character = state.get(id);
    if (!character) throw notFound('Character');
    return presentCharacterState(replay.start, id, character);
  });
  const last = replay.plan[resolved.count - 1];
  const changes = replay.outcomes[resolved.count - 1]?.applied ?? [];
  return {
    timelineId: replay.timeline.id,
    at: resolved.at,
    eventCount: resolved.count,
    lastEvent: last ? { ...presentEventSummary(last.event), changes: changes.map((change) => presentChange(replay.start, change)) } : null,
    characters,
  };
}

/** A character's history on a timeline: the events that changed it (or had a problem with it). */
export function answerHistory(replay: Replay, characterId: string): CharacterHistory {
  return {
    characterId,
    timelineId: replay.timeline.id,
    data: characterHistory(replay, characterId).map((entry) => ({
      ...presentEventSummary(entry.event),
      changes: entry.changes.map((change) => presentChange(replay.start, change)),
      issues: entry.issues.map((issue) => presentIssue(replay, issue)),
    })),
  };
}

/**
 * How two timelines differ at a moment (default: the first timeline's currentDateTime).
 * @param at an ISO date-time or null.
 */
export function answerDiff(replay: Replay, against: Replay, at: string | null, characterId: string | null): TimelineDiff {
  const moment = at ?? replay.timeline.currentDateTime;
  const left = resolveMoment(replay, { at: moment });
  const right = resolveMoment(against, { at: moment });
  const differences = diffStates(
    stateAfter(replay, left?.count ?? 0),
    stateAfter(against, right?.count ?? 0),
    characterId ?? undefined,
  );
  return {
    timelineId: replay.timeline.id,
    againstTimelineId: against.timeline.id,
    at: moment,
    differences: differences.map((difference) => presentDifference(replay.start, difference)),
  };
}

/** Who held an item on a timeline, from when to when. */
export function answerProvenance(replay: Replay, item: { id: string; name: string }): ItemProvenance {
  return {
    itemId: item.id,
    itemName: item.name,
    timelineId: replay.timeline.id,
    periods: itemProvenance(replay, item.id).map((period) => ({
      ...period,
      characterName: replay.start.characterNames.get(period.characterId) ?? null,
    })),
  };
}
