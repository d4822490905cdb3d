import type { Generated, Insertable, Selectable } from 'kysely';

/** `user`: an account. Email is stored lower-cased and unique. */
export interface UserTable {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  /** Raised by database triggers whenever one of the user's worlds is written (migration 2026_11_23_010000); the worlds list's cache keys on it. */
  world_version: Generated<number>;
  /** Carried by every sign-in token; raised by signing out everywhere, which refuses every older token (migration 2026_11_24_100000). */
  token_version: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** A user row as read. */
export type UserRow = Selectable<UserTable>;

/** A user row to insert (world_version and token_version start at 0). */
export type NewUser = Insertable<UserTable>;
