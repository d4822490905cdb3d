import { createContext } from 'react';
import type { LoginInput, RegisterInput, User } from '@loreforge/contract';

/** What the auth context offers (SPEC §4 session). */
export interface AuthContextValue {
  /** The signed-in user, or null when signed out. */
  user: User | null;
  /** False after a 401 cleared the token while the user record remains (the session expired). */
  hasToken: boolean;
  /**
   * Signs in and stores token and user. @throws ApiError from the server, or Error with
   * 'Login response did not include token or user.' (SPEC §8).
   */
  login: (input: LoginInput) => Promise<User>;
  /** Registers with an invite code, then signs in. @throws like login, with the registration messages. */
  register: (input: RegisterInput) => Promise<User>;
  /** Clears token, user and cached data. */
  logout: () => void;
}

/** React context of the session; provided by AuthProvider, read with useAuth. */
export const AuthContext = createContext<AuthContextValue | null>(null);
