/**
 * The SQLite change clock (db/change-clock.ts) on a real database file, opened as the app opens it: it vouches
 * for "nothing committed since" only when no connection committed anything, its own (a single write, a group of
 * writes, an INSERT … RETURNING) or another process's.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, connectDatabase } from './connect.js';
import { type ChangeClock, changeClockOf } from './change-clock.js';
import { SQLite } from './sqlite-driver.js';

describe('SQLite change clock', () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;
  let clock: ChangeClock;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-change-clock-'));
    file = path.join(dir, 'test.sqlite');
    handle = connectDatabase({ databaseUrl: undefined, sqliteFile: file });
    await sql`create table note (id integer primary key, text text not null)`.execute(handle.db);
    const found = changeClockOf(handle.db);
    if (found === undefined) throw new Error('a SQLite handle has a change clock');
    clock = found;
  });

  afterEach(async () => {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('vouches for a stamp while only reads happen, on this connection and others', async () => {
    const stamp = clock.now();
    await sql`select count(*) from note`.execute(handle.db);
    const reader = new SQLite(file, { readonly: true });
    reader.prepare('select count(*) from note').get();
    reader.close();
    expect(clock.unchangedSince(stamp)).toBe(true);
  });

  it('does not vouch once this connection wrote, alone, in a transaction or with RETURNING', async () => {
    const writes = [
      () => sql`insert into note (text) values ('alone')`.execute(handle.db),
      () => handle.db.transaction().execute((trx) => sql`insert into note (text) values ('grouped')`.execute(trx)),
      () => sql`insert into note (text) values ('returned') returning id`.execute(handle.db),
    ];
    for (const write of writes) {
      const stamp = clock.now();
      await write();
      expect(clock.unchangedSince(stamp)).toBe(false);
      expect(clock.unchangedSince(clock.now())).toBe(true);
    }
  });

  it('does not vouch once another connection to the file committed', () => {
    const stamp = clock.now();
    const other = new SQLite(file);
    other.prepare("insert into note (text) values ('from the CLI')").run();
    other.close();
    expect(clock.unchangedSince(stamp)).toBe(false);
    expect(clock.unchangedSince(clock.now())).toBe(true);
  });

  it("does not vouch for another database's stamp", async () => {
    const second = connectDatabase({ databaseUrl: undefined, sqliteFile: path.join(dir, 'second.sqlite') });
    try {
      const stamp = changeClockOf(second.db)?.now();
      expect(stamp === undefined ? 'no stamp' : clock.unchangedSince(stamp)).toBe(false);
    } finally {
      await second.destroy();
    }
  });
});
