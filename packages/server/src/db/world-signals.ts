/**
 * Signals that a world's change log or presence moved, delivered to every app instance (issue 15,
 * docs/live-updates.md "Delivery"): on PostgreSQL through LISTEN/NOTIFY on one dedicated connection per
 * instance (the change trigger NOTIFYs at commit; presence writes NOTIFY themselves), on SQLite (one instance)
 * in-process after each COMMIT. A signal carries no change: listeners read the rows from the database.
 */
import { EventEmitter } from 'node:events';
import pg from 'pg';
import { type Kysely, sql } from 'kysely';
import type { Database } from './database.js';

/** What moved: `worldId` undefined means "any world may have" (after a reconnect, or a SQLite commit). */
export interface WorldSignal {
  kind: 'change' | 'presence';
  worldId: string | undefined;
}

/** The signals of one app instance. */
export interface WorldSignals {
  /**
   * Calls `listener` on every signal from now on (the PostgreSQL listening connection opens on first use).
   * @returns a function that stops the calls.
   */
  subscribe: (listener: (signal: WorldSignal) => void) => () => void;
  /** Tells every instance that a world's presence changed. @throws the database's error. */
  presenceChanged: (db: Kysely<Database>, worldId: string) => Promise<void>;
  /** Stops listening (closes the listening connection). */
  close: () => Promise<void>;
}

const CHANGE_CHANNEL = 'loreforge_world_change';
const PRESENCE_CHANNEL = 'loreforge_world_presence';
/** Wait before reconnecting a lost listening connection (ms), doubled up to the maximum on each failure. */
const RECONNECT_MIN_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/**
 * In-process signals for SQLite: `committed()` (given to the driver as its onCommit) signals a change of any world.
 * @returns the signals and the commit callback.
 */
export function sqliteWorldSignals(): WorldSignals & { committed: () => void } {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    committed: () => {
      if (emitter.listenerCount('signal') > 0) emitter.emit('signal', { kind: 'change', worldId: undefined } satisfies WorldSignal);
    },
    subscribe: (listener) => {
      emitter.on('signal', listener);
      return () => emitter.off('signal', listener);
    },
    presenceChanged: async (_db, worldId) => {
      emitter.emit('signal', { kind: 'presence', worldId } satisfies WorldSignal);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/**
 * PostgreSQL signals: one listening connection (opened on the first subscribe, reopened with backoff when lost,
 * after which listeners hear "any world" so they catch up on what they may have missed). Notifications carry
 * `<schema>:<worldId>`; those of other schemas in the same database are ignored.
 * @param connectionString the database URL; @param schema the schema the app uses.
 */
export function postgresWorldSignals(connectionString: string, schema: string): WorldSignals {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  let client: pg.Client | undefined;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let opening: Promise<void> | undefined;
  const prefix = `${schema}:`;

  const onNotification = (message: pg.Notification): void => {
    const payload = message.payload ?? '';
    if (!payload.startsWith(prefix)) return;
    const kind = message.channel === PRESENCE_CHANNEL ? 'presence' : 'change';
    emitter.emit('signal', { kind, worldId: payload.slice(prefix.length) } satisfies WorldSignal);
  };

  const open = async (): Promise<void> => {
    const next = new pg.Client({ connectionString, application_name: `loreforge-listen-${schema}`.slice(0, 63), keepAlive: true });
    next.on('notification', onNotification);
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANGE_CHANNEL}`);
      await next.query(`listen ${PRESENCE_CHANNEL}`);
    } catch {
      reconnect(next);
      return;
    }
    if (closed) {
      await next.end().catch(() => undefined);
      return;
    }
    client = next;
    delay = RECONNECT_MIN_MS;
    // Whatever was committed while no connection listened is read now.
    emitter.emit('signal', { kind: 'change', worldId: undefined } satisfies WorldSignal);
  };

  const reconnect = (lost: pg.Client): void => {
    lost.removeAllListeners('notification');
    lost.removeAllListeners('end');
    lost.on('error', () => undefined);
    void lost.end().catch(() => undefined);
    if (client === lost) client = undefined;
    if (closed || opening === undefined) return;
    const wait = delay;
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    setTimeout(() => {
      if (!closed) opening = open();
    }, wait).unref();
  };

  return {
    subscribe: (listener) => {
      emitter.on('signal', listener);
      opening ??= open();
      return () => emitter.off('signal', listener);
    },
    presenceChanged: async (db, worldId) => {
      await sql`select pg_notify(${PRESENCE_CHANNEL}, current_schema() || ':' || ${worldId})`.execute(db);
    },
    close: async () => {
      closed = true;
      emitter.removeAllListeners();
      await opening;
      const current = client;
      client = undefined;
      if (current) {
        current.removeAllListeners('end');
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
