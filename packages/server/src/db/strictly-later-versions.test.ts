import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type TestApp, buildTestApp } from '../../test/app.js';
import { createCharacter } from '../../test/factories/character.js';
import { createWorld } from '../../test/factories/world.js';
import { VERSIONED_TABLES } from './strictly-later-versions.js';

describe('the versions SQLite writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('are computed in the write for every table with a version trigger, so a new versioned table cannot be missed', async () => {
    const triggers = await sql<{ name: string; tbl_name: string }>`
      select name, tbl_name from sqlite_master where type = 'trigger' and name like '%_version_increases'`.execute(t.app.db);
    expect(triggers.rows.length).toBeGreaterThan(0);
    expect(triggers.rows.map((trigger) => trigger.name)).toEqual(triggers.rows.map((trigger) => `${trigger.tbl_name}_version_increases`));
    expect(new Set(triggers.rows.map((trigger) => trigger.tbl_name))).toEqual(VERSIONED_TABLES);
  });

  it('move a row written three times within one millisecond on by one millisecond a write, one change each', async () => {
    const { world, owner } = await createWorld(t.app, { name: 'Oz' });
    const { character } = await createCharacter(t.app, { world, owner, name: 'Glinda' });
    const instant = '2099-03-04T05:06:07.890Z';
    for (const name of ['Glinda the Good', 'Glinda of the South', 'Glinda the Sorceress']) {
      await t.app.db.updateTable('character').set({ name, updated_at: instant }).where('id', '=', character.characterId).execute();
    }
    const row = await t.app.db
      .selectFrom('character')
      .select('updated_at')
      .where('id', '=', character.characterId)
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe('2099-03-04T05:06:07.892Z');
    const changes = await t.app.db
      .selectFrom('world_change')
      .select('action')
      .where('entity_id', '=', character.characterId)
      .orderBy('sequence')
      .execute();
    expect(changes.map((change) => change.action)).toEqual(['created', 'updated', 'updated', 'updated']);
  });
});
