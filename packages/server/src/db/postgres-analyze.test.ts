import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DIALECTS, TEST_DATABASE_URL } from '../../test/dialects.js';
import { connectDatabase } from './connect.js';

describe.runIf(DIALECTS.includes('postgres'))('planner statistics on PostgreSQL', () => {
  it('analyzes a freshly filled table at optimize, and leaves analyzed tables alone', async () => {
    const schema = `analyze_${crypto.randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    const handle = connectDatabase({ databaseUrl: TEST_DATABASE_URL, sqliteFile: '', postgresSchema: schema });
    try {
      await admin.query(`create schema ${schema}`);
      await admin.query(`create table ${schema}.filled (id int primary key, name text)`);
      await admin.query(`create table ${schema}.empty (id int primary key)`);
      await admin.query(`insert into ${schema}.filled select i, 'name ' || i from generate_series(1, 2000) i`);
      // A session reports its changes to the statistics when it ends.
      await admin.end();
      const watcher = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await watcher.connect();
      const stats = async () =>
        (
          await watcher.query<{ relname: string; analyzed: boolean; modified: string }>(
            `select relname, last_analyze is not null as analyzed, n_mod_since_analyze::text as modified
               from pg_stat_user_tables where schemaname = $1 order by relname`,
            [schema],
          )
        ).rows;
      try {
        for (let tries = 0; tries < 50 && (await stats()).find((row) => row.relname === 'filled')?.modified !== '2000'; tries += 1) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          await watcher.query('select pg_stat_clear_snapshot()');
        }
        await handle.optimize();
        await watcher.query('select pg_stat_clear_snapshot()');
        expect(await stats()).toEqual([
          { relname: 'empty', analyzed: false, modified: '0' },
          { relname: 'filled', analyzed: true, modified: '0' },
        ]);
        const planned = await watcher.query<{ estimate: string }>(
          `select reltuples::bigint::text as estimate from pg_class where oid = '${schema}.filled'::regclass`,
        );
        expect(planned.rows[0]?.estimate).toBe('2000');
      } finally {
        await watcher.query(`drop schema ${schema} cascade`);
        await watcher.end();
      }
    } finally {
      await handle.destroy();
    }
  });
});
