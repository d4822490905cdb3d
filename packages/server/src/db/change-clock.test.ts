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
import { watchAccessRows } from './access-watch.js';
import { type ChangeClock, changeClockOf } from './change-clock.js';
import { SQLite } from './sqlite-driver.js';

/** A database file opened as the app opens it, with its change clock; `remove` closes and deletes it. */
async function openClockDatabase(): Promise<{ file: string; handle: DatabaseHandle; clock: ChangeClock; remove: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'loreforge-change-clock-'));
  const file = path.join(dir, 'test.sqlite');
  const handle = connectDatabase({ databaseUrl: undefined, sqliteFile: file });
  const clock = changeClockOf(handle.db);
  if (clock === undefined) throw new Error('a SQLite handle has a change clock');
  const remove = async () => {
    await handle.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { file, handle, clock, remove };
}

describe('SQLite change clock', () => {
  let file: string;
  let handle: DatabaseHandle;
  let clock: ChangeClock;
  let remove: () => Promise<void>;

  beforeEach(async () => {
    ({ file, handle, clock, remove } = await openClockDatabase());
    await sql`create table note (id integer primary key, text text not null)`.execute(handle.db);
  });

  afterEach(async () => remove());

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
    const second = connectDatabase({ databaseUrl: undefined, sqliteFile: path.join(path.dirname(file), 'second.sqlite') });
    try {
      const stamp = changeClockOf(second.db)?.now();
      expect(stamp === undefined ? 'no stamp' : clock.unchangedSince(stamp)).toBe(false);
    } finally {
      await second.destroy();
    }
  });
});

describe("SQLite change clock, a world's stamp", () => {
  let file: string;
  let handle: DatabaseHandle;
  let clock: ChangeClock;
  let remove: () => Promise<void>;
  const OZ = '6f0c2c8e-0000-4000-8000-000000000001';
  const EV = '6f0c2c8e-0000-4000-8000-000000000002';

  beforeEach(async () => {
    ({ file, handle, clock, remove } = await openClockDatabase());
    // The columns an access row is read from (access/world-scope.ts), and a table of world content.
    await sql`create table world (id text primary key, name text not null, content_version integer not null default 0)`.execute(handle.db);
    await sql`create table "user" (id text primary key, username text not null, token_version integer not null default 0)`.execute(
      handle.db,
    );
    await sql`create table world_member (world_id text not null, user_id text not null, role text not null)`.execute(handle.db);
    await sql`create table note (id integer primary key, world_id text not null, text text not null)`.execute(handle.db);
    await sql`insert into world (id, name) values (${OZ}, 'Oz'), (${EV}, 'Ev')`.execute(handle.db);
    await sql`insert into "user" (id, username) values ('u1', 'dorothy'), ('u2', 'ozma')`.execute(handle.db);
    await watchAccessRows(handle.db);
  });

  afterEach(async () => remove());

  it("vouches through writes to another world's row, memberships and content, alone or in a transaction", async () => {
    const stamp = clock.nowForWorld(OZ);
    await sql`update world set name = 'Ev of old', content_version = content_version + 1 where id = ${EV}`.execute(handle.db);
    await sql`insert into world_member (world_id, user_id, role) values (${EV}, 'u1', 'editor')`.execute(handle.db);
    await handle.db.transaction().execute((trx) => sql`insert into note (world_id, text) values (${OZ}, 'not an access row')`.execute(trx));
    await sql`update "user" set username = 'dorothy gale' where id = 'u1'`.execute(handle.db);
    expect(clock.unchangedSince(stamp)).toBe(true);
    // A stamp without a world still ends with any write.
    const anyWrite = clock.now();
    await sql`update world set name = 'Ev' where id = ${EV}`.execute(handle.db);
    expect(clock.unchangedSince(anyWrite)).toBe(false);
  });

  it("does not vouch once the world's row or one of its memberships changed, whatever the case of its id", async () => {
    const writes = [
      () => sql`update world set content_version = content_version + 1 where id = ${OZ}`.execute(handle.db),
      () => sql`insert into world_member (world_id, user_id, role) values (${OZ}, 'u1', 'player')`.execute(handle.db),
      () => handle.db.transaction().execute((trx) => sql`update world_member set role = 'editor' where world_id = ${OZ}`.execute(trx)),
      () => sql`delete from world_member where world_id = ${OZ}`.execute(handle.db),
      () => sql`delete from world where id = ${OZ}`.execute(handle.db),
    ];
    for (const write of writes) {
      const stamps = [clock.nowForWorld(OZ), clock.nowForWorld(OZ.toUpperCase())];
      await write();
      expect(stamps.map((stamp) => clock.unchangedSince(stamp))).toEqual([false, false]);
    }
  });

  it("does not vouch for any world once a token's version changed or a user was removed", async () => {
    for (const write of [
      () => sql`update "user" set token_version = token_version + 1 where id = 'u2'`.execute(handle.db),
      () => sql`delete from "user" where id = 'u2'`.execute(handle.db),
    ]) {
      const stamps = [clock.nowForWorld(OZ), clock.nowForWorld(EV)];
      await write();
      expect(stamps.map((stamp) => clock.unchangedSince(stamp))).toEqual([false, false]);
    }
  });

  it('does not vouch for a stamp taken between a change and its commit, once it is committed', async () => {
    let taken: ReturnType<ChangeClock['nowForWorld']> | undefined;
    await handle.db.transaction().execute(async (trx) => {
      await sql`update world set content_version = content_version + 1 where id = ${OZ}`.execute(trx);
      // A read on the reader's connection now would still see the world's row as it was before.
      taken = clock.nowForWorld(OZ);
    });
    expect(taken === undefined ? 'no stamp' : clock.unchangedSince(taken)).toBe(false);
  });

  it('does not vouch once another connection to the file committed, to any world', () => {
    const stamp = clock.nowForWorld(OZ);
    const other = new SQLite(file);
    other.prepare(`insert into note (world_id, text) values ('${EV}', 'from the CLI')`).run();
    other.close();
    expect(clock.unchangedSince(stamp)).toBe(false);
  });
});
