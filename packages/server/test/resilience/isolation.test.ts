/**
 * Isolation: every secured route of the OpenAPI document, called with the owner's real ids by each identity
 * (owner, another user, and every kind of bad token). Only the owner succeeds; the others get 401 or 404, and
 * their answer is byte-identical to the one for ids that do not exist, so it reveals neither names, counts nor
 * existence. Routes without path parameters (a user's own world list, `auth/me`) may answer another user,
 * but only with that user's data.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../app.js';
import { DIALECTS } from '../dialects.js';
import { present } from '../present.js';
import { type TestUser, createUser } from '../factories/user.js';
import { type ApiRoute, fillPath, requiredQuery, routeLabel, sampleValue } from './api-surface.js';
import { buildSurface } from './surface.js';
import { type FullWorld, TINY_PNG, buildFullWorld } from './full-world.js';
import { type Identity, buildIdentities } from './identities.js';
import { report } from './level.js';
import { minimalBundle } from '../transfer/minimal-bundle.js';

const SECRET = `isolation-${crypto.randomBytes(8).toString('hex')}`;

/**
 * Bodies the schema alone cannot make meaningful: progress needs one of its two optional fields, and a
 * relationship's edit keeps its own target (another target may already be related).
 */
function bodyFor(route: ApiRoute, world: FullWorld): unknown {
  if (!route.bodySchema) return undefined;
  if (route.path.endsWith('/progress')) return { increment: 1 };
  const isRelationshipEdit = route.method === 'PUT' && route.path.endsWith('{relationshipId}');
  return sampleValue(
    route.bodySchema,
    isRelationshipEdit ? { ...world.refs, targetCharacterId: world.refs.relatedCharacterId ?? '' } : world.refs,
  );
}

const isImageUpload = (route: ApiRoute): boolean => route.method === 'PUT' && route.path.endsWith('/image');

/** The world import takes a zip archive as its body. */
const isArchiveUpload = (route: ApiRoute): boolean => route.method === 'POST' && route.path === '/api/worlds/import';

/** Abandoning comes after progress (which needs the accepted quest); deletes run on a fresh world each. */
/** Routes after which the world is no longer the owner's to use as before: deletes and the ownership transfer. */
const takesAway = (route: ApiRoute): boolean =>
  (route.method === 'DELETE' && !route.path.endsWith('/abandon')) || route.path.endsWith('/transfer');

/** Signing out everywhere ends the caller's token, so it is each caller's last route. */
const signsOut = (route: ApiRoute): boolean => route.path === '/api/auth/logout-all';

/** The routes in an order every caller can take: signing out everywhere last. */
function callerOrder(routes: ApiRoute[]): ApiRoute[] {
  return [...routes.filter((route) => !signsOut(route)), ...routes.filter(signsOut)];
}

function ownerOrder(routes: ApiRoute[]): ApiRoute[] {
  const abandon = routes.filter((route) => route.path.endsWith('/abandon'));
  const rest = routes.filter((route) => route.method !== 'DELETE' && !takesAway(route));
  return callerOrder([...rest, ...abandon, ...routes.filter(takesAway)]);
}

/**
 * An invitation link is a capability: whoever holds its code may preview the world and join it, so a non-member
 * is not refused there (the member and invitation suites test those routes). Signed-out callers still are.
 */
const isInvitationLink = (route: ApiRoute): boolean => route.path.startsWith('/api/world-invitations/');

