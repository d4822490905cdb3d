/**
 * Statements planned for their values (db/planned-for-values.ts), on a real PostgreSQL: inside plannedForValues a
 * statement is planned for each run's values, where the connection otherwise keeps one generic plan, so a large
 * world is read through the index that suits its size; the connection keeps its setting afterwards.
 */
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DIALECTS, TEST_DATABASE_URL } from '../../test/dialects.js';
import { connectDatabase } from './connect.js';
import { plannedForValues } from './planned-for-values.js';

describe.runIf(DIALECTS.includes('postgres'))('statements planned for their values on PostgreSQL', () => {
  it("plans each run for its world, and leaves the connection's kept plans as they were", async () => {
    const schema = `valued_${crypto.randomBytes(4).toString('hex')}`;
    const handle = connectDatabase({ databaseUrl: TEST_DATABASE_URL, sqliteFile: '', postgresSchema: schema });
    // One pool connection, so the statement counts below are the ones of the connection that ran it.
    try {
      await handle.db.connection().execute(async (db) => {
        await sql`create schema ${sql.id(schema)}`.execute(db);
        await sql`create table named_row (world_id text not null, name text not null, id int primary key)`.execute(db);
        await sql`create index named_row_world_name on named_row (world_id, name)`.execute(db);
        // One world of 20,000 rows beside 100 worlds of 10: a generic plan takes every world for the average.
        await sql`insert into named_row select case when i <= 20000 then 'large' else 'small ' || (i % 100) end,
          'name ' || i, i from generate_series(1, 21000) i`.execute(db);
        await sql`analyze named_row`.execute(db);
        const found = (world: string) =>
          sql<{ found: number }>`select count(*)::int as found from named_row where world_id = ${world} and name like ${'name 2%'}`;
        const counts = await plannedForValues(db, async (valued) => {
          const runs: number[] = [];
          for (let run = 0; run < 8; run += 1)
            runs.push((await found(run % 2 === 0 ? 'large' : 'small 1').execute(valued)).rows[0]?.found ?? -1);
          const plans = await sql<{ generic: number; custom: number }>`
            select generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where statement like '%from named_row where world_id%'`.execute(valued);
          const mode = await sql<{ mode: string }>`select current_setting('plan_cache_mode') as mode`.execute(valued);
          return { runs, plans: plans.rows, mode: mode.rows[0]?.mode };
        });
        expect(counts.runs).toEqual([1112, 10, 1112, 10, 1112, 10, 1112, 10]);
        expect(counts.plans).toEqual([{ generic: 0, custom: 8 }]);
        expect(counts.mode).toBe('force_custom_plan');
        // After it, the same statement on the same connection is planned once for any values again.
        await found('large').execute(db);
        const after = await sql<{ generic: number; mode: string }>`
          select generic_plans::int as generic, current_setting('plan_cache_mode') as mode
          from pg_prepared_statements where statement like '%from named_row where world_id%'`.execute(db);
        expect(after.rows).toEqual([{ generic: 1, mode: 'force_generic_plan' }]);
      });
    } finally {
      await handle.db.connection().execute(async (db) => sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db));
      await handle.destroy();
    }
  });
});
