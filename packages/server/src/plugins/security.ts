/**
 * Security headers (helmet's, with a CSP the web app works under; HSTS only on answers served over HTTPS) and
 * rate limiting (@fastify/rate-limit; shared through Redis when REDIS_URL is set, counted in memory while Redis
 * does not answer). Routes opt in to a limit with `config: { rateLimit: authRateLimit(app) }`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import rateLimit from '@fastify/rate-limit';
import { Redis } from 'ioredis';
import { MESSAGES } from '@loreforge/contract';
import { redisWithMemoryFallback } from './rate-limit-store.js';

/** Loreforge's helmet configuration: a CSP the web app works under, no framing, HSTS. */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      // No inline script anywhere: no <script> in markup, no event-handler attributes (rich text, issue "Linked lore").
      scriptSrc: ["'self'"],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // https: for the images of rich text descriptions (the sanitiser keeps https and this site's map images only).
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  frameguard: { action: 'deny' },
  // Sent only on answers served over HTTPS (see securityPlugin); over plain HTTP it means nothing.
  hsts: { maxAge: 15_552_000, includeSubDomains: true },
};

const HSTS = 'strict-transport-security';

/**
 * The headers helmet sets for a configuration, computed once: with no nonces and no per-request directives
 * they are the same on every answer, and @fastify/helmet would rebuild them (parsing the whole CSP) per request.
 * @returns header name → value, as helmet would set them.
 * @throws Error when the configuration is invalid (as helmet does).
 */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader: (name: string) => {
      headers.delete(name.toLowerCase());
    },
  };
  // helmet reads nothing from the request and only sets or removes headers on the response, which the recorder does.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- a stand-in request helmet never reads
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet could not compute its headers', { cause: error });
  });
  return Object.fromEntries(headers);
}

/** The longest an instance waits at start for Redis's first answer; connectTimeout (500 ms) usually ends it first. */
const REDIS_FIRST_CONNECTION_MS = 2_000;

/**
 * Waits until the client is ready, or its first attempt has failed, or `ms` have passed, whichever comes first.
 * It never rejects: a Redis that does not answer is the memory fallback's case, not a reason not to start.
 * @param redis a client created without lazyConnect.
 * @param ms the longest wait, in milliseconds.
 */
function firstConnection(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const settle = () => {
      clearTimeout(timer);
      redis.off('ready', settle);
      redis.off('error', settle);
      resolve();
    };
    const timer = setTimeout(settle, ms);
    redis.once('ready', settle);
    redis.once('error', settle);
  });
}

export interface SecurityPluginOptions {
  redisUrl: string | undefined;
  /** Prefix of the Redis keys holding the counters. */
  rateLimitNamespace: string;
  authRateLimitPerMinute: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Per-client limit for login, register and invite requests. */
    authRateLimit: { max: number; timeWindow: string };
  }
}

export const securityPlugin = fp<SecurityPluginOptions>(
  async (app, options) => {
    const { [HSTS]: hsts, ...headers } = helmetHeaders(HELMET_OPTIONS);
    app.addHook('onRequest', (request, reply, done) => {
      reply.headers(headers);
      // request.protocol is 'https' for TLS here, or behind a trusted proxy that says so (TRUST_PROXY).
      if (hsts !== undefined && request.protocol === 'https') reply.header(HSTS, hsts);
      // API answers (errors included) are per user and change with every write: no browser or proxy keeps them.
      // The web app's files set their own caching (web.ts).
      if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?'))
        reply.header('cache-control', 'no-store');
      done();
    });

    // Commands fail at once while Redis is unreachable (no offline queue), and the store then counts in memory.
    const redis = options.redisUrl
      ? new Redis(options.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false })
      : undefined;
    if (redis) {
      let warned = false;
      redis.on('error', (error: Error) => {
        if (!warned) app.log.warn({ err: error }, 'Redis does not answer; rate limits are counted per instance until it does');
        warned = true;
      });
      redis.on('ready', () => {
        if (warned) app.log.info('Redis answers again; rate limits are shared again');
        warned = false;
      });
      app.addHook('onClose', async () => {
        await redis.quit().catch(() => redis.disconnect());
      });
      // Without this wait an instance's first requests, sent while it still connects, would fail over to its own
      // memory and go uncounted by the others.
      await firstConnection(redis, REDIS_FIRST_CONNECTION_MS);
    }

    await app.register(rateLimit, {
      global: false,
      enableDraftSpec: true,
      ...(redis ? { store: redisWithMemoryFallback(redis, options.rateLimitNamespace, () => undefined) } : {}),
      errorResponseBuilder: (_request, context) => ({
        statusCode: 429,
        code: 'RATE_LIMITED',
        message: `${MESSAGES.rateLimited} Try again in ${Math.ceil(context.ttl / 1000)} s.`,
      }),
    });
    app.decorate('authRateLimit', { max: options.authRateLimitPerMinute, timeWindow: '1 minute' });
  },
  { name: 'security' },
);
