import { useContext } from 'react';
import { AuthContext, type AuthContextValue } from '../session/auth-context';

/**
 * The session: user, login, register, logout (SPEC §4).
 * @throws Error when used outside AuthProvider (a wiring mistake, never a user-facing state).
 */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider.');
  return value;
}
