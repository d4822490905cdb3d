/**
 * Statements planned for their values (db/planned-for-values.ts), on a real PostgreSQL through the app's pool: a
 * statement carrying the mark is planned for each run's values, where the connection otherwise keeps one generic
 * plan per statement, and the statements after it keep theirs, after a rollback too.
 */
import crypto from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, TEST_DATABASE_URL } from '../../test/dialects.js';
import { connectDatabase } from './connect.js';
import type { Database } from './database.js';
import { plannedForValues } from './planned-for-values.js';

/** Generic and custom plans PostgreSQL made so far for this connection's named statements matching `like`. */
async function plansOf(db: Kysely<Database>, like: string): Promise<Array<{ generic: number; custom: number }>> {
  const { rows } = await sql<{ generic: number; custom: number }>`
    select generic_plans::int as generic, custom_plans::int as custom
    from pg_prepared_statements where statement like ${like} order by prepare_time`.execute(db);
  return rows;
}

describe.runIf(DIALECTS.includes('postgres'))('statements planned for their values on PostgreSQL', () => {
  it("plans a marked statement for each run's values, and leaves the others their kept plans", async () => {
    const schema = `valued_${crypto.randomBytes(4).toString('hex')}`;
    const handle = connectDatabase({ databaseUrl: TEST_DATABASE_URL, sqliteFile: '', postgresSchema: schema });
    try {
      // One pool connection throughout, so the plans counted are the ones of the connection that ran them.
      await handle.db.connection().execute(async (db) => {
        await sql`create schema ${sql.id(schema)}`.execute(db);
        await sql`create table named_row (world_id text not null, name text not null, id int primary key)`.execute(db);
        await sql`create index named_row_world_name on named_row (world_id, name)`.execute(db);
        // One world of 20,000 rows beside 100 worlds of 10: a generic plan takes every world for the average.
        await sql`insert into named_row select case when i <= 20000 then 'large' else 'small ' || (i % 100) end,
          'name ' || i, i from generate_series(1, 21000) i`.execute(db);
        await sql`analyze named_row`.execute(db);
        const count = async (world: string, marked: boolean) => {
          const named = sql`name like ${'name 2%'}`;
          const { rows } = await sql<{ found: number }>`select count(*)::int as found from named_row
            where world_id = ${world} and ${marked ? plannedForValues(db, named) : named}`.execute(db);
          return rows[0]?.found;
        };
        const counts: Array<number | undefined> = [];
        // Marked and kept statements in turn on the one connection, so each switches the planning back and forth.
        for (let run = 0; run < 8; run += 1) {
          const world = run % 2 === 0 ? 'large' : 'small 1';
          counts.push(await count(world, true), await count(world, false));
        }
        expect(counts).toEqual([1112, 1112, 10, 10, 1112, 1112, 10, 10, 1112, 1112, 10, 10, 1112, 1112, 10, 10]);
        expect(await plansOf(db, '%planned for its values%')).toEqual([{ generic: 0, custom: 8 }]);
        expect(await plansOf(db, '%named_row%world_id = $1 and name like%')).toEqual([{ generic: 8, custom: 0 }]);
        // A rollback undoes a switch made inside its transaction: the next marked statement is switched again.
        await sql`begin`.execute(db);
        await count('large', true);
        await sql`rollback`.execute(db);
        await count('large', true);
        expect(await plansOf(db, '%planned for its values%')).toEqual([{ generic: 0, custom: 10 }]);
        await count('small 1', false);
        expect(await plansOf(db, '%named_row%world_id = $1 and name like%')).toEqual([{ generic: 9, custom: 0 }]);
        const mode = await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(db);
        expect(mode.rows).toEqual([{ mode: 'force_generic_plan' }]);
      });
    } finally {
      await handle.db.connection().execute(async (db) => sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db));
      await handle.destroy();
    }
  });
});
