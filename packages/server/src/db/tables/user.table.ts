

/** `user`: an account. Email is stored lower-cased and unique. */
export interface UserTable {
  id: string;
  username: string;
  email: string;
  password_hash: string;
  created_at: string;
  updated_at: string;
}
