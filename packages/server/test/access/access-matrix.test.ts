/**
 * The access matrix (issue 11's proof): every operation of the OpenAPI document × every caller (owner, editor,
 * player with an assigned character, viewer, non-member, signed out) × every variant of the entity it addresses
 * (public, secret, revealed to the player). Each case asserts the exact status its rule gives, that no answer
 * names a secret (id, name, text or GM note) to a caller who may not see it, and that a hidden entity's 404 is
 * byte-identical to a missing one's. An operation without a case builder in operations.ts fails the suite.
 */
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../app.js';
import { DIALECTS } from '../dialects.js';
import { TINY_PNG } from '../resilience/full-world.js';
import { type ApiRoute, fillPath, listApiRoutes, requiredQuery, routeLabel } from '../resilience/api-surface.js';
import {
  type AccessWorld,
  type EntityMaker,
  IDENTITIES,
  type IdentityName,
  VARIANTS,
  buildAccessWorld,
  headersOf,
} from './access-world.js';
import {
  type CaseContext,
  type CaseVariant,
  OPERATIONS,
  type OperationSpec,
  addressedEntity,
  defaultOverride,
  entityOf,
  sampledBody,
  statusByRule,
} from './operations.js';
import { forbiddenFor, reportAccess } from './leaks.js';

const keyOf = (route: ApiRoute): string => `${route.method} ${route.path}`;

/** Path parameters of a case: public parents; the addressed entity in the case's variant. */
function paramsFor(route: ApiRoute, world: AccessWorld, variant: CaseVariant): Record<string, string> {
  const params: Record<string, string> = { worldId: world.worldId, code: world.invitation.code, userId: world.bystander.user.userId };
  params.invitationId = world.invitation.invitationId;
  params.calendarId = world.calendarId;
  params.webhookId = world.webhookId;
  params.sequence = '1';
  for (const param of route.pathParams) {
    const kind = entityOf(param);
    if (kind) params[param] = world.ids[kind].public;
  }
  params.itemId = route.pathParams.includes('instanceId') ? world.stockItemId : (params.itemId ?? world.stockItemId);
  const addressed = addressedEntity(route);
  if (addressed && (variant === 'secret' || variant === 'revealed')) params[addressed.param] = world.ids[addressed.kind][variant];
  return params;
}

/** The variants an operation runs on. */
function variantsOf(route: ApiRoute, spec: OperationSpec): CaseVariant[] {
  return spec.variants ?? (addressedEntity(route) ? [...VARIANTS] : ['world']);
}

interface Tally {
  cases: number;
  leaks: string[];
  wrongStatus: string[];
}

