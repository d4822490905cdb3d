/**
 * The live feed's delivery on one app instance (issue 15, docs/live-updates.md "Delivery"): the open streams
 * of each world, fed from the change log whenever the database signals a commit (db/world-signals.ts), so
 * every instance delivers every change to its own subscribers, in sequence order, each exactly once.
 *
 * - Each stream is sent positions as its reader is shown them (feed-cursor.ts: opaque cursors for players and
 *   viewers, so no gap tells of a hidden change), and keeps internally the last log sequence it has passed
 *   (sent or hidden from it); a read of the world's log starts
 *   after the lowest of them and each stream gets only what is after its own, so a resumed stream and a live
 *   one share reads and none gets a change twice.
 * - Access is checked at delivery: before each read the world's members are read again; a stream whose user is
 *   no longer a member (or whose world is gone) is ended, one whose role changed reads with the new role.
 * - Readers of one class (editors, viewers, each player) share one visibility check per read.
 * - One read per world runs at a time; signals during it make it read again.
 * - A stream whose client stops reading is paused at the first full write and read on from the log when its
 *   connection drains, so memory per stream stays bounded (see `Subscriber.paused`).
 */
import { type WorldRole } from '@loreforge/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { WorldSignal, WorldSignals } from '../../db/world-signals.js';
import { type WorldScope, scopeOf } from '../../access/world-scope.js';
import { listPresence, presentTo } from '../presence/presence.repository.js';
import { filterVisibleChanges, readChanges } from './change.repository.js';
import { type FeedPositions, feedPositions } from './feed-cursor.js';

/** Changes one read of a world's log takes. */
const READ_BATCH = 500;

/** One open stream. */
export interface Subscriber {
  readonly worldId: string;
  readonly userId: string;
  /** Who reads (updated when their role changes). */
  scope: WorldScope;
  /** How this reader is shown positions (feed-cursor.ts; updated with the scope). */
  positions: FeedPositions;
  /** The last log sequence this stream has passed (the log's own number, never sent as is to non-editors). */
  cursor: number;
  /**
   * Set when a write found the connection's buffer full (its client is not reading): the hub sends it nothing
   * more until `resume` (the connection drained), then reads on from the log after `cursor`. So a stream that is
   * not read holds at most its socket's buffer and one frame, however much the world changes meanwhile.
   */
  paused: boolean;
  /** Writes an SSE frame (text, or its UTF-8 bytes shared by every stream of a class); false when the connection's buffer is full. */
  write: (frame: string | Buffer) => boolean;
  /** Ends the stream (the hub has already forgotten it). */
  end: () => void;
}

interface WorldFeed {
  subscribers: Set<Subscriber>;
  reading: boolean;
  again: boolean;
  /** The last presence list sent, as JSON, so the sweep sends only changes. */
  presence: string;
  presenceReading: boolean;
  /** A presence signal came during a presence read: read again after it. */
  presenceAgain: boolean;
}

/** Options of the hub. */
export interface ChangeHubOptions {
  /** Streams one user may hold open on this instance (config liveStreamsPerUser). */
  streamsPerUser: number;
  /** Interval of the comment lines that keep idle streams open (ms). */
  heartbeatMs: number;
  /** Key of the feed's cursors (app.feedCursorKey). */
  cursorKey: Buffer;
  logger: FastifyBaseLogger;
}

/** Thrown by `add` when the user already holds `streamsPerUser` streams. */
export class TooManyStreams extends Error {}

