import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, TEST_DATABASE_URL } from '../../test/dialects.js';
import { connectDatabase } from './connect.js';

describe.runIf(DIALECTS.includes('postgres'))('statements on PostgreSQL', () => {
  it('plans a page statement once per connection, whatever world and page its values ask for', async () => {
    const schema = `plans_${crypto.randomBytes(4).toString('hex')}`;
    const handle = connectDatabase({ databaseUrl: TEST_DATABASE_URL, sqliteFile: '', postgresSchema: schema });
    try {
      await handle.db.connection().execute(async (db) => {
        await sql`create schema ${sql.id(schema)}`.execute(db);
        await sql`create table page_row (world_id text not null, name text not null, id int primary key)`.execute(db);
        await sql`create index page_row_world_name on page_row (world_id, name, id)`.execute(db);
        await sql`insert into page_row select 'world ' || (i % 10), 'name ' || i, i from generate_series(1, 3000) i`.execute(db);
        await sql`analyze page_row`.execute(db);
        const pages: number[] = [];
        for (let page = 0; page < 12; page += 1) {
          const rows = await sql<{ id: number }>`select id from page_row where world_id = ${`world ${page % 10}`}
            order by name, id limit ${20} offset ${page * 20}`.execute(db);
          pages.push(rows.rows.length);
        }
        expect(pages).toEqual(Array.from({ length: 12 }, () => 20));
        // By default PostgreSQL plans the first five runs for their values, and goes on planning every run of a
        // statement whose generic plan it estimates dearer (a bound LIMIT does that to a characters page); the
        // connection keeps one plan for every run instead.
        const plans = await sql<{ generic: number; custom: number }>`
          select generic_plans::int as generic, custom_plans::int as custom
          from pg_prepared_statements where statement like '%from page_row where world_id%'`.execute(db);
        expect(plans.rows).toEqual([{ generic: 12, custom: 0 }]);
      });
    } finally {
      await handle.db.connection().execute(async (db) => sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db));
      await handle.destroy();
    }
  });
});
