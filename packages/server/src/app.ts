/**
 * Builds the Loreforge Fastify app without listening (fastify/demo style): plugins in order — external
 * (security headers, rate limits, database, tokens, docs), the timeline engine's cache, then the /api routes, then the web app.
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { type ZodTypeProvider, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.js';
import type { DatabaseHandle } from './db/connect.js';
import { invalidField } from './errors/app-error.js';
import { errorHandler } from './errors/error-handler.js';
import { JSON_BODY_LIMIT, NO_BODY_LIMIT } from './lib/body-limits.js';
import { authPlugin } from './plugins/auth.js';
import { databasePlugin } from './plugins/database.js';
import { docsPlugin } from './plugins/docs.js';
import { INVALID_UTF8_MESSAGE, inputGuardPlugin } from './plugins/input-guard.js';
import { securityPlugin } from './plugins/security.js';
import { webPlugin } from './plugins/web.js';
import { timelineEnginePlugin } from './modules/timeline-engine/timeline-engine.plugin.js';
import { apiRoutes } from './routes.js';
import { webhookPlugin } from './modules/webhooks/webhook.plugin.js';
import { answerJson } from './lib/read-cache.js';

export interface BuildAppOptions {
  config: AppConfig;
  /** An open, migrated database. */
  database: DatabaseHandle;
  /** Destroy the database when the app closes (default true). */
  closeDatabase?: boolean;
  /** Where log lines go (default stdout); tests pass a stream to read what was logged. */
  logStream?: NodeJS.WritableStream;
}

export { JSON_BODY_LIMIT } from './lib/body-limits.js';

/**
 * Trusts the `hops` proxies nearest to the server: the client address is the one the farthest of them saw.
 * @param hops how many proxies stand in front of the server (at least 1).
 * @returns a `trustProxy` function for Fastify (proxy-addr's `(address, index) => boolean`).
 */
function trustNearestHops(hops: number): (address: string, index: number) => boolean {
  return (_address, index) => index < hops;
}

/**
 * Creates the app and registers every plugin and route.
 * @returns a ready-to-listen (or inject) Fastify instance.
 */
export async function buildApp({ config, database, closeDatabase = true, logStream }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.body.password', 'body.password'],
      ...(logStream ? { stream: logStream } : {}),
    },
    bodyLimit: JSON_BODY_LIMIT,
    // A hop count as proxy-addr reads it (Fastify takes numbers at run time, its types only a function).
    trustProxy: typeof config.trustProxy === 'number' ? trustNearestHops(config.trustProxy) : config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    requestTimeout: 30_000,
  }).withTypeProvider<ZodTypeProvider>();

  // An empty body sent as JSON (clients that set the header on every call, DELETE included) is no body, not a
  // parse error; a body that is there is parsed as Fastify does by default (prototype poisoning refused).
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  // Bytes that are not UTF-8 are refused rather than stored as U+FFFD, so accepted text always comes back as sent.
  const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    let text: string;
    try {
      text = typeof body === 'string' ? body : utf8.decode(body);
    } catch {
      done(invalidField('body', INVALID_UTF8_MESSAGE));
      return;
    }
    if (text === '') {
      done(null, undefined);
      return;
    }
    // Fastify's default JSON parser answers through `done` and returns nothing to await.
    void parseJson(request, text, done);
  });

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(config.validateResponses ? serializerCompiler : () => answerJson);
  app.setErrorHandler(errorHandler);

  await app.register(securityPlugin, {
    redisUrl: config.redisUrl,
    rateLimitNamespace: config.rateLimitNamespace,
    authRateLimitPerMinute: config.authRateLimitPerMinute,
  });
  await app.register(inputGuardPlugin, { noBodyLimit: NO_BODY_LIMIT });
  await app.register(databasePlugin, { handle: database, closeOnShutdown: closeDatabase });
  await app.register(authPlugin, { secret: config.tokenSecret, dataDir: config.dataDir, expiresIn: config.tokenExpiresIn });
  await app.register(docsPlugin);
  await app.register(timelineEnginePlugin);
  await app.register(webhookPlugin, {
    allowPrivate: config.webhooksAllowPrivate,
    pollMs: config.webhookPollMs,
    retryBaseMs: config.webhookRetryBaseMs,
    maxAttempts: config.webhookMaxAttempts,
    timeoutMs: config.webhookTimeoutMs,
  });
  await app.register(apiRoutes, {
    prefix: '/api',
    importLimits: config.importLimits,
    live: { streamsPerUser: config.liveStreamsPerUser, heartbeatMs: config.liveHeartbeatMs },
  });
  await app.register(webPlugin, { distDir: config.webDistDir, serveSourceMaps: config.serveSourceMaps });
  return app;
}
