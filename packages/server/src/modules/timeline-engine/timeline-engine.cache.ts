/**
 * The engine's cache of replays (issue 5 "keep snapshots or a cache that is invalidated correctly"), of worlds'
 * name orders (for the state's pages) and of the calendars of worlds' timelines (to date answers). An entry is keyed
 * by two things, both read before any data is loaded, so an entry can only ever be older than its key:
 *  - the world's version in this process, bumped by every successful write request under the world (and a global
 *    epoch for writes outside a world, such as moving a character), exact even for writes in the same millisecond;
 *  - the world's content version in the database (raised by triggers on every write of its content), which
 *    catches writes by other processes or scripts.
 * See docs/timeline-engine.md "Caching and invalidation".
 */
import { LayeredState } from './engine/layered-state.js';
import type { NameOrder } from './engine/name-order.js';
import type { Replay } from './engine/replay.js';
import type { Clock } from '../calendars/calendar.clock.js';

interface Entry<T> {
  key: string;
  value: T;
  /** Its share of memory, in the units of `weightOfReplay`. */
  weight: number;
  /** When it was stored or last answered, in ms since the epoch (see `dropIdle`). */
  usedAt: number;
}

/**
 * How much the cache may hold, in the units of `weightOfReplay` (one event, one held character state or one
 * snapshot entry: about 0.4 KB of heap a unit, events included, measured on the benchmark's world), so about 35 MB
 * of heap at most. The benchmark's 10,000-event timeline over 1,000 characters weighs about 50,000 (19 MB of heap),
 * its branch 25,000 and its world's name order 13,000, whatever the number of characters in the world: such a
 * timeline, its branch and its world's name order stay together, and a second timeline of that size (the calendar
 * timeline) takes the first one's place instead of both being kept after traffic has moved on.
 */
const DEFAULT_MAX_WEIGHT = 90_000;

/**
 * How long an entry nobody asks for is kept, in ms. A kept replay is live heap that every full collection of the
 * old generation marks again, pausing every request in flight (docs/performance.md, "Replays given back when
 * idle, and the collector at 35%"): the benchmark's 10,000-event timeline is about half the server's live heap
 * under other traffic. Past this, the next ask rebuilds it (in time proportional to its events: about half a
 * second for 10,000); someone reading a timeline asks again within seconds as they move through it, and every
 * write to the world drops its entries anyway.
 */
const DEFAULT_MAX_IDLE_MS = 30_000;

/** Bytes of a name order per unit of weight (a held character state is several hundred bytes). */
const NAME_ORDER_BYTES_PER_WEIGHT = 512;

/** The weight of a replay: its events, the characters it holds and the entries its snapshots keep. */
function weightOfReplay(replay: Replay): number {
  let kept = 0;
  for (const { state } of replay.snapshots) kept += state instanceof LayeredState ? state.changed.size : state.size;
  return replay.plan.length + replay.start.characters.size + kept;
}

/**
 * The weight of a world's timelines' calendars: one unit per timeline with a calendar (a calendar's definition is a
 * few KB of months, weekdays, moons and eras, and the timelines of one calendar share it).
 */
function weightOfClocks(clocks: ReadonlyMap<string, Clock>): number {
  return 1 + clocks.size;
}

/** The weight of a name order (about 65 bytes a character, so a 100,000-character world weighs about 13,000). */
function weightOfNameOrder(order: NameOrder): number {
  return Math.ceil(order.bytes / NAME_ORDER_BYTES_PER_WEIGHT);
}

/** Per-process cache of replays (by timeline) and name orders (by world), least recently used first out. */
export class EngineCache {
  private readonly versions = new Map<string, number>();
  private epoch = 0;
  private readonly replays = new Map<string, Entry<Replay>>();
  private readonly nameOrders = new Map<string, Entry<NameOrder>>();
  private readonly clocks = new Map<string, Entry<ReadonlyMap<string, Clock>>>();
  private readonly building = new Map<string, Promise<unknown>>();

  private weight = 0;

  /**
   * @param maxReplays how many timelines' replays (and worlds' name orders, and worlds' calendars) are kept at most.
   * @param maxWeight how much they may weigh together; the least recently used go first past it (the newest
   *   entry stays even when it alone weighs more, so a huge timeline is still answered from the cache).
   * @param maxIdleMs how long, in ms, an entry neither stored nor answered is kept by `dropIdle`.
   */
  constructor(
    private readonly maxReplays = 32,
    private readonly maxWeight = DEFAULT_MAX_WEIGHT,
    readonly maxIdleMs = DEFAULT_MAX_IDLE_MS,
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

  /** A world's name order if it was built under this key. */
  getNameOrder(worldId: string, key: string): NameOrder | undefined {
    return this.take(this.nameOrders, worldId, key);
  }

  /** Keeps a world's name order under a key. */
  setNameOrder(worldId: string, key: string, order: NameOrder): void {
    this.put(this.nameOrders, worldId, { key, value: order, weight: weightOfNameOrder(order) });
  }

  /** The calendars of a world's timelines (timeline id → clock) if they were read under this key. */
  getClocks(worldId: string, key: string): ReadonlyMap<string, Clock> | undefined {
    return this.take(this.clocks, worldId, key);
  }

  /** Keeps the calendars of a world's timelines under a key. */
  setClocks(worldId: string, key: string, clocks: ReadonlyMap<string, Clock>): void {
    this.put(this.clocks, worldId, { key, value: clocks, weight: weightOfClocks(clocks) });
  }

  /**
   * Runs a build once for concurrent callers: a caller asking while the same build (same name, which must
   * include the key) is under way gets its promise instead of starting another.
   * @returns the build's result (or its rejection).
   */
  shared<T>(name: string, build: () => Promise<T>): Promise<T> {
    const running = this.building.get(name);
    if (running !== undefined) return running as Promise<T>;
    const started = build().finally(() => this.building.delete(name));
    this.building.set(name, started);
    return started;
  }

  /**
   * Drops every entry neither stored nor answered in the last `maxIdleMs` (the plugin calls it every third of
   * that), so a big timeline's replay does not stay in the heap after people have moved on.
   * @param now the time in ms since the epoch (Date.now() unless a test sets it).
   * @returns how many entries were dropped.
   */
  dropIdle(now = Date.now()): number {
    const before = now - this.maxIdleMs;
    let dropped = 0;
    for (const map of [this.replays, this.nameOrders, this.clocks] as Array<Map<string, Entry<unknown>>>) {
      // Each map is in order of use, least recent first: stop at the first entry used since `before`.
      for (const [id, entry] of map) {
        if (entry.usedAt >= before) break;
        map.delete(id);
        this.weight -= entry.weight;
        dropped += 1;
      }
    }
    return dropped;
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
    entry.usedAt = Date.now();
    map.set(id, entry);
    return entry.value;
  }

  private put<T>(map: Map<string, Entry<T>>, id: string, stored: Omit<Entry<T>, 'usedAt'>): void {
    const entry: Entry<T> = { ...stored, usedAt: Date.now() };
    const previous = map.get(id);
    if (previous !== undefined) {
      map.delete(id);
      this.weight -= previous.weight;
    }
    map.set(id, entry);
    this.weight += entry.weight;
    while (map.size > this.maxReplays) this.evictOldest(map);
    // Past the weight budget the least recently used go first: replays, then name orders (rebuilt from one index
    // read), then calendars (one query), never the entry just stored.
    while (this.weight > this.maxWeight) {
      if (!this.evictOldest(this.replays, entry) && !this.evictOldest(this.nameOrders, entry) && !this.evictOldest(this.clocks, entry))
        break;
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
