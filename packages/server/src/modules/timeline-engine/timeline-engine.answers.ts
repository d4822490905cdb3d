/**
 * Turns replays into the engine's API answers (issue 5 "API"): functions over replays and the world's stored
 * characters (read on demand for the characters a replay does not hold), so route handlers stay thin and every
 * answer can be tested without HTTP.
 */
import {
  STATE_PAGE_DEFAULT,
  type CharacterHistory,
  type CharacterState as CharacterStateBody,
  type ItemProvenance,
  type Pagination,
  type TimelineDiff,
  type TimelineState,
} from '@loreforge/contract';
import { invalidField, notFound } from '../../errors/app-error.js';
import { type ClockOf, GREGORIAN_ONLY, answeredMoment, wordsOf, instantOfEvent } from './timeline-engine.clock.js';
import { type CharacterLookup, diffStates } from './engine/diff.js';
import type { StartState, WorldState } from './engine/types.js';
import { characterHistory } from './engine/history.js';
import { itemProvenance } from './engine/provenance.js';
import { type Moment, resolveMoment } from './engine/moment.js';
import { compareByNameThenId } from './engine/name-order.js';
import { type Replay, stateAfter } from './engine/replay.js';
import type { StoredWorld } from './engine/stored-world.js';
import {
  type Names,
  presentChange,
  presentCharacterState,
  presentDifference,
  presentEventSummary,
  presentIssue,
} from './timeline-engine.presenter.js';

/** The message when an eventId is not on the timeline's sequence. */
const EVENT_NOT_ON_TIMELINE = 'eventId must be an event of this timeline, or of its history before its branch point.';

/** Which characters of a state to answer: paging and search are on when any of `search`, `page`, `limit` is given. */
export interface StatePageQuery {
  characterId: string | null;
  search: string | null;
  page: number | null;
  limit: number | null;
}

/** The needle of a search as it is compared: trimmed and lowercased ('' matches every character). */
const needleOf = (search: string | null): string => (search ?? '').trim().toLowerCase();

/** Which matches a page holds: skip `from`, take `limit`, with the pagination block for `total` matches. */
function pageWindow(query: StatePageQuery): { from: number; limit: number; paginate: (total: number) => Pagination } {
  const limit = query.limit ?? STATE_PAGE_DEFAULT;
  const page = query.page ?? 1;
  return {
    from: (page - 1) * limit,
    limit,
    paginate: (total) => ({ currentPage: page, totalPages: Math.ceil(total / limit), totalItems: total, limit, nextCursor: null }),
  };
}

/**
 * Presents some characters' states at a moment: those the replay holds from its state, every other one (untouched
 * by the sequence, so at its stored state) from the stored characters read for the answer.
 * @throws AppError 404 when a character is in neither (it cannot be, in one version of the world).
 */
function presentStates(
  replay: Replay,
  state: WorldState,
  ids: readonly string[],
  read: ReadonlyArray<StartState | null>,
): CharacterStateBody[] {
  return ids.map((id) => {
    const held = state.get(id);
    if (held) return presentCharacterState(replay.start, id, held);
    const source = read.find((stored) => stored?.characters.has(id));
    const character = source?.characters.get(id);
    if (!source || !character) throw notFound('Character');
    return presentCharacterState(source, id, character);
  });
}

/**
 * The state of every (or one) character at a moment. With `search`, `page` or `limit`, one page of the characters
 * whose name contains `search` (case-insensitive), ordered by name then id, with a `pagination` block; without them,
 * every character ordered the same way. Characters the replay does not hold are read from `stored`.
 * @param stored the world's stored characters, in the same version as the replay.
 * @param clockOf the calendars of the replay's timelines: the moment and events are answered in them (issue 12).
 * @throws AppError 400 (field eventId) when the event is not on the timeline; 404 when the character is not in the world.
 */
export async function answerState(
  replay: Replay,
  moment: Moment,
  query: StatePageQuery,
  stored: StoredWorld,
  clockOf: ClockOf = GREGORIAN_ONLY,
): Promise<TimelineState> {
  const resolved = resolveMoment(replay, moment);
  if (!resolved) throw invalidField('eventId', EVENT_NOT_ON_TIMELINE);
  const { characterId } = query;
  const paged = query.search !== null || query.page !== null || query.limit !== null;
  const needle = needleOf(query.search);
  let known: StartState | null = null;
  let ids: string[];
  let pagination: Pagination | null = null;
  // Stored characters are read before the state is computed: an answer tried from memory alone stops at the
  // first read, having done little work (see withEngineSnapshot).
  if (characterId !== null) {
    let name = replay.start.characterNames.get(characterId);
    if (!replay.start.characters.has(characterId)) {
      known = await stored.readCharacters([characterId]);
      if (!known.characters.has(characterId)) throw notFound('Character');
      name = known.characterNames.get(characterId);
    }
    ids = [characterId];
    if (paged) {
      const matches = needle && !(name ?? '').toLowerCase().includes(needle) ? [] : ids;
      const { from, limit, paginate } = pageWindow(query);
      ids = matches.slice(from, from + limit);
      pagination = paginate(matches.length);
    }
  } else {
    const order = await stored.readNameOrder();
    if (paged) {
      const { from, limit, paginate } = pageWindow(query);
      const page = order.page(needle, from, limit);
      ids = page.ids;
      pagination = paginate(page.total);
    } else {
      ids = order.page('', 0, order.size).ids;
      // Every character is shown: reading the world's tables whole is several times faster than by id.
      known = await stored.readEveryCharacter();
    }
  }
  const untouched = ids.filter((id) => !replay.start.characters.has(id) && !known?.characters.has(id));
  const read = untouched.length > 0 ? await stored.readCharacters(untouched) : null;
  const characters = presentStates(replay, stateAfter(replay, resolved.count), ids, [known, read]);
  const last = replay.plan[resolved.count - 1];
  const changes = replay.outcomes[resolved.count - 1]?.applied ?? [];
  return {
    timelineId: replay.timeline.id,
    ...answeredMoment(clockOf(replay.timeline.id), replay, moment),
    eventCount: resolved.count,
    lastEvent: last
      ? { ...presentEventSummary(last.event, clockOf), changes: changes.map((change) => presentChange(replay.start, change)) }
      : null,
    characters,
    ...(pagination ? { pagination } : {}),
  };
}

