/**
 * Creating characters in batches (character-create-batch.ts), on both databases: concurrent creates through
 * the API all land, are counted and are found by the world search; each row of a batch is checked against its
 * own requester's role in its own world; and a row that fails takes only itself down, not the rows batched with it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Character, World, WorldSearchResponse } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { addMember } from '../../../test/factories/member.js';
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

  /** A new character row of `worldId`, created by `userId`, as the create route would queue it. */
  const characterRow = (worldId: string, name: string, userId: string, id = newId()): CharacterTable => {
    const now = nowIso();
    return {
      id,
      world_id: worldId,
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
      created_by: userId,
      updated_by: userId,
      created_at: now,
      updated_at: now,
    };
  };

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
    const row = (name: string, id?: string) => characterRow(world.worldId, name, owner.user.userId, id);
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

  it("checks every row of one batch against its own requester's role in its own world", async () => {
    const oz = await createWorld(t.app, { name: 'Oz' });
    const kansas = await createWorld(t.app, { name: 'Kansas' });
    const editor = await addMember(t.app, oz.owner, oz.world.worldId, 'editor');
    const player = await addMember(t.app, oz.owner, oz.world.worldId, 'player');
    const batch = new CharacterCreateBatch(t.app.db);
    const row = (worldId: string, name: string, userId: string) => characterRow(worldId, name, userId);
    const results = await Promise.all([
      batch.insert(row(oz.world.worldId, 'Glinda', oz.owner.user.userId), oz.owner.user.userId),
      batch.insert(row(kansas.world.worldId, 'Aunt Em', kansas.owner.user.userId), kansas.owner.user.userId),
      batch.insert(row(oz.world.worldId, 'Ozma', editor.user.userId), editor.user.userId),
      batch.insert(row(oz.world.worldId, 'Jellia', player.user.userId), player.user.userId),
      batch.insert(row(kansas.world.worldId, 'Intruder', oz.owner.user.userId), oz.owner.user.userId),
    ]);
    expect(results).toEqual([true, true, true, false, false]);
    const names = async (worldId: string, headers: Record<string, string>) =>
      (await t.app.inject({ url: `/api/worlds/${worldId}/characters?sortBy=name`, headers }))
        .json<{ data: Character[] }>()
        .data.map((c) => c.name);
    expect(await names(oz.world.worldId, oz.owner.headers)).toEqual(['Glinda', 'Ozma']);
    expect(await names(kansas.world.worldId, kansas.owner.headers)).toEqual(['Aunt Em']);
  });

  it('finds characters created together by their names and descriptions', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const answers = await Promise.all(
      ['Tin Woodman', 'Scarecrow', 'Cowardly Lion'].map((name) =>
        t.app.inject({
          method: 'POST',
          url: `/api/worlds/${world.worldId}/characters`,
          headers: owner.headers,
          payload: { name, description: `${name} walks the yellow brick road.` },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([201, 201, 201]);
    // The world search reads the full-text index (on SQLite, FTS5 tables written by the batch's one statement).
    const search = async (query: string) =>
      (await t.app.inject({ url: `/api/worlds/${world.worldId}/search?q=${encodeURIComponent(query)}`, headers: owner.headers }))
        .json<WorldSearchResponse>()
        .data.map((hit) => hit.name.text)
        .sort();
    expect(await search('scarecrow')).toEqual(['Scarecrow']);
    expect(await search('brick road')).toEqual(['Cowardly Lion', 'Scarecrow', 'Tin Woodman']);
  });
});
