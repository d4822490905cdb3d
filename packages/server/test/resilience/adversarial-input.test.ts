/**
 * Long adversarial text cannot stall the server: every string field of every route with a body gets strings
 * built to make backtracking patterns take quadratic or exponential time (an email of one '@', 200,000 dots
 * and another '@' froze every request for tens of seconds), while `/api/health` is asked at the same moment.
 * Each adversarial string is compared with a plain string of the same length on the same field, in the same
 * test: health must answer, and the event loop's longest stall must stay near the one the plain string causes.
 * No figure depends on the machine's speed; only the ratio between the two runs is judged.
 */
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../app.js';
import { DIALECTS } from '../dialects.js';
import type { TestUser } from '../factories/user.js';
import { type ApiRoute, type JsonSchema, fillPath, requiredQuery, routeLabel, sampleValue } from './api-surface.js';
import { buildSurface } from './surface.js';
import type { FullWorld } from './full-world.js';
import { byLevel, report } from './level.js';

/** Characters of each adversarial string: long enough that a quadratic pattern takes seconds. */
const LENGTH = byLevel(200_000, 400_000);

/** Strings that pump the classic backtracking shapes: `x+\.x+` over dots, `(a.)*` paths, `\s*…$` tails. */
const PUMPS: Array<{ name: string; make: (length: number) => string }> = [
  { name: 'email of dots', make: (length) => `a@${'.'.repeat(length)}@` },
  { name: 'dotted path', make: (length) => `${'a.'.repeat(length / 2)} ` },
  { name: 'spaces then junk', make: (length) => `a${' '.repeat(length)}!` },
];

/**
 * How much longer the event loop may stall beside adversarial strings than beside plain strings of the same
 * lengths, summed over every case. A linear pattern costs about the same on both (ratio near 1); the quadratic
 * email pattern cost thousands of times more.
 */
const MAX_RATIO = 20;

function nonNull(schema: JsonSchema): JsonSchema {
  return schema.anyOf?.find((option) => option.type !== 'null') ?? schema;
}

/** Top-level fields that take a string, whatever else their schema says (ids, emails, dates, enums too). */
function stringFields(schema: JsonSchema): string[] {
  const properties = schema.properties ?? nonNull(schema).properties ?? {};
  return Object.entries(properties)
    .filter(([, property]) => nonNull(property).type === 'string' || property.anyOf?.some((option) => option.type === 'string'))
    .map(([name]) => name);
}

describe.each(DIALECTS)('adversarial long input on %s', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  let world: FullWorld;
  let routes: ApiRoute[];

  beforeAll(async () => {
    ({ t, owner, world, routes } = await buildSurface(dialect));
  });
  afterAll(async () => t.close());

  /**
   * Sends one body while the event loop is watched turn by turn: a tick runs on every turn, notes the longest
   * gap between two ticks (a pattern that stalls the loop shows up as one long gap), and keeps one health request
   * in flight. A stalled loop is what froze every user, so the gap is the thing judged.
   * @returns the longest gap between turns (ms), every health status seen, and the body's answer.
   */
  const sendBesideHealth = async (route: ApiRoute, url: string, payload: string) => {
    let answered = false;
    const request = t.app
      .inject({ method: route.method, url, headers: { ...owner.headers, 'content-type': 'application/json' }, payload })
      .finally(() => {
        answered = true;
      });
    const statuses = new Set<number>();
    const checks: Array<Promise<void>> = [];
    let inFlight = false;
    let longest = 0;
    let last = performance.now();
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = performance.now();
        longest = Math.max(longest, now - last);
        last = now;
        if (answered) {
          resolve();
          return;
        }
        if (!inFlight) {
          inFlight = true;
          checks.push(
            t.app.inject({ method: 'GET', url: '/api/health' }).then((health) => {
              statuses.add(health.statusCode);
              inFlight = false;
            }),
          );
        }
        setImmediate(tick);
      };
      setImmediate(tick);
    });
    await Promise.all(checks);
    const answer = await request;
    return { waited: longest, healthStatuses: [...statuses], status: answer.statusCode, body: answer.body };
  };

  it('keeps the event loop turning and /api/health answering beside adversarial text as beside plain text, on every string field', async () => {
    const failures: string[] = [];
    let plainWait = 0;
    let adversarialWait = 0;
    let cases = 0;
    for (const route of routes) {
      if (!route.bodySchema) continue;
      const url = fillPath(route.path, world.params) + requiredQuery(route, world.refs);
      const sample = sampleValue(route.bodySchema, world.refs);
      const base = typeof sample === 'object' && sample !== null && !Array.isArray(sample) ? (sample as Record<string, unknown>) : {};
      for (const field of stringFields(route.bodySchema)) {
        for (const pump of PUMPS) {
          const adversarial = pump.make(LENGTH);
          const plain = await sendBesideHealth(route, url, JSON.stringify({ ...base, [field]: 'a'.repeat(adversarial.length) }));
          const hostile = await sendBesideHealth(route, url, JSON.stringify({ ...base, [field]: adversarial }));
          cases += 1;
          plainWait += plain.waited;
          adversarialWait += hostile.waited;
          const label = `${routeLabel(route)} ${field} (${pump.name})`;
          if (hostile.healthStatuses.some((status) => status !== 200))
            failures.push(`${label}: health answered ${hostile.healthStatuses.join(', ')}`);
          if (hostile.status >= 500) failures.push(`${label}: ${hostile.status} ${hostile.body.slice(0, 200)}`);
          if (hostile.status < 400) failures.push(`${label}: accepted ${hostile.status}`);
        }
      }
    }
    const ratio = adversarialWait / Math.max(plainWait, 1);
    report(`adversarial input ${dialect}`, {
      cases,
      length: LENGTH,
      'plain stalls ms': Math.round(plainWait),
      'adversarial stalls ms': Math.round(adversarialWait),
      ratio: ratio.toFixed(2),
    });
    expect(cases).toBeGreaterThan(50);
    expect(failures).toEqual([]);
    expect(ratio).toBeLessThan(MAX_RATIO);
  }, 600_000);
});
