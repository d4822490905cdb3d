/**
 * Statements SQLite prepares once (db/prepared-once.ts), on a real database file opened as the app opens it: a
 * bound LIMIT and a bound LIKE pattern are written as expressions and still limit and match as before, and the
 * planner's statistics keep `sqlite_stat1` without `sqlite_stat4`'s samples after the app refreshes them.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, connectDatabase } from './connect.js';
import { likeValue, limitValue } from './prepared-once.js';

interface Notes {
  note: { id: number; shelf: string; text: string };
}

describe('statements SQLite prepares once', () => {
  let dir: string;
  let handle: DatabaseHandle;
  let db: Kysely<Notes>;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-prepared-once-'));
    handle = connectDatabase({ databaseUrl: undefined, sqliteFile: path.join(dir, 'test.sqlite') });
    db = handle.db as unknown as Kysely<Notes>;
    await sql`create table note (id integer primary key, shelf text not null, text text not null)`.execute(db);
    await sql`create index note_shelf_idx on note (shelf, id)`.execute(db);
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: i + 1, shelf: i < 50 ? 'large' : `small-${i}`, text: `note ${i + 1}` }));
    await db.insertInto('note').values(rows).execute();
  });

  afterEach(async () => {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('compiles a bound LIMIT as an expression, and each run returns as many rows as its limit asks', async () => {
    const page = (limit: number, offset: number) =>
      db.selectFrom('note').select('id').where('shelf', '=', 'large').orderBy('id').limit(limit).offset(offset);

    expect(page(3, 0).compile().sql).toContain('limit (? + 0) offset ?');
    expect((await page(3, 0).execute()).map((row) => row.id)).toEqual([1, 2, 3]);
    expect((await page(5, 10).execute()).map((row) => row.id)).toEqual([11, 12, 13, 14, 15]);
    expect(await page(0, 0).execute()).toEqual([]);
    expect((await page(10, 45).execute()).map((row) => row.id)).toEqual([46, 47, 48, 49, 50]);
  });

  it('leaves a LIMIT written as SQL as it is', () => {
    const query = db.selectFrom('note').select('id').limit(sql.lit(7));
    expect(query.compile().sql).toMatch(/limit 7$/);
  });

  it('writes a LIMIT by hand the same way (limitValue)', async () => {
    const { rows } = await sql<{ id: number }>`select id from note order by id limit ${limitValue(2)} offset ${4}`.execute(db);
    expect(rows.map((row) => row.id)).toEqual([5, 6]);
  });

  it('binds a LIKE pattern as an expression that matches the same rows, wildcards and escapes included (likeValue)', async () => {
    await db.insertInto('note').values({ id: 61, shelf: 'large', text: 'a 50% share' }).execute();
    const matching = async (pattern: string) =>
      (await sql<{ id: number }>`select id from note where text like ${likeValue(pattern)} escape '\\' order by id`.execute(db)).rows.map(
        (row) => row.id,
      );

    expect(await matching('%note 5%')).toEqual([5, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59]);
    expect(await matching('%NOTE 60')).toEqual([60]);
    expect(await matching('%50\\%%')).toEqual([61]);
    expect(await matching('%missing%')).toEqual([]);
  });

  it('keeps the row counts of sqlite_stat1 and no samples in sqlite_stat4 after the statistics are refreshed', async () => {
    await sql`analyze`.execute(db);
    const samples = async () => Number((await sql<{ n: number }>`select count(*) as n from sqlite_stat4`.execute(db)).rows[0]?.n);
    expect(await samples()).toBeGreaterThan(0);

    await handle.optimize();

    expect(await samples()).toBe(0);
    const { rows } = await sql<{ idx: string; stat: string }>`select idx, stat from sqlite_stat1 where tbl = 'note'`.execute(db);
    expect(rows).toContainEqual({ idx: 'note_shelf_idx', stat: '60 6 1' });
    const plan = await sql<{ detail: string }>`explain query plan select id from note where shelf = ${'large'} order by id`.execute(db);
    expect(plan.rows.map((row) => row.detail).join(' ')).toContain('USING COVERING INDEX note_shelf_idx');
  });

  it('refreshes the statistics of a database ANALYZE never ran on', async () => {
    await expect(handle.optimize()).resolves.toBeUndefined();
    await expect(db.selectFrom('note').select('id').limit(1).execute()).resolves.toEqual([{ id: 1 }]);
  });
});