/**
 * A character's history on a timeline: the events that changed it (or had a problem with it), each dated in its
 * timeline's calendar (`clockOf`, Gregorian by default).
 */
export function answerHistory(replay: Replay, characterId: string, clockOf: ClockOf = GREGORIAN_ONLY): CharacterHistory {
  return {
    characterId,
    timelineId: replay.timeline.id,
    data: characterHistory(replay, characterId).map((entry) =>
      Object.assign(presentEventSummary(entry.event, clockOf), {
        changes: entry.changes.map((change) => presentChange(replay.start, change)),
        issues: entry.issues.map((issue) => presentIssue(replay, issue)),
      }),
    ),
  };
}

/** A character's state on one side of a diff: the replay's, or else its stored state (it is untouched there). */
function sideOf(state: WorldState, other: Replay): CharacterLookup {
  return { get: (id) => state.get(id) ?? other.start.characters.get(id) };
}

/**
 * How two timelines differ at a moment (default: the first timeline's "now"). Only characters one of the two
 * sequences names can differ: every other one has its stored state on both.
 * @param moment an ISO date-time, an instant of the first timeline's calendar, or "now" (an eventId is read as now).
 * @param clockOf the calendars of the replays' timelines: the moment is answered in the first one's (issue 12).
 * @returns the differences, characters by name then id.
 */
export function answerDiff(
  replay: Replay,
  against: Replay,
  moment: Moment,
  characterId: string | null,
  clockOf: ClockOf = GREGORIAN_ONLY,
): TimelineDiff {
  // "Now" is the first timeline's now on both sides, as an instant when it has one (its own calendar).
  const nowInstant = replay.timeline.currentInstant;
  const asked: Moment =
    'at' in moment || 'instant' in moment
      ? moment
      : nowInstant !== null && nowInstant !== undefined && clockOf(replay.timeline.id).calendarId !== null
        ? { instant: nowInstant }
        : { at: replay.timeline.currentDateTime };
  const left = resolveMoment(replay, asked);
  const right = resolveMoment(against, asked);
  const names: Names = {
    characterNames: new Map([...against.start.characterNames, ...replay.start.characterNames]),
    itemNames: new Map([...against.start.itemNames, ...replay.start.itemNames]),
  };
  const ids =
    characterId !== null
      ? [characterId]
      : [...new Set([...replay.start.characters.keys(), ...against.start.characters.keys()])]
          .map((id) => ({ id, name: names.characterNames.get(id) ?? '' }))
          .sort(compareByNameThenId)
          .map(({ id }) => id);
  const differences = diffStates(
    sideOf(stateAfter(replay, left?.count ?? 0), against),
    sideOf(stateAfter(against, right?.count ?? 0), replay),
    ids,
  );
  return {
    timelineId: replay.timeline.id,
    againstTimelineId: against.timeline.id,
    ...answeredMoment(clockOf(replay.timeline.id), replay, 'eventId' in moment ? { now: true } : moment),
    differences: differences.map((difference) => presentDifference(names, difference)),
  };
}

/**
 * Who held an item on a timeline, from when to when, each bound dated in its event's calendar too (issue 12).
 * @param stored the world's stored characters (the item's holders at the start), in the same version as the replay.
 * @param clockOf the calendars of the replay's timelines (Gregorian by default).
 */
export async function answerProvenance(
  replay: Replay,
  item: { id: string; name: string },
  stored: StoredWorld,
  clockOf: ClockOf = GREGORIAN_ONLY,
): Promise<ItemProvenance> {
  const holders = await stored.readHolders(item.id);
  const holderNames = new Map(holders.map((holder) => [holder.characterId, holder.name]));
  return {
    itemId: item.id,
    itemName: item.name,
    timelineId: replay.timeline.id,
    periods: itemProvenance(replay, item.id, holders).map((period) => ({
      ...period,
      ...boundWords(replay, clockOf, period.fromEventId, 'from'),
      ...boundWords(replay, clockOf, period.toEventId, 'to'),
      characterName: replay.start.characterNames.get(period.characterId) ?? holderNames.get(period.characterId) ?? null,
    })),
  };
}

/** The instant and words of a provenance period's bound (`from…` or `to…`), from the event that set it. */
function boundWords<K extends 'from' | 'to'>(
  replay: Replay,
  clockOf: ClockOf,
  eventId: string | null,
  key: K,
): Record<`${K}Instant` | `${K}Formatted`, string | null> {
  const position = eventId === null ? undefined : replay.positions.get(eventId);
  const event = position === undefined ? undefined : replay.plan[position]?.event;
  const words = event ? wordsOf(clockOf(event.timelineId), instantOfEvent(event)) : { instant: null, formattedDate: null };
  return { [`${key}Instant`]: words.instant, [`${key}Formatted`]: words.formattedDate } as Record<
    `${K}Instant` | `${K}Formatted`,
    string | null
  >;
}
