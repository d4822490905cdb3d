import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BacklinksResponse } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { addMember } from '../../../test/factories/member.js';
import { createWorld } from '../../../test/factories/world.js';

/** Rich text in GM notes (issue "Linked lore", docs/rich-text.md): sanitised, and their mentions editors' only. */
describe.each(DIALECTS)('rich GM notes on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  async function buildOz() {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const player = await addMember(t.app, owner, world.worldId, 'player');
    const viewer = await addMember(t.app, owner, world.worldId, 'viewer');
    const base = `/api/worlds/${world.worldId}`;
    const dorothy = (
      await t.app.inject({ method: 'POST', url: `${base}/characters`, headers: owner.headers, payload: { name: 'Dorothy' } })
    ).json<{ characterId: string }>().characterId;
    const mention = `<span data-type="mention" data-entity-type="character" data-id="${dorothy}">Dorothy</span>`;
    return { world, base, owner, player, viewer, dorothy, mention };
  }

  it('sanitises GM notes, derives the plain notes and shows neither to a player or viewer', async () => {
    const oz = await buildOz();
    const created = await t.app.inject({
      method: 'POST',
      url: `${oz.base}/characters`,
      headers: oz.owner.headers,
      payload: {
        name: 'Oscar',
        gmNotesHtml: `<h2 onclick="alert(1)">Humbug</h2><p>Fears ${oz.mention}<script>alert(1)</script><a href="javascript:alert(1)">x</a><svg onload="alert(1)"></svg></p>`,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const oscar = created.json<{ characterId: string; gmNotes: string; gmNotesHtml: string }>();
    expect(oscar.gmNotesHtml).toContain('<h2>Humbug</h2>');
    expect(oscar.gmNotesHtml).toContain(`data-id="${oz.dorothy}"`);
    expect(oscar.gmNotesHtml).not.toMatch(/script|onclick|onload|javascript|svg|alert/);
    expect(oscar.gmNotes).toContain('Fears Dorothy');
    for (const reader of [oz.player, oz.viewer]) {
      const read = await t.app.inject({ method: 'GET', url: `${oz.base}/characters/${oscar.characterId}`, headers: reader.headers });
      expect(read.json()).toMatchObject({ gmNotes: null, gmNotesHtml: null });
      expect(read.body).not.toContain('Humbug');
    }
    const forbidden = await t.app.inject({
      method: 'PUT',
      url: `${oz.base}/characters/${oz.dorothy}`,
      headers: oz.player.headers,
      payload: { name: 'Dorothy', gmNotesHtml: '<p>mine</p>' },
    });
    expect(forbidden.statusCode).toBe(403);
  });

  it('lists a source whose GM notes mention X in the backlinks of X for editors only, never for a player', async () => {
    const oz = await buildOz();
    const secretNote = await t.app.inject({
      method: 'POST',
      url: `${oz.base}/items`,
      headers: oz.owner.headers,
      payload: { name: 'Golden Cap', gmNotesHtml: `<p>Bait for ${oz.mention}</p>` },
    });
    const cap = secretNote.json<{ itemId: string }>().itemId;
    const told = await t.app.inject({
      method: 'POST',
      url: `${oz.base}/items`,
      headers: oz.owner.headers,
      payload: { name: 'Silver Shoes', descriptionHtml: `<p>Worn by ${oz.mention}</p>` },
    });
    const shoes = told.json<{ itemId: string }>().itemId;
    const backlinks = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `${oz.base}/characters/${oz.dorothy}/backlinks`, headers });

    const owners = await backlinks(oz.owner.headers);
    expect(owners.json<BacklinksResponse>().data.map((link) => link.name)).toEqual(['Golden Cap', 'Silver Shoes']);
    for (const reader of [oz.player, oz.viewer]) {
      const theirs = await backlinks(reader.headers);
      expect(theirs.json<BacklinksResponse>().data.map((link) => link.id)).toEqual([shoes]);
      expect(theirs.body).not.toContain(cap);
    }

    // Plain notes changed: the rich notes, and with them the mention, are dropped.
    const plain = await t.app.inject({
      method: 'PUT',
      url: `${oz.base}/items/${cap}`,
      headers: oz.owner.headers,
      payload: { name: 'Golden Cap', gmNotes: 'Three wishes.' },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json()).toMatchObject({ gmNotes: 'Three wishes.', gmNotesHtml: null });
    expect((await backlinks(oz.owner.headers)).json<BacklinksResponse>().data.map((link) => link.name)).toEqual(['Silver Shoes']);
  });

  it('indexes mentions in the GM notes of inventory entries and quest objectives, as backlinks for editors only', async () => {
    const oz = await buildOz();
    const editor = await addMember(t.app, oz.owner, oz.world.worldId, 'editor');
    const post = async (path: string, payload: object) => {
      const response = await t.app.inject({ method: 'POST', url: `${oz.base}${path}`, headers: oz.owner.headers, payload });
      expect(response.statusCode, response.body).toBe(201);
      return response.json<Record<string, string>>();
    };
    const scarecrow = (await post('/characters', { name: 'Scarecrow' })).characterId;
    const cap = (await post('/items', { name: 'Golden Cap' })).itemId;
    const shoes = (await post('/items', { name: 'Silver Shoes' })).itemId;
    const quest = (await post('/quests', { name: 'Kill the Witch' })).questId;
    const entry = (await post(`/characters/${scarecrow}/inventory`, { itemId: cap, gmNotesHtml: `<p>Meant for ${oz.mention}</p>` }))
      .inventoryItemId;
    const given = (await post(`/items/${shoes}/instances`, { characterId: scarecrow, gmNotesHtml: `<p>Stolen from ${oz.mention}</p>` }))
      .inventoryItemId;
    const objective = (
      await post(`/quests/${quest}/objectives`, { description: 'Bring the broom', gmNotesHtml: `<p>Only ${oz.mention} can</p>` })
    ).objectiveId;
    const backlinks = async (headers: Record<string, string>) => {
      const response = await t.app.inject({ method: 'GET', url: `${oz.base}/characters/${oz.dorothy}/backlinks`, headers });
      expect(response.statusCode).toBe(200);
      return response.json<BacklinksResponse>().data;
    };
    const expected = [
      { type: 'questObjective', id: objective, parentId: quest, name: 'Bring the broom' },
      { type: 'inventoryItem', id: entry, parentId: scarecrow, name: 'Scarecrow: Golden Cap' },
      { type: 'inventoryItem', id: given, parentId: scarecrow, name: 'Scarecrow: Silver Shoes' },
    ];
    expect(await backlinks(oz.owner.headers)).toEqual(expected);
    expect(await backlinks(editor.headers)).toEqual(expected);
    for (const reader of [oz.player, oz.viewer]) expect(await backlinks(reader.headers)).toEqual([]);

    // Rewritten notes without the mention take the backlink away.
    const put = async (path: string, payload: object) => {
      const response = await t.app.inject({ method: 'PUT', url: `${oz.base}${path}`, headers: oz.owner.headers, payload });
      expect(response.statusCode, response.body).toBe(200);
    };
    await put(`/characters/${scarecrow}/inventory/${entry}`, { quantity: 1, gmNotesHtml: '<p>Meant for nobody</p>' });
    await put(`/quests/${quest}/objectives/${objective}`, { description: 'Bring the broom', gmNotesHtml: '<p>Anyone can</p>' });
    expect((await backlinks(oz.owner.headers)).map((link) => link.id)).toEqual([given]);
  });

  it('keeps rich GM notes when a write leaves the notes as they are', async () => {
    const oz = await buildOz();
    const created = await t.app.inject({
      method: 'POST',
      url: `${oz.base}/items`,
      headers: oz.owner.headers,
      payload: { name: 'Golden Cap', gmNotesHtml: '<p><strong>Three</strong> wishes</p>' },
    });
    const cap = created.json<{ itemId: string; gmNotes: string }>();
    expect(cap.gmNotes).toBe('Three wishes');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${oz.base}/items/${cap.itemId}`,
      headers: oz.owner.headers,
      payload: { name: 'Cap of Wishes', gmNotes: 'Three wishes' },
    });
    expect(renamed.json()).toMatchObject({ gmNotesHtml: '<p><strong>Three</strong> wishes</p>' });
    const tooLong = await t.app.inject({
      method: 'PUT',
      url: `${oz.base}/items/${cap.itemId}`,
      headers: oz.owner.headers,
      payload: { name: 'Cap', gmNotesHtml: `<p>${'x'.repeat(20_001)}</p>` },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json<{ message: string }>().message).toContain('GM Notes must be no more than');
  });
});
