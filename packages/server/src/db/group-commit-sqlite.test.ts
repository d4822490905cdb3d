/**
 * Group commit on SQLite (db/group-commit-sqlite.ts), on a real database file: concurrent write transactions
 * share COMMITs, and still every caller is answered only once its write is committed, a failing transaction
 * undoes only its own work, and a read outside a transaction only ever sees committed writes.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { SQLite } from './sqlite-driver.js';
import { Kysely, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GROUP_COMMIT_MAX, GroupCommitSqliteDialect } from './group-commit-sqlite.js';
import { withStatementCache } from './connect.js';

interface TestDb {
  note: { id: number; text: string };
}

describe('group commit on SQLite', () => {
  let dir: string;
  let sqlite: BetterSqlite3.Database;
  let db: Kysely<TestDb>;
  /** A second connection, as another process would read the file. */
  let reader: BetterSqlite3.Database;
  let commits = 0;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-group-commit-'));
    const file = path.join(dir, 'test.sqlite');
    sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table note (id integer primary key, text text not null)');
    const cached = withStatementCache(sqlite);
    commits = 0;
    // Counts the physical COMMITs the driver issues; every statement still runs on the real database.
    const counting = {
      close: () => cached.close(),
      prepare: (text: string) => {
        if (text === 'commit') commits += 1;
        return cached.prepare(text);
      },
    };
    db = new Kysely<TestDb>({ dialect: new GroupCommitSqliteDialect({ database: counting, sqlite }) });
    reader = new SQLite(file, { readonly: true });
  });

  afterEach(async () => {
    reader.close();
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const committed = (id: number): boolean => reader.prepare('select 1 from note where id = ?').get(id) !== undefined;

  it('answers each of many concurrent writes only once it is committed, with fewer COMMITs than writes', async () => {
    const seenAtAnswer: boolean[] = [];
    await Promise.all(
      Array.from({ length: 80 }, async (_, i) => {
        await db.transaction().execute(async (trx) => {
          await trx
            .insertInto('note')
            .values({ id: i + 1, text: `note ${i + 1}` })
            .execute();
          await trx
            .selectFrom('note')
            .select('id')
            .where('id', '=', i + 1)
            .execute();
        });
        seenAtAnswer.push(committed(i + 1));
      }),
    );
    expect(seenAtAnswer).toHaveLength(80);
    expect(seenAtAnswer.every(Boolean)).toBe(true);
    expect(commits).toBeLessThan(80);
    expect(commits).toBeGreaterThanOrEqual(Math.ceil(80 / GROUP_COMMIT_MAX));
  });

  it('commits together transactions started one after another in one turn of the event loop, as requests read together are', async () => {
    // Each starts from its own callback, as each request does, and runs its whole transaction before the next starts.
    const writes = await new Promise<Array<Promise<boolean>>>((resolve) => {
      const started: Array<Promise<boolean>> = [];
      for (let i = 0; i < 12; i += 1) {
        setImmediate(() => {
          started.push(
            db
              .transaction()
              .execute((trx) =>
                trx
                  .insertInto('note')
                  .values({ id: i + 1, text: 'x' })
                  .execute(),
              )
              .then(() => committed(i + 1)),
          );
          if (started.length === 12) resolve(started);
        });
      }
    });
    expect(await Promise.all(writes)).toEqual(Array.from({ length: 12 }, () => true));
    expect(commits).toBe(1);
  });

  it('undoes only the failing transaction of a group, and gives its caller the error', async () => {
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        db.transaction().execute(async (trx) => {
          await trx
            .insertInto('note')
            .values({ id: i + 1, text: `note ${i + 1}` })
            .execute();
          if (i === 4) throw new Error('the fifth write fails after inserting');
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array.from({ length: 10 }, (_, i) => (i === 4 ? 'rejected' : 'fulfilled')));
    expect(commits).toBeLessThan(10);
    const ids = reader
      .prepare('select id from note order by id')
      .all()
      .map((row) => (row as { id: number }).id);
    expect(ids).toEqual([1, 2, 3, 4, 6, 7, 8, 9, 10]);
  });

  it('commits a waiting group before a read outside a transaction, so the read sees only committed writes', async () => {
    let written = false;
    const write = db
      .transaction()
      .execute(async (trx) => {
        await trx.insertInto('note').values({ id: 1, text: 'Dorothy takes the Silver Shoes' }).execute();
      })
      .then(() => {
        written = true;
      });
    // Queued behind the transaction; when it runs, the write above has been committed and answered first.
    const read = db
      .selectFrom('note')
      .selectAll()
      .execute()
      .then((rows) => ({ rows, durable: committed(1), writtenFirst: written }));
    const [, seen] = await Promise.all([write, read]);
    expect(seen.rows).toEqual([{ id: 1, text: 'Dorothy takes the Silver Shoes' }]);
    expect(seen.durable).toBe(true);
    expect(commits).toBe(1);
  });

  it('leaves nothing open once the last write is answered', async () => {
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        db
          .insertInto('note')
          .values({ id: i + 1, text: 'x' })
          .execute(),
      ),
    );
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        db.transaction().execute((trx) =>
          trx
            .insertInto('note')
            .values({ id: i + 6, text: 'y' })
            .execute(),
        ),
      ),
    );
    expect(sqlite.inTransaction).toBe(false);
    expect((await sql<{ n: number }>`select count(*) as n from note`.execute(db)).rows[0]?.n).toBe(10);
  });
});
