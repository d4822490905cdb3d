/**
 * Abuse: login, register and invite requests are rate-limited with RateLimit-* and Retry-After headers, and
 * the counters are shared through Redis between instances; passwords are stored as argon2id hashes and never
 * logged; security headers are sent; CORS is closed; map images are judged by their bytes, not their label.
 */
import crypto from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../app.js';
import { createWorld } from '../factories/world.js';
import { createInviteCode } from '../../src/modules/invites/invite.repository.js';
import { parseTrustProxy } from '../../src/config.js';
import { report } from './level.js';
import type { ErrorResponse } from '@loreforge/contract';

/**
 * Where the shared-counter test finds Redis. `TEST_REDIS_URL` (CI sets it) or `REDIS_URL` means Redis is expected:
 * when it does not answer, the test fails instead of being skipped. Without either, a local run tries
 * 127.0.0.1:6379 and skips the test, saying so, when nothing answers there.
 */
const CONFIGURED_REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL;
const REDIS_EXPECTED = Boolean(CONFIGURED_REDIS_URL);
const REDIS_URL = CONFIGURED_REDIS_URL || 'redis://127.0.0.1:6379';

async function redisAnswers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The refused connection is the answer; without a listener ioredis would also print it as unhandled.
  client.on('error', () => undefined);
  try {
    await client.connect();
    // ping resolves with PONG only; anything else rejects.
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}
const REDIS_UP = await redisAnswers(REDIS_URL);
if (!REDIS_UP && !REDIS_EXPECTED) {
  console.warn(
    `[resilience] SKIPPED: Redis at ${REDIS_URL} did not answer, so the shared rate-limit test did not run. Set TEST_REDIS_URL to require it.`,
  );
}

/** The three rate-limited requests, each with a body that reaches the handler. */
const LIMITED = [
  { url: '/api/auth/login', payload: { email: 'nobody@example.test', password: 'wrong-password' } },
  { url: '/api/auth/register', payload: { username: 'x', email: 'bad', password: 'p', inviteCode: 'nope' } },
  { url: '/api/invites/request', payload: { name: 'Dorothy', email: 'dorothy@example.test' } },
] as const;

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { authRateLimitPerMinute: 3 });
  });
  afterAll(async () => t.close());

  it.each(LIMITED)('limits $url per client with RateLimit-* and Retry-After headers', async ({ url, payload }) => {
    const answers = [];
    for (let attempt = 0; attempt < 4; attempt += 1) answers.push(await t.app.inject({ method: 'POST', url, payload }));
    const [first, , , blocked] = answers;
    expect(first?.statusCode).not.toBe(429);
    expect(first?.headers['ratelimit-limit']).toBe('3');
    expect(first?.headers['ratelimit-remaining']).toBe('2');
    expect(first?.headers['ratelimit-reset']).toBeDefined();
    expect(blocked?.statusCode).toBe(429);
    expect(Number(blocked?.headers['retry-after'])).toBeGreaterThan(0);
    expect(blocked?.headers['ratelimit-remaining']).toBe('0');
    const refusal = blocked?.json<ErrorResponse>();
    expect(refusal?.code).toBe('RATE_LIMITED');
    expect(refusal?.message).toMatch(/try again/i);
  });
});

