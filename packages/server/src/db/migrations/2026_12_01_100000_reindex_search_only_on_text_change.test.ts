import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from '../../../test/app.js';
import { DIALECTS } from '../../../test/dialects.js';
import { createCharacter } from '../../../test/factories/character.js';
import { createItem } from '../../../test/factories/item.js';
import { down, up } from './2026_12_01_100000_reindex_search_only_on_text_change.js';

/**
 * SQLite's FTS5 search indexes (PostgreSQL's trigram indexes keep themselves, and the migration leaves them alone):
 * an edit through the API that keeps an entity's name and description writes nothing to them, and one that changes
 * the text leaves them finding the new text and not the old.
 */
describe.runIf(DIALECTS.includes('sqlite'))('search indexes rewritten only when their text changes, on sqlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  /** Every block of an FTS5 table's segments and structure, as `id:length`: unchanged when nothing was written. */
  const blocks = async (fts: string): Promise<string> => {
    const { rows } = await sql<{ blocks: string | null }>`
      select group_concat(id || ':' || length(block), ',') as blocks from (select id, block from ${sql.table(`${fts}_data`)} order by id)
    `.execute(t.app.db);
    return rows[0]?.blocks ?? '';
  };
  /** The ids of the entities of `table` whose indexed text matches `text` in `fts`. */
  const matching = async (table: string, fts: string, text: string): Promise<string[]> => {
    const { rows } = await sql<{ id: string }>`
      select ${sql.ref(`${table}.id`)} as id from ${sql.table(fts)}
      join ${sql.table(table)} on ${sql.ref(`${table}.rowid`)} = ${sql.ref(`${fts}.rowid`)}
      where ${sql.table(fts)} match ${`"${text}"`}
    `.execute(t.app.db);
    return rows.map((row) => row.id).sort();
  };
  /** Replaces an entity through the API (PUT without If-Match) and returns the answer's status. */
  const replace = async (url: string, headers: Record<string, string>, payload: Record<string, unknown>): Promise<number> =>
    (await t.app.inject({ method: 'PUT', url, headers, payload })).statusCode;

  it('leaves the indexes untouched when an edit keeps the text, and finds the new text after a rename', async () => {
    const { character, world, owner } = await createCharacter(t.app, { name: 'Dorothy Gale', description: 'A farm girl from Kansas' });
    const url = `/api/worlds/${world.worldId}/characters/${character.characterId}`;
    const before = [await blocks('character_fts'), await blocks('character_name_fts')];

    const moved = await replace(url, owner.headers, {
      name: 'Dorothy Gale',
      description: 'A farm girl from Kansas',
      attributes: { courage: 9 },
    });
    expect(moved).toBe(200);
    expect([await blocks('character_fts'), await blocks('character_name_fts')]).toEqual(before);
    expect(await matching('character', 'character_fts', 'Kansas')).toEqual([character.characterId]);

    const renamed = await replace(url, owner.headers, {
      name: 'Ozma of Oz',
      description: 'Ruler of the Emerald City',
      attributes: { courage: 9 },
    });
    expect(renamed).toBe(200);
    expect(await matching('character', 'character_fts', 'Emerald')).toEqual([character.characterId]);
    expect(await matching('character', 'character_fts', 'Kansas')).toEqual([]);
    expect(await matching('character', 'character_name_fts', 'Ozma')).toEqual([character.characterId]);
    expect(await matching('character', 'character_name_fts', 'Dorothy')).toEqual([]);
  });

  it('rewrites a description-only change in the full index and leaves the names-only index alone', async () => {
    const { item, world, owner } = await createItem(t.app, { name: 'Silver Shoes', description: 'Worn by the Witch of the East' });
    const names = await blocks('item_name_fts');
    const edited = await replace(`/api/worlds/${world.worldId}/items/${item.itemId}`, owner.headers, {
      name: 'Silver Shoes',
      description: 'They carry their wearer anywhere in three steps',
    });
    expect(edited).toBe(200);
    expect(await blocks('item_name_fts')).toBe(names);
    expect(await matching('item', 'item_fts', 'wearer')).toEqual([item.itemId]);
    expect(await matching('item', 'item_fts', 'Witch')).toEqual([]);
  });

  it('gives every search index update trigger its condition, and takes it away again when rolled back', async () => {
    const conditioned = async () => {
      const { rows } = await sql<{ name: string; sql: string }>`
        select name, sql from sqlite_master where type = 'trigger' and name like '%fts_au' order by name
      `.execute(t.app.db);
      return rows.map((row) => [row.name, row.sql.includes('when old.')]);
    };
    const now = await conditioned();
    expect(now.length).toBeGreaterThanOrEqual(20);
    expect(now.every(([, when]) => when)).toBe(true);
    await down(t.app.db);
    expect((await conditioned()).every(([, when]) => !when)).toBe(true);
    await up(t.app.db);
    expect(await conditioned()).toEqual(now);
  });
});
