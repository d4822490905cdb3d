import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type TestApp, buildTestApp } from '../../test/app.js';
import { createCharacter } from '../../test/factories/character.js';
import { refreshChangeTriggers } from './migrations/2026_11_25_110000_create_world_change.js';

describe('the SQLite change triggers after a column is added', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it("record the new column in a change's row once refreshChangeTriggers ran", async () => {
    await sql`alter table "character" add column nickname text`.execute(t.app.db);
    await refreshChangeTriggers(t.app.db);
    const { character, world } = await createCharacter(t.app, { name: 'Cowardly Lion' });
    await sql`update "character" set nickname = 'Lion' where id = ${character.characterId}`.execute(t.app.db);
    const rows = await t.app.db
      .selectFrom('world_change')
      .select(['action', 'after'])
      .where('world_id', '=', world.worldId)
      .where('entity_id', '=', character.characterId)
      .orderBy('sequence')
      .execute();
    expect(rows.map((row) => row.action)).toEqual(['created', 'updated']);
    expect(JSON.parse(rows[1]!.after ?? '{}')).toMatchObject({ name: 'Cowardly Lion', nickname: 'Lion' });
  });
});
