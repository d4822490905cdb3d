/**
 * The setup every API-surface resilience test starts from: an app on one dialect, an owner holding a world with
 * one of every entity (full-world.ts), and the API's routes as the OpenAPI document lists them (api-surface.ts).
 */
import type { AppConfig } from '../../src/config.js';
import { type TestApp, buildTestApp } from '../app.js';
import type { Dialect } from '../../src/db/database.js';
import { type TestUser, createUser } from '../factories/user.js';
import { type ApiRoute, listApiRoutes } from './api-surface.js';
import { type FullWorld, buildFullWorld } from './full-world.js';

/** An app with an owner, their full world and the API's routes. */
export interface Surface {
  t: TestApp;
  owner: TestUser;
  world: FullWorld;
  routes: ApiRoute[];
}

/**
 * Builds the app (with config overrides, e.g. a known token secret), the owner, their full world and the routes.
 * @returns the surface; the caller closes `t` when done.
 */
export async function buildSurface(dialect: Dialect, overrides: Partial<AppConfig> = {}): Promise<Surface> {
  const t = await buildTestApp(dialect, overrides);
  const owner = await createUser(t.app);
  const world = await buildFullWorld(t.app, owner);
  return { t, owner, world, routes: await listApiRoutes(t.app) };
}
