/**
 * Replays a timeline: builds its effective event sequence (its ancestors' events up to each branch point, then its
 * own), applies it once from the start state keeping snapshots, and answers the state after any number of events
 * from the nearest snapshot (issue 5, docs/timeline-engine.md "Branching" and "Caching").
 */
import { type EventOutcome, applyEventChanges } from './apply-changes.js';
import { type ParsedChanges, parseEventChanges } from './change-parse.js';
import type { EngineIssue, EventSummary, EngineTimeline, StartState, TimelineEvents, WorldState } from './types.js';
import { momentKey, sortEvents } from './event-order.js';
import { StateDraft } from './state-draft.js';

/** An event placed on a timeline's effective sequence. */
export interface PlannedEvent {
  event: EventSummary;
  /** When it takes effect here (ms): its own time, or its branch point's when it is dated earlier. */
  /** Moment key in minutes since the calendar epoch (event-order.ts momentKey), never before the branch point. */
  effectiveMs: number;
  parsed: ParsedChanges;
}

/** A timeline replayed from its world's start state to its last event. Read-only once built. */
export interface Replay {
  timeline: EngineTimeline;
  /** The timeline and its ancestors, root first. */
  chain: EngineTimeline[];
  /**
   * The stored state the sequence starts from: the characters its changes name (its cast), or every character
   * when built that way in memory. A character it does not hold is untouched by the sequence: its stored state
   * is its state at every moment.
   */
  start: StartState;
  plan: PlannedEvent[];
  /** What each planned event did, by position in `plan`. */
  outcomes: EventOutcome[];
  /** Problems of the sequence itself (events before their branch point, a missing branching event). */
  structuralIssues: EngineIssue[];
  /** States after `count` events, ascending by count, starting with 0 (the start state). */
  snapshots: Array<{ count: number; state: WorldState }>;
  /** eventId → position in `plan`. */
  positions: Map<string, number>;
}

/** Snapshot spacing: a state at any moment then costs at most this many event applications. */
export const SNAPSHOT_EVERY = 256;

/** A snapshot is also kept once this many change entries were applied since the last one (bounds a state's cost). */
const SNAPSHOT_EVERY_ENTRIES = 2_000;

/** Long engine work gives the event loop a turn after about this many change entries read or applied. */
export const YIELD_EVERY_ENTRIES = 2_000;

/** The versioned change entries of an event, all three fields. */
function changeEntries(parsed: ParsedChanges): number {
  let total = 0;
  for (const field of [parsed.characterAttributeChanges, parsed.inventoryChanges, parsed.relationshipChanges]) {
    if (field.form === 'versioned') total += field.changes.length;
  }
  return total;
}

