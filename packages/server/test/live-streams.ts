/**
 * Helpers for the live feed's tests: a second app instance on the same database (as a second server behind a
 * load balancer would be), and a Server-Sent Events client over a real HTTP connection.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { type AppConfig, loadConfig } from '../src/config.js';
import { connectDatabase } from '../src/db/connect.js';
import type { TestApp } from './app.js';
import { TEST_DATABASE_URL } from './dialects.js';

/**
 * Builds another app on the PostgreSQL schema of `t` (its own pool and listening connection). Tokens of `t`
 * work on it when `t` was built with the same `tokenSecret`.
 * @returns the app (the caller closes it; its database handle closes with it).
 */
export async function buildSecondInstance(t: TestApp, overrides: Partial<AppConfig>): Promise<FastifyInstance> {
  if (t.dialect !== 'postgres' || t.schema === undefined) throw new Error('A second instance needs a PostgreSQL test app.');
  const database = connectDatabase({
    databaseUrl: TEST_DATABASE_URL,
    sqliteFile: '',
    postgresSchema: t.schema,
    applicationName: t.schema,
    poolSize: 4,
  });
  const config = loadConfig(
    {},
    {
      databaseUrl: TEST_DATABASE_URL,
      logLevel: 'silent',
      webDistDir: undefined,
      authRateLimitPerMinute: 100_000,
      validateResponses: true,
      ...overrides,
    },
  );
  const app = await buildApp({ config, database });
  await app.ready();
  return app;
}

/** One event received on a stream. */
export interface StreamEvent {
  event: string;
  id: string | undefined;
  data: unknown;
}

/** An open stream. */
export interface TestStream {
  status: number;
  /** The answer's body when the stream was refused. */
  body: string;
  events: StreamEvent[];
  /** Comment lines received (heartbeats). */
  comments: string[];
  /** Resolves once `predicate` holds for the events received (checked on each event), or rejects after `ms`. */
  waitFor: (predicate: (events: StreamEvent[]) => boolean, ms?: number) => Promise<void>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

/**
 * Opens `GET {base}/api/worlds/{worldId}/changes` as an event stream.
 * @param base e.g. http://127.0.0.1:1234; @param headers authorization and, to resume, last-event-id.
 * @returns the stream, once its headers arrived (for a refusal, `status` and no events).
 */
export async function openStream(base: string, worldId: string, headers: Record<string, string>): Promise<TestStream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/worlds/${worldId}/changes`, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const events: StreamEvent[] = [];
  const comments: string[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  let ended: Promise<void> = Promise.resolve();
  let body = '';
  if (response.status === 200 && response.body) {
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    ended = (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let cut: number;
          while ((cut = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            const fields: Record<string, string> = {};
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) comments.push(line.slice(1).trim());
              else if (line.includes(':')) fields[line.slice(0, line.indexOf(':'))] = line.slice(line.indexOf(':') + 1).trim();
            }
            if (fields.data !== undefined) events.push({ event: fields.event ?? 'message', id: fields.id, data: JSON.parse(fields.data) });
          }
          notify();
        }
      } catch {
        // aborted by close()
      }
      notify();
    })();
  } else {
    body = await response.text();
  }
  return {
    status: response.status,
    body,
    events,
    comments,
    ended,
    close: () => controller.abort(),
    waitFor: (predicate, ms = 5_000) =>
      new Promise<void>((resolve, reject) => {
        if (predicate(events)) {
          resolve();
          return;
        }
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`stream did not get the expected events within ${ms} ms; got ${JSON.stringify(events)}`));
        }, ms);
        const check = () => {
          if (!predicate(events)) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve();
        };
        waiters.add(check);
      }),
  };
}

/** Starts `app` on a free local port. @returns its base URL. */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  return app.listen({ port: 0, host: '127.0.0.1' });
}
