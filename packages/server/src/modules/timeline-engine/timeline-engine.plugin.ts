/**
 * Gives the app one engine cache (`app.engineCache`) and keeps it honest. Registered at the app level (with
 * fastify-plugin), so its hook sees every route: a successful write request whose route has a `worldId` parameter
 * marks that world stale before its response is sent; one with a `characterId` but no `worldId` (PATCH
 * /characters/{id}, which moves a character between worlds) marks every world stale. Other writes (sign-in,
 * invites) touch nothing the engine reads. Writes that bypass the routes are caught by the database fingerprint
 * (see timeline-engine.cache.ts). Entries nobody has asked for in a while are dropped on a timer (`dropIdle`).
 */
import fp from 'fastify-plugin';
import { EngineCache } from './timeline-engine.cache.js';

declare module 'fastify' {
  interface FastifyInstance {
    engineCache: EngineCache;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const stringParam = (params: unknown, name: string): string | undefined => {
  if (params === null || typeof params !== 'object' || !(name in params)) return undefined;
  const value: unknown = (params as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
};

/** Decorates `engineCache`, drops its idle entries every `maxIdleMs / 3` and adds the invalidation hook (issue 5, docs/timeline-engine.md "Caching and invalidation"). */
export const timelineEnginePlugin = fp(
  async (app) => {
    app.decorate('engineCache', new EngineCache());
    // Unreferenced: the timer alone never keeps the process alive.
    const sweeper = setInterval(() => app.engineCache.dropIdle(), app.engineCache.maxIdleMs / 3).unref();
    app.addHook('onClose', (_instance, done) => {
      clearInterval(sweeper);
      done();
    });
    // A callback hook, not an async one: it runs on every answer, and reads need no promise.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (!READ_METHODS.has(request.method) && reply.statusCode < 400) {
        const worldId = stringParam(request.params, 'worldId');
        if (worldId !== undefined) app.engineCache.invalidate(worldId);
        else if (stringParam(request.params, 'characterId') !== undefined) app.engineCache.invalidate();
      }
      done(null, payload);
    });
  },
  { name: 'timeline-engine' },
);
