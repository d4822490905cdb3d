/**
 * Presents the engine's results as the API answers them (contract `timeline-engine.ts`): ids with names, holdings
 * and relationships as lists, issues with their event's name and date.
 */
import type {
  AppliedChange as AppliedChangeBody,
  CharacterState as CharacterStateBody,
  EngineIssue as EngineIssueBody,
  TimelineDiff,
} from '@loreforge/contract';
import { type ClockOf, GREGORIAN_ONLY, datingOf } from './timeline-engine.clock.js';
import type { Difference } from './engine/diff.js';
import type { AppliedChange, CharacterState, EngineIssue, EventSummary, StartState } from './engine/types.js';
import type { Replay } from './engine/replay.js';

/** Where answers find the names of characters and items. */
export type Names = Pick<StartState, 'characterNames' | 'itemNames'>;

/** One character's state with item and character names. */
export function presentCharacterState(names: Names, characterId: string, state: CharacterState): CharacterStateBody {
  return {
    characterId,
    name: names.characterNames.get(characterId) ?? '',
    attributes: state.attributes,
    inventory: [...state.inventory].map(([itemId, holding]) => ({
      itemId,
      name: names.itemNames.get(itemId) ?? null,
      quantity: holding.quantity,
      equipped: holding.equipped,
    })),
    relationships: [...state.relationships].map(([targetCharacterId, values]) => ({
      targetCharacterId,
      targetCharacterName: names.characterNames.get(targetCharacterId) ?? null,
      ...values,
    })),
  };
}

/** A change an event made, with names. */
export function presentChange(names: Names, change: AppliedChange): AppliedChangeBody {
  const characterName = names.characterNames.get(change.characterId) ?? null;
  switch (change.kind) {
    case 'attribute':
      return Object.assign({}, change, { characterName });
    case 'inventory':
      return Object.assign({}, change, { characterName, itemName: names.itemNames.get(change.itemId) ?? null });
    case 'relationship':
      return Object.assign({}, change, { characterName, targetCharacterName: names.characterNames.get(change.targetCharacterId) ?? null });
  }
}

/**
 * The short form of an event in answers, dated in its timeline's calendar (issue 12): `dateTime` ISO 8601 on a
 * Gregorian timeline (null on one with its own calendar), `instant` and `formattedDate`.
 * @param clockOf the calendars of the replay's timelines (Gregorian by default).
 */
export const presentEventSummary = (event: EventSummary, clockOf: ClockOf = GREGORIAN_ONLY) =>
  Object.assign({ eventId: event.id, name: event.name }, datingOf(clockOf, event), { timelineId: event.timelineId });

/** An issue with its event's name and date when the event is on the replay's sequence. */
export function presentIssue(replay: Replay, issue: EngineIssue): EngineIssueBody {
  const position = issue.eventId === null ? undefined : replay.positions.get(issue.eventId);
  const event = position === undefined ? undefined : replay.plan[position]?.event;
  return {
    kind: issue.kind,
    message: issue.message,
    eventId: issue.eventId,
    eventName: event?.name ?? null,
    dateTime: event?.dateTime ?? null,
    timelineId: issue.timelineId,
    location: issue.location,
    characterId: issue.characterId,
  };
}

/** A difference with the names of its character and subject. */
export function presentDifference(names: Names, difference: Difference): TimelineDiff['differences'][number] {
  const subjectName =
    difference.subjectId === null
      ? null
      : ((difference.area === 'inventory' ? names.itemNames : names.characterNames).get(difference.subjectId) ?? null);
  return Object.assign({}, difference, { characterName: names.characterNames.get(difference.characterId) ?? null, subjectName });
}
