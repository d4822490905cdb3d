/** Queries on `user`. Emails and usernames match case-insensitively. */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NewUser, UserRow } from '../../db/tables/user.table.js';

/** Finds a user by email (any case), or undefined. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('user')
    .selectAll()
    .where(sql`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
}

/** Finds a user by id, or undefined. */
export function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where('id', '=', id).executeTakeFirst();
}

/** True when a username is taken (any case). */
export async function isUsernameTaken(db: Db, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('user')
    .select('id')
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

/** Inserts a user row. */
export async function insertUser(db: Db, user: NewUser): Promise<void> {
  await db.insertInto('user').values(user).execute();
}

/** Number of accounts (to know whether this is a first start). */
export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('user')
    .select(sql<number>`count(*)`.as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * The user's token version by primary key (one indexed read per authenticated request), or undefined when the
 * account no longer exists.
 */
export async function findTokenVersion(db: Db, id: string): Promise<number | undefined> {
  const row = await db.selectFrom('user').select('token_version').where('id', '=', id).executeTakeFirst();
  return row === undefined ? undefined : Number(row.token_version);
}

/**
 * Raises the user's token version by one, so every token signed before no longer holds.
 * @returns the new version, or undefined when the account does not exist.
 */
export async function raiseTokenVersion(db: Db, id: string): Promise<number | undefined> {
  const row = await db
    .updateTable('user')
    .set((eb) => ({ token_version: eb('token_version', '+', 1) }))
    .where('id', '=', id)
    .returning('token_version')
    .executeTakeFirst();
  return row === undefined ? undefined : Number(row.token_version);
}
