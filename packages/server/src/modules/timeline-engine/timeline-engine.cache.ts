/**
 * The engine's cache of replays (issue 5 "keep snapshots or a cache that is invalidated correctly"). An entry is
 * keyed by two things, both read before any data is loaded, so an entry can only ever be older than its key:
 *  - the world's version in this process, bumped by every successful write request under the world (and a global
 *    epoch for writes outside a world, such as moving a character), exact even for writes in the same millisecond;
 *  - the world's content version in the database (raised by triggers on every write of its content), which
 *    catches writes by other processes or scripts.
 * See docs/timeline-engine.md "Caching and invalidation".
 */
import type { StartState } from './engine.types.js';
import { LayeredState } from './layered-state.js';
import type { Replay } from './replay.js';

interface Entry<T> {
  key: string;
  value: T;
  /** Roughly how many characters, events and snapshot entries the value holds (its share of memory). */
  weight: number;
}

/**
 * How much the cache may hold, in the units of `weightOfStart`/`weightOfReplay` (each well under 1 KB of heap):
 * a world of 100,000 characters with its 10,000-event timeline replayed weighs about 150,000.
 */
export const DEFAULT_MAX_WEIGHT = 250_000;

/** The weight of a start state: its characters and items. */
export function weightOfStart(start: StartState): number {
  return start.characters.size + start.itemNames.size;
}

/** The weight of a replay without its start state: its events and the characters its snapshots keep. */
export function weightOfReplay(replay: Replay): number {
  let kept = 0;
  for (const { state } of replay.snapshots) kept += state instanceof LayeredState ? state.changed.size : state.size;
  return replay.plan.length + kept;
}

/** Per-process cache of replays (by timeline) and start states (by world), least recently used first out. */
export class EngineCache {
  private readonly versions = new Map<string, number>();
  private epoch = 0;
  private readonly replays = new Map<string, Entry<Replay>>();
  private readonly starts = new Map<string, Entry<StartState>>();

  private weight = 0;

  /**
   * @param maxReplays how many timelines' replays (and worlds' start states) are kept at most.
   * @param maxWeight how much they may weigh together; the least recently used go first past it (the newest
   *   entry stays even when it alone weighs more, so a huge world is still answered from the cache).
   */
  constructor(
    private readonly maxReplays = 32,
    private readonly maxWeight = DEFAULT_MAX_WEIGHT,
  ) {}

  /** Marks everything the engine knows of a world as stale; without a world, of every world. */
  invalidate(worldId?: string): void {
    if (worldId === undefined) this.epoch += 1;
    else this.versions.set(worldId, (this.versions.get(worldId) ?? 0) + 1);
  }

  /** The world's version in this process; compare it, never parse it. */
  versionOf(worldId: string): string {
    return `${this.epoch}.${this.versions.get(worldId) ?? 0}`;
  }

  /** A timeline's replay if it was built under this key. */
  getReplay(timelineId: string, key: string): Replay | undefined {
    return this.take(this.replays, timelineId, key);
  }

  /** Keeps a timeline's replay under a key. */
  setReplay(timelineId: string, key: string, replay: Replay): void {
    this.put(this.replays, timelineId, { key, value: replay, weight: weightOfReplay(replay) });
  }

  /** A world's start state if it was loaded under this key. */
  getStart(worldId: string, key: string): StartState | undefined {
    return this.take(this.starts, worldId, key);
  }

  /** Keeps a world's start state under a key. */
  setStart(worldId: string, key: string, start: StartState): void {
    this.put(this.starts, worldId, { key, value: start, weight: weightOfStart(start) });
  }

  /** How many replays are kept (for tests). */
  get size(): number {
    return this.replays.size;
  }

  /** How much the kept entries weigh (for tests). */
  get totalWeight(): number {
    return this.weight;
  }

  private take<T>(map: Map<string, Entry<T>>, id: string, key: string): T | undefined {
    const entry = map.get(id);
    if (entry === undefined) return undefined;
    map.delete(id);
    if (entry.key !== key) {
      this.weight -= entry.weight;
      return undefined;
    }
    map.set(id, entry);
    return entry.value;
  }

  private put<T>(map: Map<string, Entry<T>>, id: string, entry: Entry<T>): void {
    const previous = map.get(id);
    if (previous !== undefined) {
      map.delete(id);
      this.weight -= previous.weight;
    }
    map.set(id, entry);
    this.weight += entry.weight;
    while (map.size > this.maxReplays) this.evictOldest(map);
    // Past the weight budget the least recently used go first: replays (rebuilt from a kept start state in
    // milliseconds to seconds), then start states, never the entry just stored.
    while (this.weight > this.maxWeight) {
      if (!this.evictOldest(this.replays, entry) && !this.evictOldest(this.starts, entry)) break;
    }
  }

  /** Drops a map's least recently used entry (unless it is `keep`); @returns whether one was dropped. */
  private evictOldest<T>(map: Map<string, Entry<T>>, keep?: Entry<unknown>): boolean {
    for (const [id, entry] of map) {
      if (entry === keep) continue;
      map.delete(id);
      this.weight -= entry.weight;
      return true;
    }
    return false;
  }
}
