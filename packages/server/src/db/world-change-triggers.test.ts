import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { type TestApp, buildTestApp } from '../../test/app.js';
import { createCharacter } from '../../test/factories/character.js';
import { CHANGE_ENTITY_TYPES, refreshChangeTriggers } from './migrations/2026_11_25_110000_create_world_change.js';

describe('the SQLite change triggers after a column is added', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => t.close());

  it('name every column of every recorded table on a freshly migrated database, so no migration can forget to rebuild them', async () => {
    const triggers = await sql<{ tbl_name: string; sql: string }>`select tbl_name, sql from sqlite_master where type = 'trigger'`.execute(
      t.app.db,
    );
    const missing: string[] = [];
    for (const table of Object.keys(CHANGE_ENTITY_TYPES)) {
      const columns = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(t.app.db);
      const recording = triggers.rows.filter((trigger) => trigger.tbl_name === table && trigger.sql.includes('world_change'));
      expect(recording.length, `the triggers of ${table}`).toBeGreaterThan(0);
      for (const { name } of columns.rows) {
        if (!recording.some((trigger) => trigger.sql.includes(`'${name}'`))) missing.push(`${table}.${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('record the columns later migrations added (rich text, calendar authors) on a freshly migrated database', async () => {
    const { character, world, owner } = await createCharacter(t.app, { name: 'Scarecrow' });
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/worlds/${world.worldId}/characters/${character.characterId}`,
      headers: owner.headers,
      payload: { name: 'Scarecrow', descriptionHtml: '<p>Wants <strong>brains</strong>.</p>', attributes: {} },
    });
    expect(put.statusCode).toBe(200);
    const updated = await t.app.db
      .selectFrom('world_change')
      .select('after')
      .where('entity_id', '=', character.characterId)
      .where('action', '=', 'updated')
      .orderBy('sequence', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(updated.after ?? '{}')).toMatchObject({ description_html: '<p>Wants <strong>brains</strong>.</p>' });
    const calendar = await t.app.inject({
      method: 'POST',
      url: `/api/worlds/${world.worldId}/calendars`,
      headers: owner.headers,
      payload: { preset: 'harptos' },
    });
    expect(calendar.statusCode).toBe(201);
    const created = await t.app.db
      .selectFrom('world_change')
      .select('after')
      .where('world_id', '=', world.worldId)
      .where('entity_type', '=', 'calendar')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(created.after ?? '{}')).toHaveProperty('created_by', owner.user.userId);
  });

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
    expect(JSON.parse(rows[1]?.after ?? '{}')).toMatchObject({ name: 'Cowardly Lion', nickname: 'Lion' });
  });
});