/** Runs a step generator to its end at once. */
function runToEnd<T>(steps: Generator<number, T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * Runs a step generator, waiting for the event loop's next turn (setImmediate, after pending I/O) each time about
 * YIELD_EVERY_ENTRIES change entries have been handled: cooperative yielding keeps other requests answered while
 * one world replays.
 */
async function runYielding<T>(steps: Generator<number, T>): Promise<T> {
  let work = 0;
  let step = steps.next();
  while (!step.done) {
    work += 1 + step.value;
    if (work >= YIELD_EVERY_ENTRIES) {
      work = 0;
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    step = steps.next();
  }
  return step.value;
}

function timelineIssue(kind: EngineIssue['kind'], timelineId: string, eventId: string | null, message: string): EngineIssue {
  return { kind, eventId, timelineId, location: null, characterId: null, message };
}

/**
 * Builds the effective sequence of the last timeline of a chain, one event at a time: yields the change entries of
 * each event read (so a driver can give the event loop a turn), and returns the plan.
 */
function* planSteps(chain: readonly TimelineEvents[]): Generator<number, { plan: PlannedEvent[]; issues: EngineIssue[] }> {
  const issues: EngineIssue[] = [];
  let plan: PlannedEvent[] = [];
  let ownStart = 0;
  for (const [depth, { timeline, events }] of chain.entries()) {
    let prefix: PlannedEvent[] = [];
    if (depth > 0) {
      const branchAt = timeline.branchingEventId === null ? -1 : plan.findIndex((p) => p.event.id === timeline.branchingEventId);
      if (branchAt === -1) {
        issues.push(
          timelineIssue(
            'branchingEventMissing',
            timeline.id,
            null,
            'This branch has no branching event on its parent timeline, so it starts from the state its parent starts from.',
          ),
        );
        prefix = plan.slice(0, ownStart);
      } else {
        prefix = plan.slice(0, branchAt + 1);
      }
    }
    const branchMs = prefix.at(-1)?.effectiveMs ?? -Infinity;
    const own: PlannedEvent[] = [];
    for (const event of sortEvents(events)) {
      let ms = momentKey(event.dateTime, event.instant);
      if (Number.isNaN(ms)) {
        issues.push(
          timelineIssue('invalidDateTime', timeline.id, event.id, `dateTime "${event.dateTime}" cannot be read; the event is placed last.`),
        );
        ms = Infinity;
      } else if (ms < branchMs) {
        issues.push(
          timelineIssue(
            'eventBeforeBranchPoint',
            timeline.id,
            event.id,
            `"${event.name}" is dated ${event.dateTime}, before this branch leaves its parent; it takes effect at the branch point.`,
          ),
        );
      }
      const parsed = parseEventChanges(event);
      // The timeline's own id, one string for all its events, instead of each row's copy.
      const summary: EventSummary = {
        id: event.id,
        timelineId: timeline.id,
        name: event.name,
        dateTime: event.dateTime,
        instant: event.instant ?? null,
      };
      own.push({ event: summary, effectiveMs: Math.max(ms, branchMs), parsed });
      yield changeEntries(parsed);
    }
    ownStart = prefix.length;
    plan = prefix.concat(own);
  }
  return { plan, issues };
}

/**
 * Builds the effective sequence of the last timeline of a chain.
 * @param chain the timeline and its ancestors with their own events, root first (parents before children).
 * @returns the planned events in order and the structural issues found.
 */
function buildPlan(chain: readonly TimelineEvents[]): { plan: PlannedEvent[]; issues: EngineIssue[] } {
  return runToEnd(planSteps(chain));
}

/** `buildPlan`, giving the event loop a turn every YIELD_EVERY_ENTRIES change entries read. */
export function buildPlanYielding(chain: readonly TimelineEvents[]): Promise<{ plan: PlannedEvent[]; issues: EngineIssue[] }> {
  return runYielding(planSteps(chain));
}

/** The characters and items a sequence names: what its replay must hold. */
export interface NamedIds {
  characterIds: Set<string>;
  itemIds: Set<string>;
}

/**
 * The characters and items named by the entries of a sequence that can apply (valid versioned entries; free-form
 * values and invalid entries change nothing). Every other character keeps its stored state along the sequence.
 * @returns the ids, in the order first named.
 */
export function namedIds(plan: readonly PlannedEvent[]): NamedIds {
  const characterIds = new Set<string>();
  const itemIds = new Set<string>();
  for (const { parsed } of plan) {
    if (parsed.characterAttributeChanges.form === 'versioned') {
      for (const { change } of parsed.characterAttributeChanges.changes) characterIds.add(change.characterId);
    }
    if (parsed.inventoryChanges.form === 'versioned') {
      for (const { change } of parsed.inventoryChanges.changes) {
        characterIds.add(change.characterId);
        itemIds.add(change.itemId);
      }
    }
    if (parsed.relationshipChanges.form === 'versioned') {
      for (const { change } of parsed.relationshipChanges.changes) {
        characterIds.add(change.characterId);
        characterIds.add(change.targetCharacterId);
      }
    }
  }
  return { characterIds, itemIds };
}

/**
 * Replays a timeline from the start state to its last event.
 * @param chain the timeline and its ancestors, root first; the last one is the timeline replayed.
 * @returns the replay (sequence, outcomes, snapshots); never throws on bad data — problems become issues.
 * @throws RangeError when the chain is empty.
 */
export function replayTimeline(start: StartState, chain: readonly TimelineEvents[], snapshotEvery = SNAPSHOT_EVERY): Replay {
  return replayPlan(
    start,
    chain.map((link) => link.timeline),
    buildPlan(chain),
    snapshotEvery,
  );
}

/**
 * Applies a planned sequence one event at a time: yields the change entries of each event applied, and returns the
 * replay. A snapshot is kept every `snapshotEvery` events, and also once SNAPSHOT_EVERY_ENTRIES change entries have
 * been applied since the last one, so a state at any moment costs at most that much work however large the events.
 */
function* replaySteps(
  start: StartState,
  chain: readonly EngineTimeline[],
  { plan, issues }: { plan: PlannedEvent[]; issues: EngineIssue[] },
  snapshotEvery: number,
): Generator<number, Replay> {
  const last = chain.at(-1);
  if (last === undefined) throw new RangeError('replayPlan needs at least one timeline.');
  const draft = new StateDraft(start.characters);
  const snapshots: Replay['snapshots'] = [{ count: 0, state: draft.snapshot() }];
  const outcomes: EventOutcome[] = [];
  const positions = new Map<string, number>();
  let sinceSnapshot = 0;
  for (const [index, planned] of plan.entries()) {
    positions.set(planned.event.id, index);
    outcomes.push(applyEventChanges(draft, start, planned.event, planned.parsed));
    const entries = changeEntries(planned.parsed);
    sinceSnapshot += entries;
    if ((index + 1) % snapshotEvery === 0 || sinceSnapshot >= SNAPSHOT_EVERY_ENTRIES) {
      snapshots.push({ count: index + 1, state: draft.snapshot() });
      sinceSnapshot = 0;
    }
    yield entries;
  }
  if (snapshots.at(-1)?.count !== plan.length) snapshots.push({ count: plan.length, state: draft.snapshot() });
  return { timeline: last, chain: [...chain], start, plan, outcomes, structuralIssues: issues, snapshots, positions };
}

/**
 * Replays a sequence already planned by `buildPlan` (so the caller can first load the characters it names).
 * @param chain the timeline and its ancestors, root first.
 * @param start the stored state of at least every character the plan names that exists.
 * @returns the replay; never throws on bad data.
 * @throws RangeError when the chain is empty.
 */
function replayPlan(
  start: StartState,
  chain: readonly EngineTimeline[],
  planned: { plan: PlannedEvent[]; issues: EngineIssue[] },
  snapshotEvery = SNAPSHOT_EVERY,
): Replay {
  return runToEnd(replaySteps(start, chain, planned, snapshotEvery));
}

/**
 * `replayPlan`, giving the event loop a turn every YIELD_EVERY_ENTRIES change entries applied, so replaying a
 * large world never stalls other users' requests for longer than that much work (docs/timeline-engine.md "Limits").
 * @throws RangeError when the chain is empty.
 */
export function replayPlanYielding(
  start: StartState,
  chain: readonly EngineTimeline[],
  planned: { plan: PlannedEvent[]; issues: EngineIssue[] },
  snapshotEvery = SNAPSHOT_EVERY,
): Promise<Replay> {
  return runYielding(replaySteps(start, chain, planned, snapshotEvery));
}

/**
 * The state after the first `count` events of the sequence.
 * @returns a read-only state (shared with the replay's snapshots where nothing changed).
 */
export function stateAfter(replay: Replay, count: number): WorldState {
  const wanted = Math.max(0, Math.min(count, replay.plan.length));
  const recent = recentStates.get(replay);
  const known = recent?.get(wanted);
  if (recent && known) {
    recent.delete(wanted);
    recent.set(wanted, known);
    return known;
  }
  const { state, applied } = stateFromSnapshot(replay, wanted);
  if (applied > 0) remember(replay, wanted, state);
  return state;
}

/**
 * States between snapshots that were asked for lately, per replay: a table asks for the same moment (the
 * timeline's "now", the day the scrubber rests on) many times, and each costs up to SNAPSHOT_EVERY event
 * applications. A replay is immutable, so a state it gave stays right for as long as the replay lives; the
 * WeakMap lets both go together.
 */
const recentStates = new WeakMap<Replay, Map<number, WorldState>>();

/** How many in-between states each replay keeps (least recently asked first out). */
export const RECENT_STATES_PER_REPLAY = 8;

function remember(replay: Replay, count: number, state: WorldState): void {
  let recent = recentStates.get(replay);
  if (!recent) {
    recent = new Map();
    recentStates.set(replay, recent);
  }
  recent.set(count, state);
  if (recent.size > RECENT_STATES_PER_REPLAY) {
    const oldest = recent.keys().next();
    if (!oldest.done) recent.delete(oldest.value);
  }
}

/** The state after `wanted` events, applied from the nearest snapshot at or before it, and how many it applied. */
function stateFromSnapshot(replay: Replay, wanted: number): { state: WorldState; applied: number } {
  let low = 0;
  let high = replay.snapshots.length - 1;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if ((replay.snapshots[mid]?.count ?? Infinity) <= wanted) low = mid;
    else high = mid - 1;
  }
  const snapshot = replay.snapshots[low] ?? { count: 0, state: replay.start.characters };
  if (snapshot.count === wanted) return { state: snapshot.state, applied: 0 };
  const draft = new StateDraft(snapshot.state);
  for (let index = snapshot.count; index < wanted; index += 1) {
    const planned = replay.plan[index];
    if (planned) applyEventChanges(draft, replay.start, planned.event, planned.parsed);
  }
  return { state: draft.snapshot(), applied: wanted - snapshot.count };
}

/**
 * How many events of the sequence take effect at or before a moment.
 * @param atMs the moment key (minutes since the calendar epoch, see momentKey).
 */
export function countAt(replay: Replay, atMs: number): number {
  let low = 0;
  let high = replay.plan.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((replay.plan[mid]?.effectiveMs ?? Infinity) <= atMs) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** Every issue of the replay: structural ones first, then each event's in sequence order. */
export function replayIssues(replay: Replay): EngineIssue[] {
  return [...replay.structuralIssues, ...replay.outcomes.flatMap((outcome) => outcome.issues)];
}
