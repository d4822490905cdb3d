/**
 * Turns replays into the engine's API answers (issue 5 "API"): pure functions over replays, so route handlers stay
 * thin and every answer can be tested without HTTP.
 */
import { STATE_PAGE_DEFAULT, type CharacterHistory, type ItemProvenance, type Pagination, type TimelineDiff, type TimelineState } from '@loreforge/contract';
import { invalidField, notFound } from '../../errors/app-error.js';
import { diffStates } from './engine-diff.js';
import type { StartState, WorldState } from './engine.types.js';
import { characterHistory } from './engine-history.js';
import { itemProvenance } from './engine-provenance.js';
import { type Moment, resolveMoment } from './moment.js';
import { type Replay, stateAfter } from './replay.js';
import { presentChange, presentCharacterState, presentDifference, presentEventSummary, presentIssue } from './timeline-engine.presenter.js';

/** The message when an eventId is not on the timeline's sequence. */
export const EVENT_NOT_ON_TIMELINE = 'eventId must be an event of this timeline, or of its history before its branch point.';

/** Which characters of a state to answer: paging and search are on when any of `search`, `page`, `limit` is given. */
export interface StatePageQuery {
  characterId: string | null;
  search: string | null;
  page: number | null;
  limit: number | null;
}

/** A world's characters ordered by name, then id (code units), with their lowercased names, per start state. */
interface NameOrder {
  ids: string[];
  lowerNames: string[];
}
const nameOrders = new WeakMap<StartState, NameOrder>();

/** The start state's characters by name, then id; sorted once per start state (names do not change on a timeline). */
function nameOrder(start: StartState): NameOrder {
  let order = nameOrders.get(start);
  if (!order) {
    const entries = [...start.characters.keys()].map((id) => ({ id, name: start.characterNames.get(id) ?? '' }));
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    order = { ids: entries.map((e) => e.id), lowerNames: entries.map((e) => e.name.toLowerCase()) };
    nameOrders.set(start, order);
  }
  return order;
}

/** The ids of one page of the state's characters matching `search`, in name order, and the pagination block. */
function pageOfCharacters(start: StartState, state: WorldState, query: StatePageQuery): { ids: string[]; pagination: Pagination } {
  const limit = query.limit ?? STATE_PAGE_DEFAULT;
  const page = query.page ?? 1;
  const needle = (query.search ?? '').trim().toLowerCase();
  const order = nameOrder(start);
  const matches: string[] = [];
  order.ids.forEach((id, index) => {
    if (!state.has(id) || (query.characterId !== null && id !== query.characterId)) return;
    if (needle && !(order.lowerNames[index] ?? '').includes(needle)) return;
    matches.push(id);
  });
  const from = (page - 1) * limit;
  return {
    ids: from < matches.length ? matches.slice(from, from + limit) : [],
    pagination: { currentPage: page, totalPages: Math.ceil(matches.length / limit), totalItems: matches.length, limit, nextCursor: null },
  };
}

/**
 * The state of every (or one) character at a moment. With `search`, `page` or `limit`, one page of the characters
 * whose name contains `search` (case-insensitive), ordered by name then id, with a `pagination` block; without them,
 * every character in stored order as before.
 * @throws AppError 400 (field eventId) when the event is not on the timeline; 404 when the character is not in the world.
 */
export function answerState(replay: Replay, moment: Moment, query: StatePageQuery): TimelineState {
  const resolved = resolveMoment(replay, moment);
  if (!resolved) throw invalidField('eventId', EVENT_NOT_ON_TIMELINE);
  const state = stateAfter(replay, resolved.count);
  const { characterId } = query;
  if (characterId !== null && !state.has(characterId)) throw notFound('Character');
  const paged = query.search !== null || query.page !== null || query.limit !== null
    ? pageOfCharacters(replay.start, state, query)
    : null;
  const ids = paged ? paged.ids : characterId === null ? [...state.keys()] : [characterId];
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
    ...(paged ? { pagination: paged.pagination } : {}),
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
