/**
 * Tells a SQLite connection's change clock (db/change-clock.ts) which world's access its own writes change, so a
 * world's kept access row and kept answers outlive writes to other worlds (docs/performance.md, "Writes to one
 * world keep the others' access").
 *
 * A world's access row (access/world-scope.ts) is the world's row, the caller's membership and the caller's token
 * version; nothing else. Temporary triggers on this connection report every insert, update and delete of a world
 * row or a membership (with the world's id) and every change of a token version or removal of a user (every
 * world) to the clock, as the statement runs, whoever's request or batch makes it. Temporary triggers belong to
 * the connection that made them: the reader's connection and other processes have none, and the clock sees
 * their commits through `PRAGMA data_version` as before. PostgreSQL has no clock and needs none of this.
 */
import { type Kysely, sql } from 'kysely';
import type SQLite from 'better-sqlite3';
import { type ChangeClock, changeClockOf } from './change-clock.js';
import type { Database } from './database.js';

/** The SQL function the triggers call: `lf_access_changed(world id)`, or with NULL for every world. */
const ACCESS_CHANGED = 'lf_access_changed';

/** What each trigger watches, and the ids it reports: the world's, or null for every world's. */
const WATCHED: ReadonlyArray<{ name: string; event: string; ids: string[] }> = [
  { name: 'world_insert', event: 'insert on main.world', ids: ['new.id'] },
  { name: 'world_update', event: 'update on main.world', ids: ['old.id', 'new.id'] },
  { name: 'world_delete', event: 'delete on main.world', ids: ['old.id'] },
  { name: 'member_insert', event: 'insert on main.world_member', ids: ['new.world_id'] },
  { name: 'member_update', event: 'update on main.world_member', ids: ['old.world_id', 'new.world_id'] },
  { name: 'member_delete', event: 'delete on main.world_member', ids: ['old.world_id'] },
  { name: 'token_update', event: 'update of token_version on main."user"', ids: ['null'] },
  { name: 'user_delete', event: 'delete on main."user"', ids: ['null'] },
];

/** The triggers' statements; `if not exists` makes a second watch on the same connection harmless. */
const TRIGGERS = WATCHED.map(
  ({ name, event, ids }) =>
    `create temp trigger if not exists lf_access_${name} after ${event} begin ${ids.map((id) => `select ${ACCESS_CHANGED}(${id});`).join(' ')} end`,
);

/**
 * Registers the triggers' SQL function on a connection (db/connect.ts, when it opens).
 * @param sqlite the app's connection.
 * @param clock that connection's change clock, told of each change.
 */
export function registerAccessChanged(sqlite: SQLite.Database, clock: ChangeClock): void {
  sqlite.function(ACCESS_CHANGED, { deterministic: false, varargs: false }, (worldId: unknown) => {
    clock.accessChanged(typeof worldId === 'string' ? worldId : null);
    return null;
  });
}

/** The tables the triggers watch. */
const WATCHED_TABLES = ['world', 'world_member', 'user'];

/**
 * Creates the triggers on the app's SQLite connection and turns world stamps on; does nothing on PostgreSQL or
 * a handle without a clock, nor on a schema without the watched tables (a throwaway database the app is built on
 * only to serve its OpenAPI document), where world stamps stay the same as whole-database ones. Call it once the
 * schema is migrated (plugins/database.ts). Through Kysely, so it waits for the connection like any statement and
 * never runs inside a group of writes.
 * @throws the database's error.
 */
export async function watchAccessRows(db: Kysely<Database>): Promise<void> {
  const clock = changeClockOf(db);
  if (clock === undefined) return;
  const { rows } = await sql<{
    name: string;
  }>`select name from sqlite_master where type = 'table' and name in (${sql.join(WATCHED_TABLES)})`.execute(db);
  if (rows.length < WATCHED_TABLES.length) return;
  for (const trigger of TRIGGERS) await sql.raw(trigger).execute(db);
  clock.watchAccess();
}
