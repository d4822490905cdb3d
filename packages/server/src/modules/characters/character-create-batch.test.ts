/**
 * Creating characters in batches (character-create-batch.ts), on both databases: concurrent creates through
 * the API all land and are counted, a create in someone else's world in the same batch is refused alone, and a
 * row that fails takes only itself down, not the rows batched with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Character, World } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createWorld } from '../../../test/factories/world.js';
import type { CharacterTable } from '../../db/tables/character.table.js';
import { newId } from '../../lib/ids.js';
import { nowIso } from '../../lib/time.js';
import { CharacterCreateBatch } from './character-create-batch.js';

describe.each(DIALECTS)('character create batches on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  it("creates every one of many characters posted at once, refusing only the one aimed at another user's world", async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const stranger = await createWorld(t.app, { name: 'Elsewhere' });
    const post = (worldId: string, name: string) =>
      t.app.inject({ method: 'POST', url: `/api/worlds/${worldId}/characters`, headers: owner.headers, payload: { name } });
    const answers = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => post(world.worldId, `Munchkin ${i}`)),
      post(stranger.world.worldId, 'Intruder'),
    ]);
    expect(answers.slice(0, 40).map((a) => a.statusCode)).toEqual(Array.from({ length: 40 }, () => 201));
    expect(answers[40]?.statusCode).toBe(404);
    expect(answers[40]?.json()).toMatchObject({ message: 'World not found.' });
    const created = answers.slice(0, 40).map((a) => a.json<Character>());
    expect(new Set(created.map((c) => c.characterId)).size).toBe(40);
    const read = await t.app.inject({ url: `/api/worlds/${world.worldId}`, headers: owner.headers });
    expect(read.json<World>().counts.characters).toBe(40);
    const theirs = await t.app.inject({ url: `/api/worlds/${stranger.world.worldId}`, headers: stranger.owner.headers });
    expect(theirs.json<World>().counts.characters).toBe(0);
  });

  it('lets a failing row fail alone: the rows batched with it are still created', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const batch = new CharacterCreateBatch(t.app.db);
    const row = (name: string, id = newId()): CharacterTable => {
      const now = nowIso();
      return {
        id,
        world_id: world.worldId,
        name,
        description: null,
        description_html: null,
        attributes: '{}',
        current_location_id: null,
        assigned_to: null,
        visibility: 'everyone',
        revealed_to: '[]',
        gm_notes: null,
        gm_notes_html: null,
        created_by: owner.user.userId,
        updated_by: owner.user.userId,
        created_at: now,
        updated_at: now,
      };
    };
    const first = row('Glinda');
    // The same id twice: the second insert breaks the primary key, which fails the whole batch's transaction.
    const results = await Promise.allSettled([
      batch.insert(first, owner.user.userId),
      batch.insert(row('Ozma'), owner.user.userId),
      batch.insert(row('Glinda again', first.id), owner.user.userId),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    const list = await t.app.inject({ url: `/api/worlds/${world.worldId}/characters?sortBy=name`, headers: owner.headers });
    expect(list.json<{ data: Character[] }>().data.map((c) => c.name)).toEqual(['Glinda', 'Ozma']);
  });
});
