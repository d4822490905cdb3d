/**
 * Issue 11 on the change feed: nothing a player or viewer receives from the feed or a history tells that a
 * change they may not see happened (no gaps, no short pages), and their positions still resume exactly.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type HistoryPage, LIVE_MESSAGES, type WorldChangePage } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { addMember } from '../../../test/factories/member.js';
import { createTimeline } from '../../../test/factories/timeline.js';
import type { TestUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)("a player's change feed on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { tokenSecret: 'feed-positions-test-secret' });
  });
  afterAll(async () => t.close());

  const page = async (worldId: string, user: TestUser, query: string) => {
    const response = await t.app.inject({ url: `/api/worlds/${worldId}/changes${query}`, headers: user.headers });
    expect(response.statusCode).toBe(200);
    return response.json<WorldChangePage>();
  };
  const rename = async (user: TestUser, worldId: string, characterId: string, name: string) => {
    const url = `/api/worlds/${worldId}/characters/${characterId}`;
    const current = await t.app.inject({ url, headers: user.headers });
    const response = await t.app.inject({ method: 'PUT', url, headers: user.headers, payload: { ...current.json<object>(), name } });
    expect(response.statusCode).toBe(200);
  };

  /**
   * Builds a world with the same public history each time: a player joins, Dorothy and the Scarecrow are created
   * and renamed; with `secrets`, that many secret writes (a secret character, its renames, a secret timeline,
   * the character's deletion) come in between.
   */
  async function buildWorld(secrets: boolean) {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const { character: dorothy } = await createCharacter(t.app, { world, owner, name: 'Dorothy' });
    let secretId: string | undefined;
    if (secrets) {
      const { character } = await createCharacter(t.app, { world, owner, name: 'Ozma', visibility: 'editors' });
      secretId = character.characterId;
      await rename(owner, world.worldId, secretId, 'Tip');
      await rename(owner, world.worldId, secretId, 'Ozma of Oz');
    }
    await rename(owner, world.worldId, dorothy.characterId, 'Dorothy Gale');
    if (secrets) await createTimeline(t.app, { world, owner, name: 'The true history', visibility: 'editors' });
    const { character: scarecrow } = await createCharacter(t.app, { world, owner, name: 'Scarecrow' });
    if (secretId !== undefined) {
      expect(
        (await t.app.inject({ method: 'DELETE', url: `/api/worlds/${world.worldId}/characters/${secretId}`, headers: owner.headers }))
          .statusCode,
      ).toBe(204);
    }
    await rename(owner, world.worldId, scarecrow.characterId, 'Scarecrow the Wise');
    const keys = new Map([
      [world.worldId, 'world'],
      [owner.user.userId, 'owner'],
      [player.user.userId, 'player'],
      [dorothy.characterId, 'dorothy'],
      [scarecrow.characterId, 'scarecrow'],
    ]);
    return { world, owner, player, dorothy, scarecrow, keys };
  }

  /** Reads the player's whole feed `limit` at a time; @returns each page's answer and the raw bodies. */
  async function readAll(worldId: string, user: TestUser, limit: number) {
    const pages: WorldChangePage[] = [];
    let after = 0;
    for (;;) {
      const one = await page(worldId, user, `?after=${after}&limit=${limit}`);
      pages.push(one);
      after = one.nextAfter;
      if (!one.hasMore) break;
    }
    return pages;
  }

  /**
   * A page as a reader could compare it: ids replaced by names, times left out, and each position replaced by
   * its place among the positions seen (positions differ per world by design, so only their pattern can leak).
   */
  function comparable(pages: WorldChangePage[], keys: Map<string, string>) {
    const order = new Map<number, number>();
    const placeOf = (position: number) => {
      if (!order.has(position)) order.set(position, order.size);
      return order.get(position);
    };
    let text = JSON.stringify(
      pages.map((one) => ({
        ...one,
        data: one.data.map((change) => ({ ...change, at: 'AT', sequence: placeOf(change.sequence) })),
        nextAfter: placeOf(one.nextAfter),
      })),
    );
    for (const [id, key] of keys) text = text.replaceAll(id, key);
    return text;
  }

  it('gives byte-identical pages for the same public history, whatever number of secret changes came between', async () => {
    const plain = await buildWorld(false);
    const secret = await buildWorld(true);
    const plainPages = await readAll(plain.world.worldId, plain.player, 2);
    const secretPages = await readAll(secret.world.worldId, secret.player, 2);
    expect(comparable(secretPages, secret.keys)).toBe(comparable(plainPages, plain.keys));
    // Every page but the last is full: a page never comes back short because hidden changes were skipped.
    for (const one of secretPages.slice(0, -1)) expect(one.data).toHaveLength(2);
    const all = secretPages.flatMap((one) => one.data);
    expect(all.map((change) => [change.entityType, change.action])).toEqual([
      ['world', 'created'],
      ['member', 'created'],
      ['member', 'created'],
      ['character', 'created'],
      ['character', 'updated'],
      ['character', 'created'],
      ['character', 'updated'],
    ]);

    // The owner sees the log's own numbers, gaps and all; none of the player's positions is one of them.
    const ownerAll = (await readAll(secret.world.worldId, secret.owner, 1000)).flatMap((one) => one.data);
    expect(ownerAll.map((change) => change.sequence)).toEqual(ownerAll.map((_, index) => index + 1));
    expect(ownerAll.length).toBeGreaterThan(all.length);
    const ownerNumbers = new Set(ownerAll.map((change) => change.sequence));
    for (const change of all) expect(ownerNumbers.has(change.sequence)).toBe(false);
  });

  it('resumes from any position it gave, one change at a time, losing and repeating nothing', async () => {
    const { world, player } = await buildWorld(true);
    const whole = (await page(world.worldId, player, '?limit=1000')).data;
    const oneByOne = (await readAll(world.worldId, player, 1)).flatMap((one) => one.data);
    expect(oneByOne).toEqual(whole);
    // From the middle: exactly what follows it.
    const rest = await page(world.worldId, player, `?after=${whole[3]?.sequence}`);
    expect(rest.data).toEqual(whole.slice(4));
    // A last page points at its own last change, not past hidden ones: read again later, it answers nothing new.
    const lastPosition = whole.at(-1)?.sequence;
    const last = await page(world.worldId, player, `?after=${lastPosition}`);
    expect(last).toEqual({ data: [], nextAfter: lastPosition, hasMore: false });
  });

  it("refuses a made-up position, the log's own numbers and another member's positions with a 400 that says what to send", async () => {
    const { world, owner, player } = await buildWorld(true);
    const viewer = await addMember(t.app, owner, world.worldId, 'viewer');
    const theirs = (await page(world.worldId, viewer, '?limit=1000')).data;
    for (const after of [3, 123_456_789, theirs[2]?.sequence]) {
      const response = await t.app.inject({ url: `/api/worlds/${world.worldId}/changes?after=${after}`, headers: player.headers });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toBe(LIVE_MESSAGES.afterUnknown);
    }
    // The owner may pass the log's numbers.
    expect((await page(world.worldId, owner, '?after=3')).data[0]?.sequence).toBe(4);
  });

  it("shows a player an entity's history without the log's numbers", async () => {
    const { world, owner, player, dorothy } = await buildWorld(true);
    const url = `/api/worlds/${world.worldId}/history/character/${dorothy.characterId}`;
    const asPlayer = (await t.app.inject({ url, headers: player.headers })).json<HistoryPage>().data;
    const asOwner = (await t.app.inject({ url, headers: owner.headers })).json<HistoryPage>().data;
    expect(asPlayer.map((entry) => entry.action)).toEqual(asOwner.map((entry) => entry.action));
    const feed = (await page(world.worldId, player, '?limit=1000')).data.filter((change) => change.entityId === dorothy.characterId);
    // The same positions as the player's feed, none of the owner's numbers.
    expect(asPlayer.map((entry) => entry.sequence)).toEqual(feed.map((change) => change.sequence).reverse());
    for (const entry of asOwner) expect(asPlayer.map((one) => one.sequence)).not.toContain(entry.sequence);
  });
});