describe('rate limits behind a reverse proxy', () => {
  /** Four sign-ins through one proxy by a client that invents a new X-Forwarded-For address each time. */
  async function forgedSignIns(trustProxy: string): Promise<number[]> {
    const t = await buildTestApp('sqlite', { authRateLimitPerMinute: 3, trustProxy: parseTrustProxy(trustProxy) });
    try {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt += 1) {
        // The proxy (127.0.0.1, the injected peer) appends the address it saw, 203.0.113.7, after the invented one.
        const headers = { 'x-forwarded-for': `198.51.100.${attempt + 1}, 203.0.113.7` };
        const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', headers, payload: LIMITED[0].payload });
        statuses.push(response.statusCode);
      }
      return statuses;
    } finally {
      await t.close();
    }
  }

  it.each(['true', '1', '127.0.0.1', '127.0.0.0/8'])(
    'counts one client as one with TRUST_PROXY=%s, however it forges X-Forwarded-For',
    async (setting) => {
      expect(await forgedSignIns(setting)).toEqual([401, 401, 401, 429]);
    },
  );

  it('reads TRUST_PROXY as no proxy, a number of proxies, or their addresses, and refuses an empty entry', () => {
    expect([undefined, '', 'false', '0'].map(parseTrustProxy)).toEqual([false, false, false, false]);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => parseTrustProxy('10.0.0.1,,10.0.0.2')).toThrow(/TRUST_PROXY/);
  });
});

/** A rate-limit namespace no other instance or test run uses, so its counters start at zero. */
function freshNamespace(): string {
  return `loreforge-test-${crypto.randomBytes(6).toString('hex')}-`;
}

/** Fails the test, saying what to do, when Redis was expected and does not answer. */
function requireRedis(): void {
  if (!REDIS_UP)
    throw new Error(
      `Redis is expected (TEST_REDIS_URL or REDIS_URL is set) but at ${REDIS_URL} did not answer; start it (redis-server) and run again.`,
    );
}

describe.skipIf(!REDIS_UP && !REDIS_EXPECTED)('rate limits shared through Redis', () => {
  it('counts requests to two instances against one limit', async () => {
    requireRedis();
    const namespace = freshNamespace();
    const overrides = { redisUrl: REDIS_URL, rateLimitNamespace: namespace, authRateLimitPerMinute: 4 };
    const a = await buildTestApp('sqlite', overrides);
    const b = await buildTestApp('sqlite', overrides);
    try {
      const login = {
        method: 'POST' as const,
        url: '/api/auth/login',
        payload: { email: 'nobody@example.test', password: 'wrong-password' },
      };
      const statuses = [];
      for (const app of [a, b, a, b, a, b]) statuses.push((await app.app.inject(login)).statusCode);
      report('rate limit via redis', { limit: 4, requests: statuses.length, limited: statuses.filter((status) => status === 429).length });
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      // Another namespace is another set of counters: unrelated deployments (and test runs) never collide.
      const c = await buildTestApp('sqlite', { ...overrides, rateLimitNamespace: `${namespace}other-` });
      try {
        expect((await c.app.inject(login)).statusCode).toBe(401);
      } finally {
        await c.close();
      }
    } finally {
      await a.close();
      await b.close();
    }
  });

  it("counts a just-started instance's first request in Redis, not in its own memory", async () => {
    requireRedis();
    const redis = new Redis(REDIS_URL);
    try {
      // Several starts, since one start may happen to connect before its first request either way.
      const counted = [];
      for (let start = 0; start < 5; start += 1) {
        const namespace = freshNamespace();
        const t = await buildTestApp('sqlite', { redisUrl: REDIS_URL, rateLimitNamespace: namespace, authRateLimitPerMinute: 4 });
        try {
          await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: LIMITED[0].payload });
        } finally {
          await t.close();
        }
        const keys = await redis.keys(`${namespace}*`);
        counted.push(keys[0] === undefined ? null : await redis.get(keys[0]));
      }
      expect(counted).toEqual(['1', '1', '1', '1', '1']);
    } finally {
      redis.disconnect();
    }
  });
});

