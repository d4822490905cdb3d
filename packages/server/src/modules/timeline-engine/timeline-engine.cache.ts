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
import type { Replay } from './replay.js';

interface Entry<T> {
  key: string;
  value: T;
}

/** Per-process cache of replays (by timeline) and start states (by world), least recently used first out. */
export class EngineCache {
  private readonly versions = new Map<string, number>();
  private epoch = 0;
  private readonly replays = new Map<string, Entry<Replay>>();
  private readonly starts = new Map<string, Entry<StartState>>();

  /** @param maxReplays how many timelines' replays are kept (a 10,000-event replay takes a few MB). */
  constructor(private readonly maxReplays = 32) {}

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
    return take(this.replays, timelineId, key);
  }

  /** Keeps a timeline's replay under a key. */
  setReplay(timelineId: string, key: string, replay: Replay): void {
    put(this.replays, timelineId, { key, value: replay }, this.maxReplays);
  }

  /** A world's start state if it was loaded under this key. */
  getStart(worldId: string, key: string): StartState | undefined {
    return take(this.starts, worldId, key);
  }

  /** Keeps a world's start state under a key. */
  setStart(worldId: string, key: string, start: StartState): void {
    put(this.starts, worldId, { key, value: start }, this.maxReplays);
  }

  /** How many replays are kept (for tests). */
  get size(): number {
    return this.replays.size;
  }
}

function take<T>(map: Map<string, Entry<T>>, id: string, key: string): T | undefined {
  const entry = map.get(id);
  if (entry === undefined) return undefined;
  map.delete(id);
  if (entry.key !== key) return undefined;
  map.set(id, entry);
  return entry.value;
}

function put<T>(map: Map<string, Entry<T>>, id: string, entry: Entry<T>, max: number): void {
  map.delete(id);
  map.set(id, entry);
  while (map.size > max) {
    const oldest = map.keys().next();
    if (oldest.done) break;
    map.delete(oldest.value);
  }
}
