/**
 * A world's counts (SPEC §3 World counts) as a user sees them in GET /api/worlds/{id}, on both databases: the
 * database keeps them exact for writes through the API, writes straight into the database by another
 * connection (as another app instance or a script would make), bulk inserts, moves between worlds and
 * cascading deletes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { World } from '@loreforge/contract';
import type { TestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { buildTestAppWithSecondConnection } from '../../../test/second-connection.js';
import { createWorld } from '../../../test/factories/world.js';
import type { TestUser } from '../../../test/factories/user.js';
import type { DatabaseHandle } from '../../db/connect.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';

describe.each(DIALECTS)('world counts on %s', (dialect) => {
  let t: TestApp, other: DatabaseHandle, close: () => Promise<void>;
  beforeAll(async () => ({ t, other, close } = await buildTestAppWithSecondConnection(dialect)));
  afterAll(async () => close());

  const counts = async (owner: TestUser, worldId: string): Promise<World['counts']> => {
    const response = await t.app.inject({ url: `/api/worlds/${worldId}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<World>().counts;
  };
  const post = async (owner: TestUser, path: string, payload: object): Promise<Record<string, string>> => {
    const response = await t.app.inject({ method: 'POST', url: `/api/${path}`, headers: owner.headers, payload });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Record<string, string>>();
  };
  const remove = async (owner: TestUser, path: string): Promise<void> => {
    const response = await t.app.inject({ method: 'DELETE', url: `/api/${path}`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(204);
  };
  const characterRow = (worldId: string, name: string) => {
    const now = nowIso();
    return {
      id: newId(),
      world_id: worldId,
      name,
      description: null,
      attributes: '{}',
      current_location_id: null,
      created_at: now,
      updated_at: now,
    };
  };

  it('counts one of each counted entity created and deleted through the API', async () => {
    const { world, owner } = await createWorld(t.app);
    const w = world.worldId;
    const character = await post(owner, `worlds/${w}/characters`, { name: 'Dorothy' });
    const item = await post(owner, `worlds/${w}/items`, { name: 'Silver Shoes' });
    const timeline = await post(owner, `worlds/${w}/timelines`, { name: 'The story', currentDateTime: '1900-05-01T00:00:00.000Z' });
    const event = await post(owner, `worlds/${w}/events`, {
      name: 'The cyclone',
      dateTime: '1900-05-01T00:00:00.000Z',
      timelineId: timeline.timelineId,
    });
    const map = await post(owner, `worlds/${w}/maps`, { name: 'Land of Oz' });
    expect(await counts(owner, w)).toEqual({ characters: 1, items: 1, timelines: 1, events: 1, maps: 1 });

    await remove(owner, `worlds/${w}/events/${event.eventId}`);
    await remove(owner, `worlds/${w}/timelines/${timeline.timelineId}`);
    await remove(owner, `worlds/${w}/maps/${map.mapId}`);
    await remove(owner, `worlds/${w}/items/${item.itemId}`);
    await remove(owner, `worlds/${w}/characters/${character.characterId}`);
    expect(await counts(owner, w)).toEqual({ characters: 0, items: 0, timelines: 0, events: 0, maps: 0 });
  });

  it('counts rows written straight into the database, one at a time and in bulk, and a write undone in its transaction', async () => {
    const { world, owner } = await createWorld(t.app);
    const w = world.worldId;
    await other.db.insertInto('character').values(characterRow(w, 'Scarecrow')).execute();
    await other.db
      .insertInto('character')
      .values([characterRow(w, 'Tin Woodman'), characterRow(w, 'Cowardly Lion'), characterRow(w, 'Toto')])
      .execute();
    expect((await counts(owner, w)).characters).toBe(4);

    await other.db.transaction().execute(async (trx) => {
      const glinda = characterRow(w, 'Glinda');
      await trx.insertInto('character').values(glinda).execute();
      await trx.deleteFrom('character').where('id', '=', glinda.id).execute();
    });
    expect((await counts(owner, w)).characters).toBe(4);

    await other.db.deleteFrom('character').where('world_id', '=', w).where('name', 'in', ['Toto', 'Scarecrow']).execute();
    expect((await counts(owner, w)).characters).toBe(2);
  });

  it('moves a character between the two worlds’ counts, and drops a deleted world’s rows with it', async () => {
    const { world: kansas, owner } = await createWorld(t.app, { name: 'Kansas' });
    const { world: oz } = await createWorld(t.app, { owner, name: 'Oz' });
    const dorothy = await post(owner, `worlds/${kansas.worldId}/characters`, { name: 'Dorothy' });
    await post(owner, `worlds/${kansas.worldId}/characters`, { name: 'Aunt Em' });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/characters/${dorothy.characterId}`,
      headers: owner.headers,
      payload: { worldId: oz.worldId },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await counts(owner, kansas.worldId)).characters).toBe(1);
    expect((await counts(owner, oz.worldId)).characters).toBe(1);

    await remove(owner, `worlds/${kansas.worldId}`);
    expect((await counts(owner, oz.worldId)).characters).toBe(1);
    const list = await t.app.inject({ url: '/api/worlds', headers: owner.headers });
    expect(list.json<{ data: World[] }>().data.map((w) => [w.name, w.counts.characters])).toEqual([['Oz', 1]]);
  });

  it('keeps both counts exact while characters move between two worlds in both directions at once', async () => {
    const { world: kansas, owner } = await createWorld(t.app, { name: 'Kansas' });
    const { world: oz } = await createWorld(t.app, { owner, name: 'Oz' });
    const inKansas = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(owner, `worlds/${kansas.worldId}/characters`, { name: `Farmhand ${i}` })),
    );
    const inOz = await Promise.all(
      Array.from({ length: 6 }, (_, i) => post(owner, `worlds/${oz.worldId}/characters`, { name: `Munchkin ${i}` })),
    );
    const move = (characterId: string | undefined, worldId: string) =>
      t.app.inject({ method: 'PATCH', url: `/api/characters/${characterId}`, headers: owner.headers, payload: { worldId } });
    const answers = await Promise.all([
      ...inKansas.map((c) => move(c.characterId, oz.worldId)),
      ...inOz.map((c) => move(c.characterId, kansas.worldId)),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(Array.from({ length: 12 }, () => 200));
    expect((await counts(owner, kansas.worldId)).characters).toBe(6);
    expect((await counts(owner, oz.worldId)).characters).toBe(6);
  });
});
