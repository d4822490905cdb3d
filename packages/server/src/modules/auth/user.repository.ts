/** Queries on `user`. Emails and usernames match case-insensitively. */
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { NewUser, UserRow } from '../../db/tables/user.table.js';

/** Finds a user by email (any case), or undefined. */
export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('user').selectAll().where(sql`lower(email)`, '=', email.toLowerCase()).executeTakeFirst();
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
  const row = await db.selectFrom('user').select(sql<number>`count(*)`.as('count')).executeTakeFirst();
  return Number(row?.count ?? 0);
}