describe('rate limits while Redis does not answer', () => {
  it('keeps limiting each instance in memory, never answering 500', async () => {
    // Nothing listens on port 9 (discard) here: every Redis command fails at once.
    const t = await buildTestApp('sqlite', { redisUrl: 'redis://127.0.0.1:9', authRateLimitPerMinute: 3 });
    try {
      const statuses = [];
      for (let attempt = 0; attempt < 5; attempt += 1) {
        statuses.push(
          (
            await t.app.inject({
              method: 'POST',
              url: '/api/auth/login',
              payload: { email: 'nobody@example.test', password: 'wrong-password' },
            })
          ).statusCode,
        );
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
    } finally {
      await t.close();
    }
  });
});

describe('passwords', () => {
  it('stores argon2id hashes and never logs a password, even from a refused body', async () => {
    const logs = new PassThrough();
    let logged = '';
    logs.on('data', (chunk: Buffer) => (logged += chunk.toString('utf8')));
    const t = await buildTestApp('sqlite', { logLevel: 'trace' }, logs);
    try {
      const password = `Pw-${crypto.randomBytes(8).toString('hex')}`;
      const inviteCode = await createInviteCode(t.app.db);
      const requests = [
        { url: '/api/auth/register', payload: { username: 'hash_check', email: 'hash@example.test', password, inviteCode } },
        { url: '/api/auth/login', payload: { email: 'hash@example.test', password } },
        { url: '/api/auth/login', payload: { email: 'hash@example.test', password: `${password}-wrong` } },
        { url: '/api/auth/register', payload: { username: 'x', email: 'not-an-email', password, inviteCode: 'used' } },
        { url: '/api/auth/login', payload: { email: ['not', 'a', 'string'], password, extra: { password } } },
      ];
      const statuses = [];
      for (const request of requests) statuses.push((await t.app.inject({ method: 'POST', ...request })).statusCode);
      expect(statuses).toEqual([201, 200, 401, 400, 400]);
      const row = await t.app.db
        .selectFrom('user')
        .select('password_hash')
        .where('email', '=', 'hash@example.test')
        .executeTakeFirstOrThrow();
      expect(row.password_hash.startsWith('$argon2id$')).toBe(true);
      expect(row.password_hash).not.toContain(password);
      expect(logged.length).toBeGreaterThan(1_000);
      expect(logged).toContain('/api/auth/login');
      expect(logged).not.toContain(password);
    } finally {
      await t.close();
    }
  });
});

describe('headers, CORS and uploads', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('sends a strict CSP, nosniff and frame denial, and HSTS only over HTTPS', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // Behind a TLS-terminating proxy the app trusts, the answer went out over HTTPS.
    const proxied = await buildTestApp('sqlite', { trustProxy: parseTrustProxy('true') });
    try {
      const secure = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'https' } });
      expect(String(secure.headers['strict-transport-security'])).toMatch(/max-age=\d+/);
      const plain = await proxied.app.inject({ method: 'GET', url: '/api/health', headers: { 'x-forwarded-proto': 'http' } });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('answers a cross-origin preflight and request without Access-Control-Allow-Origin', async () => {
    const { owner } = await createWorld(t.app);
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/api/worlds',
      headers: {
        origin: 'https://evil.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    expect(preflight.headers['access-control-allow-credentials']).toBeUndefined();
    const read = await t.app.inject({ method: 'GET', url: '/api/worlds', headers: { ...owner.headers, origin: 'https://evil.example' } });
    expect(read.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses a map image whose bytes are not an image, whatever its type says', async () => {
    const { world, owner } = await createWorld(t.app);
    const map = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/maps`,
      headers: owner.headers,
      payload: { name: 'Upload test' },
    });
    const url = `/api/worlds/${world.worldId}/maps/${map.json<{ mapId: string }>().mapId}/image`;
    const impostors: Array<[string, Buffer]> = [
      ['image/png', Buffer.from('just some text in a file called map.png\n')],
      ['image/jpeg', Buffer.from('<html><script>alert(1)</script></html>')],
      ['image/webp', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
      ['image/png', Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47]), Buffer.from('not really a png')])],
    ];
    for (const [type, bytes] of impostors) {
      const response = await t.app.inject({ method: 'PUT', url, headers: { ...owner.headers, 'content-type': type }, payload: bytes });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json<ErrorResponse>().message).toMatch(/PNG, JPEG or WebP/);
    }
    const stored = await t.app.inject({ method: 'GET', url, headers: owner.headers });
    expect(stored.statusCode).toBe(404);
  });
});