describe.each(DIALECTS)('isolation on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let world: FullWorld;
  let routes: ApiRoute[];
  let identities: Identity[];

  beforeAll(async () => {
    let all: ApiRoute[];
    ({ t, owner, world, routes: all } = await buildSurface(dialect, { tokenSecret: SECRET }));
    other = await createUser(t.app);
    // The other user has data of their own, so their lists are not empty merely because they own nothing.
    await buildFullWorld(t.app, other);
    routes = callerOrder(all.filter((route) => route.secured));
    identities = buildIdentities(owner, other, SECRET);
  });
  afterAll(async () => t.close());

  const call = (route: ApiRoute, identity: Identity, params: Record<string, string>, target = world): Promise<LightMyRequestResponse> => {
    const url = fillPath(route.path, params) + requiredQuery(route, target.refs);
    if (isImageUpload(route)) {
      return t.app.inject({ method: route.method, url, headers: { ...identity.headers, 'content-type': 'image/png' }, payload: TINY_PNG });
    }
    if (isArchiveUpload(route)) {
      return t.app.inject({
        method: route.method,
        url,
        headers: { ...identity.headers, 'content-type': 'application/zip' },
        payload: minimalBundle(),
      });
    }
    const body = bodyFor(route, target);
    return t.app.inject({
      method: route.method,
      url,
      headers: identity.headers,
      ...(body === undefined ? {} : { payload: body as object }),
    });
  };

  it('answers non-owners 401 or 404 on every route, revealing nothing, and leaves the world untouched', async () => {
    // Every id replaced by one that exists nowhere; a word or number such as a tag route's {entityType} or a history
    // version's {sequence} stays as it is.
    const missing = Object.fromEntries(
      Object.entries(world.params).map(([name, value]) => [
        name,
        name === 'entityType' || name === 'sequence' ? value : crypto.randomUUID(),
      ]),
    );
    const before = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.params.worldId}`, headers: owner.headers });
    const leaks: string[] = [];
    let cases = 0;

    for (const route of routes) {
      for (const identity of identities.filter((candidate) => candidate.name !== 'owner')) {
        if (identity.name === 'other user' && isInvitationLink(route)) continue;
        cases += 1;
        const label = `${routeLabel(route)} as ${identity.name}`;
        const real = await call(route, identity, world.params);
        const text = real.body;
        if (text.includes(world.marker) || world.ids.some((id) => text.includes(id))) leaks.push(`${label}: body names the owner's data`);
        if (real.statusCode >= 500) leaks.push(`${label}: ${real.statusCode}`);

        const ownOnly = route.pathParams.length === 0 && identity.name === 'other user';
        if (ownOnly) continue; // answered with the caller's own data; checked for leaks above.
        const expected = identity.name === 'other user' ? 404 : 401;
        if (real.statusCode !== expected) leaks.push(`${label}: answered ${real.statusCode}, expected ${expected}: ${text.slice(0, 120)}`);
        if (route.pathParams.length > 0) {
          const absent = await call(route, identity, missing);
          if (absent.statusCode !== real.statusCode || absent.body !== text) {
            leaks.push(
              `${label}: answer differs from a missing entity's (${real.statusCode} ${text} vs ${absent.statusCode} ${absent.body})`,
            );
          }
        }
      }
    }

    const after = await t.app.inject({ method: 'GET', url: `/api/worlds/${world.params.worldId}`, headers: owner.headers });
    if (after.body !== before.body) leaks.push('the world changed while non-owners called its routes');
    report(`isolation ${dialect}`, { routes: routes.length, cases, leaks: leaks.length });
    expect(routes.length).toBeGreaterThan(80);
    expect(cases).toBeGreaterThan(routes.length * 5);
    expect(leaks).toEqual([]);
  });

  it('lets the owner succeed on every route', async () => {
    const failures: string[] = [];
    for (const route of ownerOrder(routes)) {
      const fresh = takesAway(route) ? await buildFullWorld(t.app, owner) : world;
      const response = await call(route, present(identities[0], 'the owner identity'), fresh.params, fresh);
      if (response.statusCode >= 300) failures.push(`${routeLabel(route)}: ${response.statusCode} ${response.body.slice(0, 160)}`);
    }
    report(`isolation ${dialect} owner`, { routes: routes.length, failures: failures.length });
    expect(failures).toEqual([]);
  });
});
