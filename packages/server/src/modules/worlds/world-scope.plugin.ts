/**
 * World access as one scoped step (issue 19): every route whose path has `:worldId` gets a preHandler that
 * resolves the caller's access to that world once, into `request.world` (a WorldScope), before its handler
 * runs. A handler never checks membership itself, so no route can forget to.
 */
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { VIEW_AS_HEADER } from '@loreforge/contract';
import { type WorldScope, resolveWorldScope } from '../../access/world-scope.js';
import { takePendingTokenVersion } from '../../lib/token-version.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's access to the world of the path, set before the handler of every `/worlds/:worldId` route. */
    world: WorldScope;
  }
}

const READ_METHODS = new Set(['GET', 'HEAD']);

/**
 * The `x-view-as` value of a read (undefined on writes, where it is ignored: a write is always the caller's).
 */
function viewAsOf(request: FastifyRequest): string | undefined {
  if (!READ_METHODS.has(request.method)) return undefined;
  const header = request.headers[VIEW_AS_HEADER];
  return typeof header === 'string' ? header.trim() : undefined;
}

/**
 * Adds the scope step to the routes registered after it in this encapsulation context.
 * Answers of the step: 401 for a token whose version no longer holds (signed out everywhere, account deleted),
 * 404 'World not found.' for a missing world or a non-member, 403 and 400 for a bad `x-view-as` (see
 * resolveWorldScope).
 */
export function registerWorldScope(app: FastifyInstance): void {
  app.decorateRequest('world', null as unknown as WorldScope);
  const resolve = async (request: FastifyRequest): Promise<void> => {
    const { worldId } = request.params as { worldId: string };
    request.world = await resolveWorldScope(app.db, worldId, request.userId, viewAsOf(request), takePendingTokenVersion(request));
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.includes(':worldId')) return;
    // The token's version is then checked by this step, with the membership (plugins/auth.ts).
    route.config = { ...route.config, checksTokenVersion: true };
    const existing = route.preHandler === undefined ? [] : Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler];
    route.preHandler = [resolve, ...existing];
  });
}
