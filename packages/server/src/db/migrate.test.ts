import crypto from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DIALECTS, TEST_DATABASE_URL } from '../../test/dialects.js';
import { connectDatabase } from './connect.js';
import { migrateToLatest } from './migrate.js';

const onPostgres = DIALECTS.includes('postgres');

/** Creates and drops schemas full of tables in a loop until `stop()`, as other instances or tenants would. */
function churnCatalog(): { stop: () => Promise<void> } {
  const stopping = new AbortController();
  const done = (async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await client.connect();
    try {
      while (!stopping.signal.aborted) {
        const schema = `churn_${crypto.randomBytes(4).toString('hex')}`;
        await client.query(`create schema ${schema}`);
        for (let table = 0; table < 10; table += 1) {
          await client.query(`create table ${schema}.t${table} (id serial primary key, a text, b text)`);
        }
        await client.query(`drop schema ${schema} cascade`);
      }
    } finally {
      await client.end();
    }
  })();
  return {
    stop: async () => {
      stopping.abort();
      await done;
    },
  };
}

describe.runIf(onPostgres)('migrations on PostgreSQL while other sessions change the catalog', () => {
  it('migrates a fresh schema every time, although tables elsewhere come and go meanwhile', async () => {
    const churners = [churnCatalog(), churnCatalog()];
    const failures: string[] = [];
    try {
      for (let run = 0; run < 12; run += 1) {
        const schema = `migrate_${crypto.randomBytes(4).toString('hex')}`;
        const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await admin.connect();
        await admin.query(`create schema ${schema}`);
        const handle = connectDatabase({ databaseUrl: TEST_DATABASE_URL, sqliteFile: '', postgresSchema: schema, poolSize: 2 });
        try {
          await migrateToLatest(handle);
          const world = await handle.db.selectFrom('world').select('content_version').execute();
          expect(world).toEqual([]);
        } catch (error) {
          failures.push(String(error));
        } finally {
          await handle.destroy();
          await admin.query(`drop schema ${schema} cascade`);
          await admin.end();
        }
      }
    } finally {
      await Promise.all(churners.map((churner) => churner.stop()));
    }
    expect(failures).toEqual([]);
    // Twelve full migrations of a fresh schema: the time they take grows with every migration added, and is
    // not what this test checks (a migration that failed is).
  }, 180_000);
});
