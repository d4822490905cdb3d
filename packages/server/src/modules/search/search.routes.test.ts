import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ErrorResponse, type SearchHit, WORLD_SEARCH_TEXT_HITS_COUNTED, type WorldSearchResponse } from '@loreforge/contract';
import { newId } from '../../lib/ids.js';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createEvent } from '../../../test/factories/event.js';
import { createGoal } from '../../../test/factories/goal.js';
import { createItem } from '../../../test/factories/item.js';
import { createUser } from '../../../test/factories/user.js';
import { createWorld } from '../../../test/factories/world.js';

describe.each(DIALECTS)('GET /api/worlds/{worldId}/search on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  /** A small Oz: the Golden Cap by name, events and a goal that mention it, and a point on a map. */
  async function buildOz() {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const ctx = { world, owner };
    const { item: cap } = await createItem(t.app, {
      ...ctx,
      name: 'Golden Cap',
      description: 'It commands the Winged Monkeys three times.',
    });
    await createItem(t.app, { ...ctx, name: 'Silver Shoes', description: 'They carry the wearer anywhere.' });
    const { event } = await createEvent(t.app, {
      ...ctx,
      name: 'The Witch uses the cap',
      description: 'She sends the Winged Monkeys with the Golden Cap to seize Dorothy.',
    });
    const { character: dorothy } = await createCharacter(t.app, { ...ctx, name: 'Dorothy Gale', description: 'A girl from Kansas.' });
    await createCharacter(t.app, { ...ctx, name: 'Scarecrow', description: 'Wants brains. Walks with Dorothy.' });
    const goal = await createGoal(t.app, owner, world.worldId, {
      characterId: dorothy.characterId,
      title: 'Get home to Kansas',
      description: 'With the golden road behind her.',
    });
    const map = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/maps`,
      headers: owner.headers,
      payload: { name: 'Map of Oz' },
    });
    const mapId = map.json<{ mapId: string }>().mapId;
    const point = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/maps/${mapId}/points`,
      headers: owner.headers,
      payload: { name: 'Golden Gate', x: 1, y: 2 },
    });
    return { world, owner, cap, event, dorothy, goal, mapId, pointId: point.json<{ pointId: string }>().pointId };
  }

  const search = async (worldId: string, headers: Record<string, string>, query: string) =>
    t.app.inject({ method: 'GET', url: `/api/worlds/${worldId}/search?${query}`, headers });

  it('counts description-only hits of a type up to the cap, says so, and still pages through the first of them', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Crowded Oz' });
    const now = new Date().toISOString();
    const rows = Array.from({ length: WORLD_SEARCH_TEXT_HITS_COUNTED + 5 }, (_, index) => ({
      id: newId(),
      world_id: world.worldId,
      name: `Munchkin ${index}`,
      description: 'A restless soul of the east.',
      attributes: '{}',
      current_location_id: null,
      created_at: now,
      updated_at: now,
    }));
    for (let start = 0; start < rows.length; start += 100)
      await t.app.db
        .insertInto('character')
        .values(rows.slice(start, start + 100))
        .execute();
    await createItem(t.app, { world, owner, name: 'Restless Bell', description: null });

    const first = (await search(world.worldId, owner.headers, 'q=restless&limit=10')).json<WorldSearchResponse>();
    expect(first.data[0]?.name.text).toBe('Restless Bell');
    expect(first.data.slice(1).every((hit) => hit.type === 'character' && hit.match === 'text')).toBe(true);
    expect(first.pagination).toMatchObject({ totalItems: WORLD_SEARCH_TEXT_HITS_COUNTED + 1, totalItemsCapped: true });

    // The bell and the first 1,000 characters found: the last page holds one hit, the page after none.
    const lastPage = Math.ceil((WORLD_SEARCH_TEXT_HITS_COUNTED + 1) / 10);
    const last = (await search(world.worldId, owner.headers, `q=restless&limit=10&page=${lastPage}`)).json<WorldSearchResponse>();
    expect(last.data).toHaveLength(1);
    expect(last.pagination).toMatchObject({ currentPage: lastPage, totalPages: lastPage });
    const beyond = (await search(world.worldId, owner.headers, `q=restless&limit=10&page=${lastPage + 1}`)).json<WorldSearchResponse>();
    expect(beyond.data).toHaveLength(0);

    const rare = (await search(world.worldId, owner.headers, 'q=bell')).json<WorldSearchResponse>();
    expect(rare.pagination).toMatchObject({ totalItems: 1, totalItemsCapped: false });
  });

  it('offers names a typo away only when the query is found nowhere as written', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Quadling Country' });
    await createCharacter(t.app, { world, owner, name: 'Scarecrow', description: 'Wants brains.' });
    await createItem(t.app, {
      world,
      owner,
      name: 'Ledger',
      description: 'Lists every scarcrow of the province, as the farmers spell it.',
    });
    const typo = (await search(world.worldId, owner.headers, 'q=Scarcrw')).json<WorldSearchResponse>();
    expect(typo.data.map((hit) => [hit.name.text, hit.match])).toEqual([['Scarecrow', 'fuzzy']]);
    const written = (await search(world.worldId, owner.headers, 'q=scarcrow')).json<WorldSearchResponse>();
    expect(written.data.map((hit) => [hit.name.text, hit.match])).toEqual([['Ledger', 'text']]);
  });

  it('finds every kind of entity at once, names before text, with highlighted snippets', async () => {
    const oz = await buildOz();
    const response = await search(oz.world.worldId, oz.owner.headers, 'q=golden');
    expect(response.statusCode).toBe(200);
    const body = response.json<WorldSearchResponse>();
    expect(body.data.map((hit) => [hit.type, hit.name.text, hit.match])).toEqual([
      ['item', 'Golden Cap', 'prefix'],
      ['mapPoint', 'Golden Gate', 'prefix'],
      ['event', 'The Witch uses the cap', 'text'],
      ['goal', 'Get home to Kansas', 'text'],
    ]);
    expect(body.pagination).toEqual({ currentPage: 1, totalPages: 1, totalItems: 4, totalItemsCapped: false, limit: 10, nextCursor: null });
    const [cap, gate, event, goal] = body.data as [SearchHit, SearchHit, SearchHit, SearchHit];
    expect(cap).toMatchObject({ id: oz.cap.itemId, parentId: null, name: { highlights: [{ start: 0, end: 6 }] }, snippet: null });
    expect(gate.parentId).toBe(oz.mapId);
    expect(goal.parentId).toBe(oz.dorothy.characterId);
    expect(event.id).toBe(oz.event.eventId);
    const snippet = event.snippet;
    expect(snippet?.text).toContain('Golden Cap');
    const range = snippet?.highlights[0];
    expect(range && snippet.text.slice(range.start, range.end)).toBe('Golden');
  });

  it("shows the snippet of a name hit's own description, for short and long queries alike", async () => {
    const { world, owner } = await createWorld(t.app, { name: 'South' });
    const { character: glinda } = await createCharacter(t.app, {
      world,
      owner,
      name: 'Glinda',
      description: 'Glinda the Good rules the Quadlings of the south.',
    });
    await createCharacter(t.app, { world, owner, name: 'Glass Cat', description: 'Sees through walls.' });
    for (const query of ['gl', 'glinda']) {
      const hits = (await search(world.worldId, owner.headers, `q=${query}`)).json<WorldSearchResponse>().data;
      const hit = hits.find((candidate) => candidate.id === glinda.characterId);
      expect(hit?.snippet?.text).toContain('Glinda the Good rules');
      const range = hit?.snippet?.highlights[0];
      expect(range && hit.snippet?.text.slice(range.start, range.end).toLowerCase()).toBe(query);
      expect(hits.find((candidate) => candidate.name.text === 'Glass Cat')?.snippet ?? null).toBeNull();
    }
  });

  it('puts an exact name first and tolerates a typo in a name', async () => {
    const oz = await buildOz();
    const exact = await search(oz.world.worldId, oz.owner.headers, 'q=scarecrow');
    expect(exact.json<WorldSearchResponse>().data[0]).toMatchObject({ type: 'character', match: 'exact', name: { text: 'Scarecrow' } });
    const typo = await search(oz.world.worldId, oz.owner.headers, 'q=Scarcrow');
    expect(typo.json<WorldSearchResponse>().data.map((hit) => [hit.name.text, hit.match])).toEqual([['Scarecrow', 'fuzzy']]);
    const misspelt = await search(oz.world.worldId, oz.owner.headers, 'q=Dorthy');
    expect(misspelt.json<WorldSearchResponse>().data[0]).toMatchObject({ name: { text: 'Dorothy Gale', highlights: [] }, match: 'fuzzy' });
    const prefix = await search(oz.world.worldId, oz.owner.headers, 'q=Doro');
    const names = prefix.json<WorldSearchResponse>().data.map((hit) => [hit.name.text, hit.match]);
    expect(names[0]).toEqual(['Dorothy Gale', 'prefix']);
    expect(names).toContainEqual(['Scarecrow', 'text']);
  });

  it('pages through the hits with exact totals', async () => {
    const oz = await buildOz();
    const first = (await search(oz.world.worldId, oz.owner.headers, 'q=golden&limit=3')).json<WorldSearchResponse>();
    const second = (await search(oz.world.worldId, oz.owner.headers, 'q=golden&limit=3&page=2')).json<WorldSearchResponse>();
    const beyond = (await search(oz.world.worldId, oz.owner.headers, 'q=golden&limit=3&page=9')).json<WorldSearchResponse>();
    expect(first.data).toHaveLength(3);
    expect(second.data.map((hit) => hit.name.text)).toEqual(['Get home to Kansas']);
    expect(second.pagination).toMatchObject({ currentPage: 2, totalPages: 2, totalItems: 4 });
    expect(beyond).toMatchObject({ data: [], pagination: { totalItems: 4, currentPage: 9 } });
  });

  it('treats wildcards, quotes and short queries as plain text', async () => {
    const oz = await buildOz();
    await createItem(t.app, { world: oz.world, owner: oz.owner, name: '50% off "coupon"' });
    const percent = (await search(oz.world.worldId, oz.owner.headers, `q=${encodeURIComponent('50%')}`)).json<WorldSearchResponse>();
    expect(percent.data.map((hit) => hit.name.text)).toEqual(['50% off "coupon"']);
    const quote = (await search(oz.world.worldId, oz.owner.headers, `q=${encodeURIComponent('"coupon"')}`)).json<WorldSearchResponse>();
    expect(quote.data.map((hit) => hit.name.text)).toEqual(['50% off "coupon"']);
    const short = (await search(oz.world.worldId, oz.owner.headers, 'q=mA')).json<WorldSearchResponse>();
    expect(short.data.map((hit) => hit.name.text)).toEqual(['Map of Oz']);
    // One or two characters find the start of names only, not every text that holds them.
    const ka = (await search(oz.world.worldId, oz.owner.headers, 'q=ka')).json<WorldSearchResponse>();
    expect(ka.data).toEqual([]);
  });

  it('answers 400 for a missing or too long query, and 404 for a world that is not yours', async () => {
    const oz = await buildOz();
    const missing = await search(oz.world.worldId, oz.owner.headers, 'q=%20%20');
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorResponse>().message).toContain('q is required.');
    const long = await search(oz.world.worldId, oz.owner.headers, `q=${'a'.repeat(201)}`);
    expect(long.statusCode).toBe(400);
    const stranger = await createUser(t.app);
    const foreign = await search(oz.world.worldId, stranger.headers, 'q=golden');
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('Golden');
  });

  it("never returns another world's entities", async () => {
    const oz = await buildOz();
    const { world: other, owner } = await createWorld(t.app, { owner: oz.owner, name: 'Elsewhere' });
    await createItem(t.app, { world: other, owner, name: 'Golden Fleece' });
    const body = (await search(oz.world.worldId, oz.owner.headers, 'q=golden')).json<WorldSearchResponse>();
    expect(body.data.map((hit) => hit.name.text)).not.toContain('Golden Fleece');
  });
});