describe.each(DIALECTS)('access matrix on %s', (dialect) => {
  let t: TestApp;
  let world: AccessWorld;
  let maker: EntityMaker;
  let routes: ApiRoute[];

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    ({ world, maker } = await buildAccessWorld(t.app));
    routes = await listApiRoutes(t.app);
  }, 120_000);
  afterAll(async () => t.close());

  /** Runs every case of the routes given, tallying wrong statuses and leaks. */
  async function runCases(selected: ApiRoute[], tally: Tally): Promise<void> {
    for (const route of selected) {
      const spec = OPERATIONS[keyOf(route)];
      if (!spec) continue;
      for (const variant of variantsOf(route, spec)) {
        for (const identity of IDENTITIES) {
          tally.cases += 1;
          await runCase(route, spec, identity, variant, tally);
        }
      }
    }
  }

  async function runCase(route: ApiRoute, spec: OperationSpec, identity: IdentityName, variant: CaseVariant, tally: Tally): Promise<void> {
    const label = `${routeLabel(route)} as ${identity} on ${variant}`;
    const expected = spec.expect?.(identity, variant) ?? statusByRule(spec.rule, identity, variant, spec.ok);
    const context: CaseContext = {
      app: t.app,
      world,
      maker,
      identity,
      variant,
      params: paramsFor(route, world, variant),
      succeeds: expected < 300,
    };
    Object.assign(context, { params: { ...context.params, ...(await defaultOverride(context, route)).params } });
    const override = spec.build ? await spec.build(context) : {};
    const params = override.params ?? context.params;
    const headers = override.as?.headers ?? headersOf(world, identity);
    const body = override.body ?? sampledBody(route, world, params);

    const send = (pathParams: Record<string, string>) => {
      const url =
        fillPath(route.path, pathParams) +
        requiredQuery(route, { characterId: world.ids.characterId.public, timelineId: world.ids.timelineId.public });
      if (route.method === 'PUT' && route.path.endsWith('/image')) {
        return t.app.inject({ method: route.method, url, headers: { ...headers, 'content-type': 'image/png' }, payload: TINY_PNG });
      }
      if (Buffer.isBuffer(body))
        return t.app.inject({ method: route.method, url, headers: { ...headers, 'content-type': 'application/zip' }, payload: body });
      return t.app.inject({ method: route.method, url, headers, ...(body === undefined ? {} : { payload: body as object }) });
    };

    const response = await send(params);
    if (response.statusCode !== expected) {
      tally.wrongStatus.push(`${label}: answered ${response.statusCode}, expected ${expected}: ${response.body.slice(0, 160)}`);
    }
    const found = forbiddenFor(world, identity, spec.showsWorldToOutsiders === true).filter((text) => response.body.includes(text));
    if (found.length > 0) tally.leaks.push(`${label}: the answer names ${found.join(', ')}: ${response.body.slice(0, 200)}`);

    // A hidden entity answers exactly as a missing one does.
    const addressed = addressedEntity(route);
    const member = identity === 'editor' || identity === 'player' || identity === 'viewer';
    if (expected === 404 && member && addressed && (variant === 'secret' || variant === 'revealed')) {
      const absent = await send({ ...params, [addressed.param]: crypto.randomUUID() });
      if (absent.statusCode !== response.statusCode || absent.body !== response.body) {
        tally.leaks.push(`${label}: the answer differs from a missing entity's (${response.body} vs ${absent.body})`);
      }
    }
  }

  /** What the owner sees of every fixture entity's editable text and access fields. */
  async function fixtureSnapshot(): Promise<string[]> {
    const details = routes.filter((route) => route.method === 'GET' && addressedEntity(route) && route.path.endsWith('Id}'));
    const seen: string[] = [];
    for (const route of details) {
      for (const variant of VARIANTS) {
        const url = fillPath(route.path, paramsFor(route, world, variant));
        const response = await t.app.inject({ method: 'GET', url, headers: world.cast.owner.headers });
        const entity = response.json<Record<string, unknown>>();
        const kept = ['name', 'title', 'description', 'notes', 'visibility', 'revealedTo', 'gmNotes'].map((field) => entity[field]);
        seen.push(`${url} ${response.statusCode} ${JSON.stringify(kept)}`);
      }
    }
    return seen;
  }

  it('has a case builder for every operation of the OpenAPI document, and none for a missing one', () => {
    const documented = new Set(routes.map(keyOf));
    const missing = [...documented].filter((key) => !OPERATIONS[key]);
    const stale = Object.keys(OPERATIONS).filter((key) => !documented.has(key));
    expect(missing, 'operations without a case builder in test/access/operations.ts').toEqual([]);
    expect(stale, 'case builders of operations the document no longer has').toEqual([]);
    const unsecured = routes.filter((route) => !route.secured && OPERATIONS[keyOf(route)]?.rule !== 'anyone').map(keyOf);
    expect(unsecured, 'operations open to anyone without an `anyone` rule').toEqual([]);
  });

  it('answers every read with the exact status and never names a secret', async () => {
    const tally: Tally = { cases: 0, leaks: [], wrongStatus: [] };
    await runCases(
      routes.filter((route) => route.method === 'GET'),
      tally,
    );
    reportAccess(`matrix reads ${dialect}`, { cases: tally.cases, leaks: tally.leaks.length, wrongStatus: tally.wrongStatus.length });
    expect(tally.cases).toBeGreaterThan(500);
    expect(tally.leaks).toEqual([]);
    expect(tally.wrongStatus).toEqual([]);
  }, 120_000);

  it('answers every write with the exact status, never names a secret, and a refused write changes nothing', async () => {
    const tally: Tally = { cases: 0, leaks: [], wrongStatus: [] };
    const before = await fixtureSnapshot();
    await runCases(
      routes.filter((route) => route.method !== 'GET'),
      tally,
    );
    const after = await fixtureSnapshot();
    const changed = after.filter((line, index) => line !== before[index]);
    reportAccess(`matrix writes ${dialect}`, { cases: tally.cases, leaks: tally.leaks.length, wrongStatus: tally.wrongStatus.length });
    expect(tally.cases).toBeGreaterThan(500);
    expect(tally.leaks).toEqual([]);
    expect(tally.wrongStatus).toEqual([]);
    expect(changed, 'fixture entities changed by refused writes').toEqual([]);
  }, 120_000);
});
