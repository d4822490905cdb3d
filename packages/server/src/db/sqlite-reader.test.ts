/**
 * SQLite reads on a worker thread (db/sqlite-reader.ts) through the group-commit driver, on a real database file:
 * a read outside a transaction answers from what is committed without waiting for the app's connection, and
 * what the reader cannot serve (bytes, the app's own SQL functions, a stopped reader) still reads right.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SQLite } from './sqlite-driver.js';
import { GroupCommitSqliteDialect } from './group-commit-sqlite.js';
import { APP_PAGE_CACHE_WITH_READER_KIB, connectDatabase, withStatementCache } from './connect.js';
import { READER_PAGE_CACHE_KIB, type SqliteReader, startSqliteReader } from './sqlite-reader.js';

interface TestDb {
  note: { id: number; text: string };
  picture: { id: number; data: Buffer };
}

describe('SQLite reads on a worker thread', () => {
  let dir: string;
  let sqlite: BetterSqlite3.Database;
  let reader: SqliteReader;
  let db: Kysely<TestDb>;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-reader-'));
    const file = path.join(dir, 'test.sqlite');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table note (id integer primary key, text text not null)');
    sqlite.exec('create table picture (id integer primary key, data blob not null)');
    sqlite.function('lf_twice', { deterministic: true }, (value) => Number(value) * 2);
    reader = startSqliteReader(file);
    db = new Kysely<TestDb>({ dialect: new GroupCommitSqliteDialect({ database: withStatementCache(sqlite), sqlite, reader }) });
  });

  afterEach(async () => {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a read outside a transaction from what is committed, while a transaction holds the connection', async () => {
    await db.insertInto('note').values({ id: 1, text: 'committed' }).execute();
    const seenDuring = await db.transaction().execute(async (trx) => {
      await trx.insertInto('note').values({ id: 2, text: 'not yet' }).execute();
      // Without a reader this read would wait for the connection this very transaction holds.
      return db.selectFrom('note').select('text').orderBy('id').execute();
    });
    expect(seenDuring).toEqual([{ text: 'committed' }]);
    const seenAfter = await db.selectFrom('note').select(['id', 'text']).orderBy('id').execute();
    expect(seenAfter).toEqual([
      { id: 1, text: 'committed' },
      { id: 2, text: 'not yet' },
    ]);
  });

  it('reads bytes as a Buffer and runs the app’s own SQL functions, which only its connection has', async () => {
    await db
      .insertInto('picture')
      .values({ id: 1, data: Buffer.from([1, 2, 3]) })
      .execute();
    const [picture] = await db.selectFrom('picture').select('data').execute();
    expect(Buffer.isBuffer(picture?.data)).toBe(true);
    expect([...(picture?.data ?? [])]).toEqual([1, 2, 3]);
    const { rows } = await sql<{ value: number }>`select lf_twice(21) as value`.execute(db);
    expect(rows).toEqual([{ value: 42 }]);
  });

  it('gives SQLite’s own error and code for a statement that fails while it runs on the reader', async () => {
    await db.insertInto('note').values({ id: 1, text: 'not JSON' }).execute();
    const failure = await sql`select json_extract(text, '$.a') as a from note`.execute(db).then(
      () => undefined,
      (error: unknown) => error as { code?: string; message?: string },
    );
    expect(failure?.code).toBe('SQLITE_ERROR');
    expect(failure?.message).toContain('malformed JSON');
  });

  it('keeps a page cache of READER_PAGE_CACHE_KIB, not the 16 MB better-sqlite3 gives every connection', async () => {
    expect(await reader.all('select cache_size from pragma_cache_size()', [])).toEqual([[-READER_PAGE_CACHE_KIB]]);
  });

  it('gives the app’s connection a smaller page cache beside a reader, and keeps better-sqlite3’s 16 MB without one', async () => {
    const cacheSizeOf = async (sqliteReadWorker: boolean): Promise<unknown> => {
      const handle = connectDatabase({
        databaseUrl: undefined,
        sqliteFile: path.join(dir, `app-${sqliteReadWorker}.sqlite`),
        sqliteReadWorker,
      });
      try {
        // A PRAGMA always runs on the app's connection, never on the reader.
        const { rows } = await sql<{ cache_size: number }>`pragma cache_size`.execute(handle.db);
        return rows[0]?.cache_size;
      } finally {
        await handle.destroy();
      }
    };
    expect(await cacheSizeOf(true)).toBe(-APP_PAGE_CACHE_WITH_READER_KIB);
    expect(await cacheSizeOf(false)).toBe(-16000);
  });

  it('copies what is committed into the database file while the app runs, with a reader and without one', async () => {
    const fileSizeAfterWrites = async (sqliteReadWorker: boolean): Promise<number> => {
      const file = path.join(dir, `checkpointed-${sqliteReadWorker}.sqlite`);
      const handle = connectDatabase({ databaseUrl: undefined, sqliteFile: file, sqliteReadWorker });
      try {
        await sql`create table note (id integer primary key, text text not null)`.execute(handle.db);
        for (let batch = 0; batch < 20; batch += 1) {
          const values = Array.from({ length: 50 }, (_, index) => sql`(${batch * 50 + index + 1}, ${'x'.repeat(2000)})`);
          await sql`insert into note (id, text) values ${sql.join(values)}`.execute(handle.db);
        }
        // The app's connection never checkpoints itself (wal_autocheckpoint is 0): only the background checkpoints
        // bring the 2 MB of notes from the WAL into the file.
        const { rows } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(handle.db);
        expect(rows[0]?.wal_autocheckpoint).toBe(0);
        const deadline = Date.now() + 5000;
        while (fs.statSync(file).size < 2_000_000 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
        return fs.statSync(file).size;
      } finally {
        await handle.destroy();
      }
    };
    expect(await fileSizeAfterWrites(true)).toBeGreaterThanOrEqual(2_000_000);
    expect(await fileSizeAfterWrites(false)).toBeGreaterThanOrEqual(2_000_000);
  });

  it('answers reads asked for together each with its own rows, and fails only the one that fails', async () => {
    await db
      .insertInto('note')
      .values(Array.from({ length: 30 }, (_, index) => ({ id: index + 1, text: `note ${index + 1}` })))
      .execute();
    await db.insertInto('note').values({ id: 31, text: 'not JSON' }).execute();
    // Asked for in one turn of the event loop, so they travel to the reader together.
    const reads = Array.from({ length: 30 }, (_, index) => reader.all('select text from note where id = ?', [index + 1]));
    const failing = reader.all("select json_extract(text, '$.a') from note where id = ?", [31]);
    const after = reader.all('select count(*) from note', []);
    expect(await Promise.all(reads)).toEqual(Array.from({ length: 30 }, (_, index) => [[`note ${index + 1}`]]));
    await expect(failing).rejects.toMatchObject({ code: 'SQLITE_ERROR' });
    expect(await after).toEqual([[31]]);
  });

  it('answers a long batch as it goes, not all at its end', async () => {
    // Asked for in one turn, so they travel in one batch; each counts for a while.
    const counting = 'with recursive n(x) as (select 1 union all select x + 1 from n where x < ?) select count(*) from n';
    const first = reader.all(counting, [1_000_000]);
    const second = reader.all(counting, [2_000_000]);
    let turnsBetween = false;
    expect(await first).toEqual([[1_000_000]]);
    // Answered in one message, both would settle in one turn and no callback of a later turn could run between.
    setImmediate(() => (turnsBetween = true));
    expect(await second).toEqual([[2_000_000]]);
    expect(turnsBetween).toBe(true);
  });

  it('answers the reads asked for before it was closed', async () => {
    await db.insertInto('note').values({ id: 1, text: 'asked for in time' }).execute();
    const read = reader.all('select text from note', []);
    await reader.close();
    expect(await read).toEqual([['asked for in time']]);
  });

  it('plans with the statistics as they are once it is opened again, and with those it read until then', async () => {
    sqlite.exec('create table place (id integer primary key, region integer not null, kind integer not null)');
    sqlite.exec('create index place_region_idx on place (region)');
    sqlite.exec('create index place_kind_idx on place (kind)');
    sqlite.exec('analyze');
    // Statistics written by hand: first the region tells places apart, later the kind does.
    const statistics = (region: string, kind: string) => {
      sqlite.exec('delete from sqlite_stat1');
      sqlite
        .prepare("insert into sqlite_stat1 (tbl, idx, stat) values ('place', 'place_region_idx', ?), ('place', 'place_kind_idx', ?)")
        .run(region, kind);
      sqlite.exec('analyze sqlite_schema');
    };
    const plan = async () =>
      (await reader.all('explain query plan select id from place where region = ? and kind = ?', [1, 2]))
        .map((row) => String(row[3]))
        .join(' ');
    statistics('1000000 1', '1000000 100000');
    expect(await plan()).toContain('place_region_idx');

    statistics('1000000 100000', '1000000 1');
    expect(await plan()).toContain('place_region_idx');
    const asked = reader.all('select count(*) from place', []);
    reader.reopen();
    expect(await asked).toEqual([[0]]);
    expect(await plan()).toContain('place_kind_idx');
    expect(await reader.all('select cache_size from pragma_cache_size()', [])).toEqual([[-READER_PAGE_CACHE_KIB]]);
  });

  it('reads on the app’s connection once the reader has stopped', async () => {
    await db.insertInto('note').values({ id: 1, text: 'still here' }).execute();
    await reader.close();
    expect(reader.alive).toBe(false);
    expect(await db.selectFrom('note').select('text').execute()).toEqual([{ text: 'still here' }]);
  });
});
