/**
 * Names and secures every API operation in one place, as routes are added: the `operationId` from
 * OPERATION_IDS, and `security: []` (public) unless the route or its scope declares a scheme. Protected scopes
 * set their bearer scheme in their own onRoute hook, which runs after this one (routes.ts).
 */
import type { RouteOptions } from 'fastify';
import { OPERATION_IDS } from './operation-ids.js';

/**
 * The table key of a route: its method and full path, `GET /api/worlds/:worldId`.
 * @param method one HTTP method in upper case.
 * @param url the route's full path in Fastify's form, prefix included.
 */
export function operationKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/**
 * An `onRoute` hook: sets `schema.operationId` from OPERATION_IDS and a public `security: []` when none is
 * declared. Hidden routes (the document itself, the docs UI) and Fastify's automatic HEAD routes are left as
 * they are. A route missing from the table keeps no id, which the OpenAPI test reports by method and path.
 * @param route the route being registered; its schema is replaced, never mutated in place.
 */
export function describeOperation(route: RouteOptions): void {
  if (route.schema?.hide) return;
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const method = methods.find((candidate) => candidate !== 'HEAD');
  if (method === undefined) return;
  const operationId = OPERATION_IDS[operationKey(method, route.url)];
  route.schema = {
    ...route.schema,
    ...(operationId ? { operationId } : {}),
    security: route.schema?.security ?? [],
  };
}
