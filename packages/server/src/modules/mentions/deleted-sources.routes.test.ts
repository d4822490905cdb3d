import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKLINK_SOURCE_TYPES, type BacklinkSourceType, type BacklinksResponse, type DeletedEntityList } from '@loreforge/contract';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createWorld } from '../../../test/factories/world.js';
import type { TestUser } from '../../../test/factories/user.js';

/** A source made for a case: its type in the mention index, its id, and its own URL (for DELETE). */
interface Source {
  type: BacklinkSourceType;
  id: string;
  url: string;
}

/** The twelve kinds with a description, and the two whose GM notes are their only rich text. */
const GM_NOTES_ONLY: BacklinkSourceType[] = ['inventoryItem', 'questObjective'];

/** The entity type history names each source type by. */
const HISTORY_TYPE: Partial<Record<BacklinkSourceType, string>> = { inventoryItem: 'inventoryEntry', questObjective: 'objective' };

/**
 * Deleting a source of mentions (issue "Linked lore", docs/rich-text.md "Backlinks"), on its own or with what it
 * belongs to, takes its rows out of both mention indexes and its entry out of "Mentioned in"; restoring it from
 * history brings both back.
 */
describe.each(DIALECTS)('mentions of deleted sources on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { webhookPollMs: 0 });
  });
  afterAll(async () => t.close());

  /** A world with Dorothy, whom every source made by `make` mentions in its text and its GM notes. */
  async function buildOz() {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const base = `/api/worlds/${world.worldId}`;
    /** Creates through POST and answers the new entity's id (the answer's `idKey`). */
    const post = async (path: string, payload: object, idKey: string): Promise<string> => {
      const response = await t.app.inject({ method: 'POST', url: `${base}${path}`, headers: owner.headers, payload });
      expect(response.statusCode, `${path}: ${response.body}`).toBe(201);
      const id = response.json<Record<string, unknown>>()[idKey];
      if (typeof id !== 'string') throw new Error(`${path} answered no ${idKey}`);
      return id;
    };
    const dorothy = await post('/characters', { name: 'Dorothy' }, 'characterId');
    const mention = `<span data-type="mention" data-entity-type="character" data-id="${dorothy}">Dorothy</span>`;
    const rich = { descriptionHtml: `<p>Told by ${mention}</p>`, gmNotesHtml: `<p>Secretly ${mention}</p>` };
    const gmOnly = { gmNotesHtml: rich.gmNotesHtml };

    /** Plain entities the sources belong to (they mention nobody). */
    const plain = {
      character: async (name: string) => await post('/characters', { name }, 'characterId'),
      item: async (name: string) => await post('/items', { name }, 'itemId'),
      quest: async (name: string) => await post('/quests', { name }, 'questId'),
      map: async (name: string) => await post('/maps', { name }, 'mapId'),
      timeline: async (name: string) => await post('/timelines', { name, currentDateTime: '2026-06-01T00:00:00.000Z' }, 'timelineId'),
    };

    /** Sources of each kind, mentioning Dorothy, under the given parents (made plain when not given). */
    const make = {
      character: async (): Promise<Source> => {
        const id = await post('/characters', { name: 'Scarecrow', ...rich }, 'characterId');
        return { type: 'character', id, url: `${base}/characters/${id}` };
      },
      item: async (): Promise<Source> => {
        const id = await post('/items', { name: 'Silver Shoes', ...rich }, 'itemId');
        return { type: 'item', id, url: `${base}/items/${id}` };
      },
      inventoryItem: async (holder?: string, held?: string): Promise<Source> => {
        const characterId = holder ?? (await plain.character('Tin Woodman'));
        const itemId = held ?? (await plain.item('Oil Can'));
        const id = await post(`/characters/${characterId}/inventory`, { itemId, ...gmOnly }, 'inventoryItemId');
        return { type: 'inventoryItem', id, url: `${base}/characters/${characterId}/inventory/${id}` };
      },
      goal: async (owner?: string): Promise<Source> => {
        const characterId = owner ?? (await plain.character('Lion'));
        const body = { title: 'Find courage', description: 'plain', goalType: 'Primary', status: 'Pending', ...rich };
        const id = await post(`/characters/${characterId}/goals`, body, 'goalId');
        return { type: 'goal', id, url: `${base}/goals/${id}` };
      },
      relationship: async (from?: string, to?: string): Promise<Source> => {
        const characterId = from ?? (await plain.character('Glinda'));
        const targetCharacterId = to ?? (await plain.character('Ozma'));
        const body = { targetCharacterId, relationshipType: 'friend', ...rich };
        const id = await post(`/characters/${characterId}/relationships`, body, 'relationshipId');
        return { type: 'relationship', id, url: `${base}/characters/${characterId}/relationships/${id}` };
      },
      timeline: async (): Promise<Source> => {
        const body = { name: 'The Return', currentDateTime: '2026-06-01T00:00:00.000Z', ...rich };
        const id = await post('/timelines', body, 'timelineId');
        return { type: 'timeline', id, url: `${base}/timelines/${id}` };
      },
      event: async (): Promise<Source> => {
        const timelineId = await plain.timeline('The Journey');
        const body = { name: 'Cyclone', dateTime: '2026-03-01T00:00:00.000Z', timelineId, ...rich };
        const id = await post('/events', body, 'eventId');
        return { type: 'event', id, url: `${base}/events/${id}` };
      },
      map: async (): Promise<Source> => {
        const id = await post('/maps', { name: 'Munchkin Country', ...rich }, 'mapId');
        return { type: 'map', id, url: `${base}/maps/${id}` };
      },
      mapPoint: async (on?: string): Promise<Source> => {
        const mapId = on ?? (await plain.map('Gillikin Country'));
        const id = await post(`/maps/${mapId}/points`, { name: 'Crossroads', x: 2, y: 2, ...rich }, 'pointId');
        return { type: 'mapPoint', id, url: `${base}/maps/${mapId}/points/${id}` };
      },
      mapArea: async (on?: string): Promise<Source> => {
        const mapId = on ?? (await plain.map('Winkie Country'));
        const polygon = [
          [0, 0],
          [5, 0],
          [0, 5],
        ];
        const id = await post(`/maps/${mapId}/areas`, { name: 'Poppy Field', polygon, ...rich }, 'areaId');
        return { type: 'mapArea', id, url: `${base}/maps/${mapId}/areas/${id}` };
      },
      quest: async (): Promise<Source> => {
        const id = await post('/quests', { name: 'Reach the city', ...rich }, 'questId');
        return { type: 'quest', id, url: `${base}/quests/${id}` };
      },
      questObjective: async (of?: string): Promise<Source> => {
        const questId = of ?? (await plain.quest('Kill the Witch'));
        const id = await post(`/quests/${questId}/objectives`, { description: 'Bring the broom', ...gmOnly }, 'objectiveId');
        return { type: 'questObjective', id, url: `${base}/quests/${questId}/objectives/${id}` };
      },
      connection: async (ends?: { sourceType: string; sourceId: string; targetType: string; targetId: string }): Promise<Source> => {
        const between = ends ?? {
          sourceType: 'item',
          sourceId: await plain.item('Golden Cap'),
          targetType: 'quest',
          targetId: await plain.quest('Free the monkeys'),
        };
        const id = await post('/connections', { ...between, connectionType: 'leads to', ...rich }, 'connectionId');
        return { type: 'connection', id, url: `${base}/connections/${id}` };
      },
    };
    return { world, owner, base, dorothy, make, plain };
  }

  /** Who mentions Dorothy, as her "Mentioned in" answers it to the owner: `type:id`, sorted. */
  async function mentionedIn(base: string, dorothy: string, owner: TestUser): Promise<string[]> {
    const response = await t.app.inject({ url: `${base}/characters/${dorothy}/backlinks`, headers: owner.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json<BacklinksResponse>()
      .data.map((link) => `${link.type}:${link.id}`)
      .sort();
  }

  /** The rows both mention indexes hold for these sources: `index type:id`, sorted. */
  async function indexRows(sources: Source[]): Promise<string[]> {
    const ids = sources.map((source) => source.id);
    const rows: string[] = [];
    for (const index of ['mention', 'gm_notes_mention'] as const) {
      const found = await t.app.db.selectFrom(index).select(['source_type', 'source_id']).where('source_id', 'in', ids).execute();
      rows.push(...found.map((row) => `${index} ${row.source_type}:${row.source_id}`));
    }
    return rows.sort();
  }

  /** What the indexes hold for sources that mention Dorothy once in their text (if any) and once in their GM notes. */
  const expectedRows = (sources: Source[]): string[] =>
    sources
      .flatMap((source) => [
        ...(GM_NOTES_ONLY.includes(source.type) ? [] : [`mention ${source.type}:${source.id}`]),
        `gm_notes_mention ${source.type}:${source.id}`,
      ])
      .sort();

  const keys = (sources: Source[]): string[] => sources.map((source) => `${source.type}:${source.id}`).sort();

  async function remove(url: string, owner: TestUser): Promise<void> {
    const response = await t.app.inject({ method: 'DELETE', url, headers: owner.headers });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(204);
  }

  /** Every kind of source but the world (whose deletion is its own case below). */
  const KINDS = BACKLINK_SOURCE_TYPES.filter((kind): kind is Exclude<BacklinkSourceType, 'world'> => kind !== 'world');

  it.each(KINDS)('deleting a %s takes its rows and its backlink away, and restoring it brings them back', async (kind) => {
    const oz = await buildOz();
    const source = await oz.make[kind]();
    expect(await mentionedIn(oz.base, oz.dorothy, oz.owner)).toEqual(keys([source]));
    expect(await indexRows([source])).toEqual(expectedRows([source]));

    await remove(source.url, oz.owner);
    expect(await mentionedIn(oz.base, oz.dorothy, oz.owner)).toEqual([]);
    expect(await indexRows([source])).toEqual([]);

    const deleted = await t.app.inject({ url: `${oz.base}/history/deleted`, headers: oz.owner.headers });
    const entry = deleted.json<DeletedEntityList>().data.find((one) => one.entityId === source.id);
    const historyType = HISTORY_TYPE[kind] ?? kind;
    const restored = await t.app.inject({
      method: 'POST',
      url: `${oz.base}/history/${historyType}/${source.id}/${entry?.sequence}/restore`,
      headers: oz.owner.headers,
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await mentionedIn(oz.base, oz.dorothy, oz.owner)).toEqual(keys([source]));
    expect(await indexRows([source])).toEqual(expectedRows([source]));
  });

  it('deleting a character takes the rows of its inventory, goals and relationships (both ways) with its own', async () => {
    const oz = await buildOz();
    const scarecrow = await oz.make.character();
    const other = await oz.plain.character('Tin Woodman');
    const sources = [
      scarecrow,
      await oz.make.inventoryItem(scarecrow.id),
      await oz.make.goal(scarecrow.id),
      await oz.make.relationship(scarecrow.id, other),
      await oz.make.relationship(other, scarecrow.id),
      await oz.make.connection({ sourceType: 'character', sourceId: scarecrow.id, targetType: 'character', targetId: other }),
    ];
    const kept = await oz.make.relationship(other, oz.dorothy);
    expect(await indexRows(sources)).toEqual(expectedRows(sources));

    await remove(scarecrow.url, oz.owner);
    expect(await mentionedIn(oz.base, oz.dorothy, oz.owner)).toEqual(keys([kept]));
    expect(await indexRows(sources)).toEqual([]);
    expect(await indexRows([kept])).toEqual(expectedRows([kept]));
  });

  it('deleting an item takes the rows of the inventory entries holding it and of its connections', async () => {
    const oz = await buildOz();
    const shoes = await oz.make.item();
    const sources = [
      shoes,
      await oz.make.inventoryItem(undefined, shoes.id),
      await oz.make.connection({ sourceType: 'quest', sourceId: await oz.plain.quest('Go home'), targetType: 'item', targetId: shoes.id }),
    ];
    expect(await indexRows(sources)).toEqual(expectedRows(sources));

    await remove(shoes.url, oz.owner);
    expect(await mentionedIn(oz.base, oz.dorothy, oz.owner)).toEqual([]);
    expect(await indexRows(sources)).toEqual([]);
  });

  it('deleting a quest takes the rows of its objectives', async () => {
    const oz = await buildOz();
    const quest = await oz.make.quest();
    const sources = [quest, await oz.make.questObjective(quest.id), await oz.make.questObjective(quest.id)];
    expect(await indexRows(sources)).toEqual(expectedRows(sources));

    await remove(quest.url, oz.owner);
    expect(await mentionedIn(oz.base, oz.dorothy, oz.owner)).toEqual([]);
    expect(await indexRows(sources)).toEqual([]);
  });

  it('deleting a map takes the rows of its points and areas', async () => {
    const oz = await buildOz();
    const map = await oz.make.map();
    const sources = [map, await oz.make.mapPoint(map.id), await oz.make.mapArea(map.id)];
    expect(await indexRows(sources)).toEqual(expectedRows(sources));

    await remove(map.url, oz.owner);
    expect(await mentionedIn(oz.base, oz.dorothy, oz.owner)).toEqual([]);
    expect(await indexRows(sources)).toEqual([]);
  });

  it('deleting a world takes every row of both indexes that belongs to it, and leaves other worlds alone', async () => {
    const oz = await buildOz();
    const elsewhere = await buildOz();
    const kept = await elsewhere.make.character();
    await t.app.inject({
      method: 'PUT',
      url: oz.base,
      headers: oz.owner.headers,
      payload: {
        name: 'Oz',
        descriptionHtml: `<p>Home of <span data-type="mention" data-entity-type="character" data-id="${oz.dorothy}">Dorothy</span></p>`,
      },
    });
    const sources: Source[] = [];
    for (const kind of KINDS) sources.push(await oz.make[kind]());
    const countRows = async (worldId: string) => {
      let count = 0;
      for (const index of ['mention', 'gm_notes_mention'] as const) {
        const rows = await t.app.db.selectFrom(index).select('source_id').where('world_id', '=', worldId).execute();
        count += rows.length;
      }
      return count;
    };
    // The world's own mention, and each source's.
    expect(await countRows(oz.world.worldId)).toBe(1 + expectedRows(sources).length);

    await remove(oz.base, oz.owner);
    expect(await countRows(oz.world.worldId)).toBe(0);
    expect(await indexRows(sources)).toEqual([]);
    expect((await t.app.inject({ url: `${oz.base}/characters/${oz.dorothy}/backlinks`, headers: oz.owner.headers })).statusCode).toBe(404);
    expect(await mentionedIn(elsewhere.base, elsewhere.dorothy, elsewhere.owner)).toEqual(keys([kept]));
    expect(await indexRows([kept])).toEqual(expectedRows([kept]));
  });
});
