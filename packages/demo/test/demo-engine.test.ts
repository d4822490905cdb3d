/**
 * The Oz demo world read through the timeline engine's HTTP API (issue 5, docs/timeline-engine.md), on each
 * database: the Silver Shoes leave Dorothy at the end of the book and never reach her on the branch, the Golden
 * Cap changes hands where the story says, the Lion grows fond of Dorothy, and neither timeline has issues.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import type { CharacterState, TimelineIssues, TimelineState } from '@loreforge/contract';
import { createInviteCode } from '@loreforge/server/host';
import { DIALECTS, type TestApp, buildTestApp } from '@loreforge/server/testing';
import { readDemoData } from '../src/demo-data.js';
import { type DemoLoadResult, runDemo } from '../src/index.js';

const data = readDemoData();
const mainEvents = data.timelines.find((t) => t.key === 'main')?.events ?? [];
const branchEvents = data.timelines.find((t) => t.key === 'missedWitch')?.events ?? [];

describe.each(DIALECTS)('the Oz demo through the timeline engine on %s', (dialect) => {
  let testApp: TestApp;
  let baseUrl: string;
  let result: DemoLoadResult & { token: string };

  const get = async <T>(url: string): Promise<T> => {
    const response = await fetch(`${baseUrl}/api/worlds/${result.worldId}${url}`, { headers: { authorization: `Bearer ${result.token}` } });
    expect(response.status, url).toBe(200);
    return (await response.json()) as T;
  };
  const idOf = (kind: string, key: string): string => {
    const id = result.ids[kind]?.[key];
    if (!id) throw new Error(`no ${kind} ${key}`);
    return id;
  };
  /** The state of one timeline just after one of its events (by demo key). */
  const stateAfter = (timeline: string, event: string) =>
    get<TimelineState>(`/timelines/${idOf('timeline', timeline)}/state?eventId=${idOf('event', event)}`);
  const character = (state: TimelineState, key: string): CharacterState => {
    const found = state.characters.find((c) => c.characterId === idOf('character', key));
    if (!found) throw new Error(`no ${key} in the state`);
    return found;
  };
  const quantityHeld = (state: TimelineState, who: string, item: string): number =>
    character(state, who).inventory.find((h) => h.itemId === idOf('item', item))?.quantity ?? 0;
  const holdersOf = (state: TimelineState, item: string): string[] =>
    state.characters.filter((c) => c.inventory.some((h) => h.itemId === idOf('item', item) && h.quantity > 0)).map((c) => c.characterId);

  beforeAll(async () => {
    expect(mainEvents.length).toBeGreaterThan(0);
    expect(branchEvents.length).toBeGreaterThan(0);
    testApp = await buildTestApp(dialect);
    await testApp.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(testApp.app.server.address() as AddressInfo).port}`;
    result = await runDemo({
      baseUrl,
      account: { username: 'oz-engine', email: 'engine@loreforge.test', password: 'follow-the-yellow-brick-road' },
      inviteCode: () => createInviteCode(testApp.app.db),
    });
  }, 120_000);
  afterAll(async () => {
    await testApp.close();
  });

  it('leaves Dorothy without the Silver Shoes at the end of the main timeline, after holding them on the way', async () => {
    const last = mainEvents.at(-1)?.key ?? '';
    const end = await stateAfter('main', last);
    expect(end.eventCount).toBe(mainEvents.length);
    expect(quantityHeld(end, 'dorothy', 'silverShoes')).toBe(0);
    expect(holdersOf(end, 'silverShoes')).toEqual([]);
    // The same answer at a moment after the last event, by date rather than by event.
    const byDate = await get<TimelineState>(
      `/timelines/${idOf('timeline', 'main')}/state?at=1901-01-01T00:00:00.000Z&characterId=${idOf('character', 'dorothy')}`,
    );
    expect(byDate.characters).toHaveLength(1);
    expect(quantityHeld(byDate, 'dorothy', 'silverShoes')).toBe(0);
    // Not vacuous: she did wear them in between.
    const setOut = await stateAfter('main', 'setsOut');
    expect(character(setOut, 'dorothy').inventory).toEqual(
      expect.arrayContaining([expect.objectContaining({ itemId: idOf('item', 'silverShoes'), quantity: 2, equipped: true })]),
    );
  });

  it('never gives Dorothy the Silver Shoes on the branch, at any of its events or at its end', async () => {
    for (const event of branchEvents) {
      const state = await stateAfter('missedWitch', event.key);
      expect(quantityHeld(state, 'dorothy', 'silverShoes'), event.key).toBe(0);
    }
    const end = await get<TimelineState>(`/timelines/${idOf('timeline', 'missedWitch')}/state?at=1901-01-01T00:00:00.000Z`);
    expect(quantityHeld(end, 'dorothy', 'silverShoes')).toBe(0);
    expect(holdersOf(end, 'silverShoes')).toEqual([idOf('character', 'wickedWitchEast')]);
  });

  it('hands the Golden Cap to Dorothy when she takes it, then to Glinda and to the King of the Winged Monkeys', async () => {
    const before = await stateAfter('main', 'rescue');
    expect(holdersOf(before, 'goldenCap')).not.toContain(idOf('character', 'dorothy'));
    const taken = await stateAfter('main', 'giftsAndCap');
    expect(holdersOf(taken, 'goldenCap')).toEqual([idOf('character', 'dorothy')]);
    expect(taken.lastEvent?.changes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'inventory',
          characterId: idOf('character', 'dorothy'),
          itemId: idOf('item', 'goldenCap'),
          before: null,
          after: { quantity: 1, equipped: true },
        }),
      ]),
    );
    expect(holdersOf(await stateAfter('main', 'glinda'), 'goldenCap')).toEqual([idOf('character', 'glinda')]);
    expect(holdersOf(await stateAfter('main', 'capFreed'), 'goldenCap')).toEqual([idOf('character', 'kingMonkeys')]);
  });

  it("grows the Lion's affinity toward Dorothy along the story", async () => {
    const affinities: number[] = [];
    for (const key of ['lion', 'kalidahs', 'fieldMice', 'witchAttacks', 'lionYard', 'witchMelts', 'glinda']) {
      const state = await get<TimelineState>(
        `/timelines/${idOf('timeline', 'main')}/state?eventId=${idOf('event', key)}&characterId=${idOf('character', 'lion')}`,
      );
      const toDorothy = character(state, 'lion').relationships.find((r) => r.targetCharacterId === idOf('character', 'dorothy'));
      expect(toDorothy, key).toBeDefined();
      affinities.push(toDorothy?.affinity ?? Number.NaN);
    }
    expect(affinities[0]).toBe(20);
    for (let i = 1; i < affinities.length; i += 1) expect(affinities[i], `step ${i}`).toBeGreaterThan(affinities[i - 1] ?? Infinity);
    const beforeMeeting = await stateAfter('main', 'tinWoodman');
    expect(character(beforeMeeting, 'lion').relationships.some((r) => r.targetCharacterId === idOf('character', 'dorothy'))).toBe(false);
  });

  it('reports no consistency issues on either timeline', async () => {
    for (const key of ['main', 'missedWitch']) {
      const issues = await get<TimelineIssues>(`/timelines/${idOf('timeline', key)}/issues`);
      expect(issues.data, key).toEqual([]);
    }
  });
});
