/**
 * Property (issue 11's proof): for random worlds with random secret flags, every answer a player gets from a
 * world-scoped read of the OpenAPI document (lists, searches, counts, details of public entities and the
 * timeline engine's state, diff, issues, history and provenance) equals the answer the player gets from the
 * same world built without its secrets (revealed ones made public). Both worlds belong to one owner; the
 * player is a player of both. Read routes are taken from the document, so a new one is compared too.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../app.js';
import { DIALECTS } from '../dialects.js';
import { type TestUser, createUser } from '../factories/user.js';
import { type ApiRoute, fillPath, listApiRoutes, requiredQuery, routeLabel } from '../resilience/api-surface.js';
import { reportAccess } from './leaks.js';
import { type BuiltWorld, buildPlannedWorld, normalizeAnswer, worldPlan } from './random-world.js';

/** Routes about the world's membership rather than its content: the two worlds' members differ by design. */
const MEMBERSHIP = /\/(members|invitations|transfer)\b/;

const RUNS = Number(process.env.ACCESS_PROPERTY_RUNS ?? 6);

describe.each(DIALECTS)('a player sees a world as if its secrets did not exist, on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let player: TestUser;
  let reads: ApiRoute[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await createUser(t.app);
    player = await createUser(t.app);
    reads = (await listApiRoutes(t.app)).filter(
      (route) =>
        route.method === 'GET' &&
        route.pathParams[0] === 'worldId' &&
        !MEMBERSHIP.test(route.path) &&
        // The export answers a zip whose bytes hold ids and times; a player's export is checked in the transfer tests.
        !route.path.endsWith('/export'),
    );
  });
  afterAll(async () => t.close());

  /** The URLs to compare for one route: all in one page, and once more searching when the route can search. */
  function urlsOf(route: ApiRoute, world: BuiltWorld): string[] {
    const path = fillPath(route.path, world.anchors);
    const required = requiredQuery(route, { timelineId: world.anchors.timelineId ?? '', characterId: world.anchors.characterId ?? '' });
    const names = new Set(route.query.map((parameter) => parameter.name));
    const join = (extra: string) => (required ? `${path}${required}${extra ? `&${extra}` : ''}` : `${path}${extra ? `?${extra}` : ''}`);
    const page = names.has('limit') ? 'limit=1000' : '';
    const urls = [join(page)];
    if (names.has('search')) urls.push(join([page, 'search=Lore'].filter(Boolean).join('&')));
    return urls;
  }

  async function answers(world: BuiltWorld): Promise<Record<string, unknown>> {
    const out: Record<string, unknown> = {};
    for (const route of reads) {
      for (const [index, url] of urlsOf(route, world).entries()) {
        const response = await t.app.inject({ method: 'GET', url, headers: player.headers });
        out[`${routeLabel(route)}#${index}`] = normalizeAnswer(response.statusCode, response.body, world.keys);
      }
    }
    // The worlds home: each world's counts as the player sees them.
    const home = await t.app.inject({ method: 'GET', url: '/api/worlds?limit=1000', headers: player.headers });
    const entry = home
      .json<{ data: Array<{ worldId: string; counts: unknown; role?: unknown }> }>()
      .data.find((world_) => world_.worldId === world.worldId);
    out['GET /api/worlds (this world)'] = { counts: entry?.counts, role: entry?.role };
    return out;
  }

  it('answers every world-scoped read, count, search and engine call as on the world without secrets', async () => {
    let compared = 0;
    let differences = 0;
    await fc.assert(
      fc.asyncProperty(worldPlan, async (plan) => {
        const whole = await buildPlannedWorld(t.app, owner, player, plan, 'whole');
        const visible = await buildPlannedWorld(t.app, owner, player, plan, 'visible');
        const seen = await answers(whole);
        const expected = await answers(visible);
        compared += Object.keys(seen).length;
        const differing = Object.keys(expected).filter((key) => JSON.stringify(seen[key]) !== JSON.stringify(expected[key]));
        differences += differing.length;
        expect(Object.fromEntries(differing.map((key) => [key, seen[key]]))).toEqual(
          Object.fromEntries(differing.map((key) => [key, expected[key]])),
        );
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
    reportAccess(`property ${dialect}`, { runs: RUNS, routes: reads.length, comparisons: compared, differences });
    expect(reads.length).toBeGreaterThan(30);
  }, 240_000);
});