/** Formats one SSE event. @param id the position as the reader is shown it (omitted for presence). */
export function sseFrame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** See the module comment. */
export class ChangeHub {
  readonly #worlds = new Map<string, WorldFeed>();
  readonly #perUser = new Map<string, number>();
  #unsubscribe: (() => void) | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #sweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly signals: WorldSignals,
    private readonly options: ChangeHubOptions,
  ) {}

  /** How many streams are open on this instance. */
  get size(): number {
    let count = 0;
    for (const feed of this.#worlds.values()) count += feed.subscribers.size;
    return count;
  }

  /**
   * Adds a stream and delivers what it has missed since its cursor.
   * @throws TooManyStreams when its user already holds `streamsPerUser` streams here.
   */
  add(subscriber: Subscriber): void {
    const held = this.#perUser.get(subscriber.userId) ?? 0;
    if (held >= this.options.streamsPerUser) throw new TooManyStreams();
    this.#perUser.set(subscriber.userId, held + 1);
    let feed = this.#worlds.get(subscriber.worldId);
    if (feed === undefined) {
      feed = { subscribers: new Set(), reading: false, again: false, presence: '', presenceReading: false, presenceAgain: false };
      this.#worlds.set(subscriber.worldId, feed);
    }
    feed.subscribers.add(subscriber);
    this.#start();
    void this.#deliver(subscriber.worldId);
    void this.#deliverPresence(subscriber.worldId, [subscriber]);
  }

  /**
   * Sends a paused stream what it has missed since it stopped reading (its connection drained), and who is here.
   */
  resume(subscriber: Subscriber): void {
    if (!subscriber.paused) return;
    subscriber.paused = false;
    void this.#deliver(subscriber.worldId);
    void this.#deliverPresence(subscriber.worldId, [subscriber]);
  }

  /** Forgets a stream (its connection closed); safe to call twice. */
  remove(subscriber: Subscriber): void {
    const feed = this.#worlds.get(subscriber.worldId);
    if (!feed?.subscribers.delete(subscriber)) return;
    const held = (this.#perUser.get(subscriber.userId) ?? 1) - 1;
    if (held <= 0) this.#perUser.delete(subscriber.userId);
    else this.#perUser.set(subscriber.userId, held);
    if (feed.subscribers.size === 0 && !feed.reading) this.#worlds.delete(subscriber.worldId);
    if (this.#worlds.size === 0) this.#stop();
  }

  /** Ends every stream and stops listening (the app is closing). */
  close(): void {
    for (const feed of this.#worlds.values()) {
      for (const subscriber of [...feed.subscribers]) this.#end(subscriber);
    }
    this.#worlds.clear();
    this.#stop();
  }

  #start(): void {
    if (this.#unsubscribe !== undefined) return;
    this.#unsubscribe = this.signals.subscribe((signal) => this.#onSignal(signal));
    this.#heartbeat = setInterval(() => this.#beat(), this.options.heartbeatMs);
    this.#heartbeat.unref();
    // Presences expire without any write: look for departures a few times per time-to-live.
    this.#sweep = setInterval(() => {
      for (const worldId of this.#worlds.keys()) void this.#deliverPresence(worldId);
    }, 5_000);
    this.#sweep.unref();
  }

  #stop(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = undefined;
    clearInterval(this.#heartbeat);
    clearInterval(this.#sweep);
  }

  #onSignal(signal: WorldSignal): void {
    const worlds = signal.worldId === undefined ? [...this.#worlds.keys()] : this.#worlds.has(signal.worldId) ? [signal.worldId] : [];
    for (const worldId of worlds) {
      if (signal.kind === 'presence') void this.#deliverPresence(worldId);
      else void this.#deliver(worldId);
    }
  }

  #beat(): void {
    for (const feed of this.#worlds.values()) {
      for (const subscriber of feed.subscribers) if (!subscriber.paused) subscriber.write(': heartbeat\n\n');
    }
  }

  #end(subscriber: Subscriber): void {
    this.remove(subscriber);
    subscriber.end();
  }

  /**
   * Re-reads the world's members: ends the streams of users who left (or of a deleted world) and gives the
   * others their current role.
   * @returns the streams still open.
   */
  async #checkAccess(worldId: string, feed: WorldFeed): Promise<Subscriber[]> {
    const world = await this.db.selectFrom('world').selectAll().where('id', '=', worldId).executeTakeFirst();
    const members =
      world === undefined
        ? []
        : await this.db.selectFrom('world_member').select(['user_id', 'role']).where('world_id', '=', worldId).execute();
    const roles = new Map(members.map((member) => [member.user_id, member.role as WorldRole]));
    const open: Subscriber[] = [];
    for (const subscriber of [...feed.subscribers]) {
      const role = roles.get(subscriber.userId);
      if (world === undefined || role === undefined) {
        this.#end(subscriber);
        continue;
      }
      if (role !== subscriber.scope.role || subscriber.scope.world !== world) {
        subscriber.scope = scopeOf(world, subscriber.userId, role);
        subscriber.positions = feedPositions(this.options.cursorKey, subscriber.scope);
      }
      open.push(subscriber);
    }
    return open;
  }

  async #deliver(worldId: string): Promise<void> {
    const feed = this.#worlds.get(worldId);
    if (feed === undefined) return;
    if (feed.reading) {
      feed.again = true;
      return;
    }
    feed.reading = true;
    try {
      do {
        feed.again = false;
        let open = await this.#checkAccess(worldId, feed);
        open = open.filter((subscriber) => !subscriber.paused);
        while (open.length > 0) {
          const from = Math.min(...open.map((subscriber) => subscriber.cursor));
          const changes = await readChanges(this.db, worldId, from, READ_BATCH);
          const newest = changes.at(-1);
          if (newest === undefined) break;
          const last = newest.sequence;
          const classes = new Map<string, Subscriber[]>();
          for (const subscriber of open) {
            if (subscriber.cursor >= last) continue;
            const group = classes.get(subscriber.scope.cacheKey) ?? [];
            group.push(subscriber);
            classes.set(subscriber.scope.cacheKey, group);
          }
          for (const group of classes.values()) {
            const [first] = group;
            if (first === undefined) continue;
            const visible = await filterVisibleChanges(this.db, first.scope, changes);
            // Readers shown the same positions (every editor; each player or viewer alone: feed-cursor.ts) are
            // written the same frames, serialised and encoded once for them rather than once per stream.
            const framesByPositions = new Map<string, Array<{ sequence: number; bytes: Buffer }>>();
            const framesFor = (subscriber: Subscriber): Array<{ sequence: number; bytes: Buffer }> => {
              const key = subscriber.scope.seesSecrets ? '' : subscriber.userId;
              let frames = framesByPositions.get(key);
              if (frames === undefined) {
                frames = visible.map((change) => {
                  const shown = subscriber.positions.show(change.sequence);
                  return {
                    sequence: change.sequence,
                    bytes: Buffer.from(sseFrame('change', Object.assign({}, change, { sequence: shown }), shown)),
                  };
                });
                framesByPositions.set(key, frames);
              }
              return frames;
            };
            for (const subscriber of group) {
              if (!feed.subscribers.has(subscriber)) continue;
              for (const frame of framesFor(subscriber)) {
                if (frame.sequence <= subscriber.cursor) continue;
                subscriber.cursor = frame.sequence;
                if (!subscriber.write(frame.bytes)) {
                  subscriber.paused = true;
                  break;
                }
              }
              if (!subscriber.paused) subscriber.cursor = last;
            }
          }
          if (changes.length < READ_BATCH) break;
          open = open.filter((subscriber) => feed.subscribers.has(subscriber) && !subscriber.paused);
        }
        // Set by signals that arrive while this runs (asynchronously), which the type checker cannot see.
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition
      } while (feed.again);
    } catch (error) {
      // A failed read (the database away) is retried on the next signal; the streams stay open.
      this.options.logger.warn({ err: error, worldId }, 'live feed read failed');
    } finally {
      feed.reading = false;
      if (feed.subscribers.size === 0) this.#worlds.delete(worldId);
    }
  }

  /**
   * Sends the world's presence to its streams (or to `only`), each as its reader may see it; the sweep sends
   * only when the list changed.
   */
  async #deliverPresence(worldId: string, only?: Subscriber[]): Promise<void> {
    const feed = this.#worlds.get(worldId);
    if (feed === undefined) return;
    if (feed.presenceReading && only === undefined) {
      feed.presenceAgain = true;
      return;
    }
    if (only === undefined) feed.presenceReading = true;
    try {
      const presence = await listPresence(this.db, worldId, Date.now());
      const signature = JSON.stringify(presence.map((entry) => [entry.userId, entry.entityType, entry.entityId, entry.editing]));
      if (only === undefined && signature === feed.presence) return;
      if (only === undefined) feed.presence = signature;
      const classes = new Map<string, Subscriber[]>();
      for (const subscriber of only ?? feed.subscribers) {
        const group = classes.get(subscriber.scope.cacheKey) ?? [];
        group.push(subscriber);
        classes.set(subscriber.scope.cacheKey, group);
      }
      for (const group of classes.values()) {
        const [first] = group;
        if (first === undefined) continue;
        const frame = sseFrame('presence', { data: await presentTo(this.db, first.scope, presence) });
        for (const subscriber of group) if (feed.subscribers.has(subscriber) && !subscriber.paused) subscriber.write(frame);
      }
    } catch (error) {
      this.options.logger.warn({ err: error, worldId }, 'live presence read failed');
    } finally {
      if (only === undefined) {
        feed.presenceReading = false;
        if (feed.presenceAgain) {
          feed.presenceAgain = false;
          void this.#deliverPresence(worldId);
        }
      }
    }
  }
}
