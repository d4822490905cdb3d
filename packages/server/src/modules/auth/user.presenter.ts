import type { User } from '@loreforge/contract';
import type { UserRow } from '../../db/tables/user.table.js';

/** Presents a user row: never the password hash (SPEC §3 User, issue decisions). */
export const presentUser = (row: Pick<UserRow, 'id' | 'username' | 'email' | 'created_at' | 'updated_at'>): User => ({
  userId: row.id,
  username: row.username,
  email: row.email,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});
